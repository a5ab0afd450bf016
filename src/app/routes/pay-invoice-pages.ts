import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { shellRoute } from './shell';

/**
 * The payer's pages (signed out). Each is a lazily loaded chunk of its own, so a payer downloads neither the
 * signed-in screens nor the wallet code before choosing to pay with a wallet.
 */
export const payInvoiceRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/pay-invoice/$id',
  component: lazyRouteComponent(() => import('../features/pay-invoice/pay-invoice-page'), 'PayInvoicePage'),
});

export const payInvoicePaymentRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/pay-invoice/$id/payment',
  component: lazyRouteComponent(() => import('../features/pay-invoice/payment-page'), 'PaymentPage'),
});
