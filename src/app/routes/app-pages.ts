import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { parseDocumentSearch } from '../features/documents/document-search-params';
import { parsePricingSearch } from '../features/pricing/pricing-search';
import { adminTarget, fiatKycTarget, newInvoiceNotice, newInvoiceTarget } from './guards';
import { parseTextSearch } from './list-search';
import { protectedRoute } from './protected';
import { guard } from './redirect-if';
import { everyUser, fullAccess, startLoading } from './start-loading';

const parent = () => protectedRoute;

// Every page's code is loaded when its route is first entered (see docs/performance.md); a signed-out visitor never
// downloads the signed-in screens.
/** /overview (docs/overview.md); opened first, it renders once the answers the shell asked for are in. */
export const overviewRoute = createRoute({
  getParentRoute: parent,
  path: '/overview',
  loader: ({ context: { queryClient } }) =>
    import('../features/overview/overview-queries').then(({ awaitFirstDashboard }) => awaitFirstDashboard(queryClient)),
  component: lazyRouteComponent(() => import('../features/overview/overview-page'), 'OverviewPage'),
});
export { contactsRoute, transactionsRoute } from './data-pages';
/** /wallets (docs/README.md): wallet and exchange cards; ?search= (from the global search) filters them. */
export const walletsRoute = createRoute({
  getParentRoute: parent,
  path: '/wallets',
  validateSearch: parseTextSearch,
  loader: ({ context: { queryClient } }) => {
    startLoading(fullAccess, async () => {
      const [{ walletsListQuery }, { exchangesQuery }] = await Promise.all([
        import('../lib/wallet-queries'),
        import('../features/wallets/wallet-queries'),
      ]);
      return Promise.all([queryClient.ensureQueryData(walletsListQuery()), queryClient.ensureQueryData(exchangesQuery())]);
    });
  },
  component: lazyRouteComponent(() => import('../features/wallets/wallets-page'), 'WalletsPage'),
});
/**
 * /documents (docs/documents.md): the lists' filters and sort live in the URL; ?search= also comes from the global
 * search. The loader starts the first page of the list the page opens on.
 */
export const documentsRoute = createRoute({
  getParentRoute: parent,
  path: '/documents',
  validateSearch: parseDocumentSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps, location }) => {
    startLoading(
      (user) => user.full_access && user.has_wallet,
      async () => {
        const { documentListQuery } = await import('../features/documents/document-shown-filters');
        const tab = deps.tab === 'report' || location.state.openDialog === 'create-report' ? 'report' : 'invoice';
        return queryClient.ensureInfiniteQueryData(documentListQuery(tab, deps));
      },
    );
  },
  component: lazyRouteComponent(() => import('../features/documents/documents-page'), 'DocumentsPage'),
});
/** /new-invoice (docs/invoices.md): the invoice form; { invoiceId } in navigation state edits that draft. */
export const newInvoiceRoute = createRoute({
  getParentRoute: parent,
  path: '/new-invoice',
  beforeLoad: guard(newInvoiceTarget, newInvoiceNotice),
  component: lazyRouteComponent(() => import('../features/new-invoice/new-invoice-page'), 'NewInvoicePage'),
});
/** /invoices/$id (docs/invoices.md); the loader starts fetching the invoice with the page's code. */
export const invoiceRoute = createRoute({
  getParentRoute: parent,
  path: '/invoices/$id',
  loader: ({ context: { queryClient }, params }) => {
    startLoading(everyUser, async () => {
      const { invoiceQuery } = await import('../features/invoices/invoice-queries');
      return queryClient.ensureQueryData(invoiceQuery(params.id));
    });
  },
  component: lazyRouteComponent(() => import('../features/invoices/invoice-page'), 'InvoicePage'),
});
const sectionPages = () => import('../features/placeholder-pages/section-pages');
/** /pricing: the plans; ?payment=success|cancelled when Stripe's checkout sends the subscriber back. */
export const pricingRoute = createRoute({
  getParentRoute: parent,
  path: '/pricing',
  validateSearch: parsePricingSearch,
  component: lazyRouteComponent(() => import('../features/pricing/pricing-page'), 'PricingPage'),
});
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
  component: lazyRouteComponent(sectionPages, 'AdminPage'),
});
