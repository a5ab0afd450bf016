import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { OverviewPage } from '../features/overview/overview-page';
import { AdminPage, PricingPage } from '../features/placeholder-pages/section-pages';
import { adminTarget, fiatKycTarget, newInvoiceTarget } from './guards';
import { parseTextSearch } from './list-search';
import { protectedRoute } from './protected';
import { guard } from './redirect-if';

const parent = () => protectedRoute;

// The landing page after every sign-in is part of the first bundle (its chart is still loaded lazily).
export const overviewRoute = createRoute({ getParentRoute: parent, path: '/overview', component: OverviewPage });
export { contactsRoute, transactionsRoute } from './data-pages';
/** /wallets (spec §2): wallet and exchange cards; ?search= (from the global search) filters them. */
export const walletsRoute = createRoute({
  getParentRoute: parent,
  path: '/wallets',
  validateSearch: parseTextSearch,
  component: lazyRouteComponent(() => import('../features/wallets/wallets-page'), 'WalletsPage'),
});
/** /documents: ?search= from the global search is accepted and kept for the documents list. */
export const documentsRoute = createRoute({
  getParentRoute: parent,
  path: '/documents',
  validateSearch: parseTextSearch,
  component: lazyRouteComponent(() => import('../features/documents/documents-page'), 'DocumentsPage'),
});
/** /new-invoice (spec §2 New invoice): the invoice form; { invoiceId } in navigation state edits that draft. */
export const newInvoiceRoute = createRoute({
  getParentRoute: parent,
  path: '/new-invoice',
  beforeLoad: guard(newInvoiceTarget),
  component: lazyRouteComponent(() => import('../features/new-invoice/new-invoice-page'), 'NewInvoicePage'),
});
/** /invoices/$id (spec §2 Invoice view and payment). */
export const invoiceRoute = createRoute({
  getParentRoute: parent,
  path: '/invoices/$id',
  component: lazyRouteComponent(() => import('../features/invoices/invoice-page'), 'InvoicePage'),
});
export const pricingRoute = createRoute({ getParentRoute: parent, path: '/pricing', component: PricingPage });
export const fiatPaymentKycRoute = createRoute({
  getParentRoute: parent,
  path: '/fiat-payment-kyc',
  beforeLoad: guard(fiatKycTarget),
  // The registration and its verification widget load only when opened.
  component: lazyRouteComponent(() => import('../features/ftc'), 'FiatKycPage'),
});
export const adminRoute = createRoute({
  getParentRoute: parent,
  path: '/admin',
  beforeLoad: guard(adminTarget),
  component: AdminPage,
});
