import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { shellRoute } from './shell';

export const faqRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/faq',
  component: lazyRouteComponent(() => import('../features/faq/faq-page'), 'FaqPage'),
});

export const notFoundRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/not-found',
  component: NotFoundPage,
});

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
