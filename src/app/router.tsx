import { createRouter } from '@tanstack/react-router';
import { RouteError } from './components/route-error';
import { Spinner } from './components/spinner';
import { queryClient } from './lib/query-client';
import './lib/navigation-state';
import { addressRoute } from './routes/address';
import {
  adminRoute,
  contactsRoute,
  documentsRoute,
  fiatPaymentKycRoute,
  invoiceRoute,
  newInvoiceRoute,
  overviewRoute,
  pricingRoute,
  transactionsRoute,
  walletsRoute,
} from './routes/app-pages';
import { authRoute } from './routes/auth';
import { indexRoute } from './routes/index';
import { protectedRoute } from './routes/protected';
import { faqRoute, notFoundRoute, payInvoicePaymentRoute, payInvoiceRoute } from './routes/public-pages';
import { rootRoute } from './routes/root';
import { settingsRoute } from './routes/settings';
import { shellRoute } from './routes/shell';

/** The route table of docs/README.md. */
export const routeTree = rootRoute.addChildren([
  indexRoute,
  authRoute,
  shellRoute.addChildren([
    faqRoute,
    notFoundRoute,
    payInvoiceRoute,
    payInvoicePaymentRoute,
    protectedRoute.addChildren([
      overviewRoute,
      transactionsRoute,
      contactsRoute,
      walletsRoute,
      documentsRoute,
      newInvoiceRoute,
      invoiceRoute,
      pricingRoute,
      settingsRoute,
      fiatPaymentKycRoute,
      adminRoute,
    ]),
  ]),
  addressRoute,
]);

function PendingPage() {
  return (
    <div style={{ display: 'grid', placeItems: 'center', padding: 'var(--space-6)' }}>
      <Spinner label="Loading page" />
    </div>
  );
}

/** The app's router; made once by main.tsx, after the modules have run (see there). */
export const createAppRouter = () =>
  createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    // Data comes from React Query; the router never caches loader results itself.
    defaultPreloadStaleTime: 0,
    defaultErrorComponent: RouteError,
    defaultPendingComponent: PendingPage,
    scrollRestoration: true,
  });

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
