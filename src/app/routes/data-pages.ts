import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { parseTransactionSearch } from '../features/transactions/transaction-search-params';
import { parseListSearch } from './list-search';
import { protectedRoute } from './protected';
import { fullAccess, startLoading } from './start-loading';

/**
 * /transactions (docs/transactions.md): the transaction table; its filters and sort live in the URL, ?search= comes
 * from the global search. The loader starts the list's first page with the page's code.
 */
export const transactionsRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/transactions',
  validateSearch: parseTransactionSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) => {
    startLoading(
      (user) => user.has_wallet,
      async () => {
        const { transactionListQuery } = await import('../features/transactions/transaction-shown-filters');
        return queryClient.ensureInfiniteQueryData(transactionListQuery(deps));
      },
    );
  },
  component: lazyRouteComponent(() => import('../features/transactions/transactions-page'), 'TransactionsPage'),
});

/** /contacts (docs/README.md): the contact cards; ?search= comes from the global search. */
export const contactsRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/contacts',
  validateSearch: parseListSearch,
  loader: ({ context: { queryClient } }) => {
    startLoading(fullAccess, async () => {
      const { contactsQuery } = await import('../features/contacts/contact-queries');
      return queryClient.ensureQueryData(contactsQuery());
    });
  },
  component: lazyRouteComponent(() => import('../features/contacts/contacts-page'), 'ContactsPage'),
});
