import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { lazyNotFoundPage } from './lazy-not-found';
import { shellRoute } from './shell';

export { payInvoicePaymentRoute, payInvoiceRoute } from './pay-invoice-pages';

export const faqRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/faq',
  component: lazyRouteComponent(() => import('../features/faq/faq-page'), 'FaqPage'),
});

export const notFoundRoute = createRoute({
  getParentRoute: () => shellRoute,
  path: '/not-found',
  component: lazyNotFoundPage,
});
