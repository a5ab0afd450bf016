import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { parseListSearch } from './list-search';
import { protectedRoute } from './protected';

/** /transactions (docs/README.md): the transaction table; ?search= comes from the global search. */
export const transactionsRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/transactions',
  validateSearch: parseListSearch,
  component: lazyRouteComponent(() => import('../features/transactions/transactions-page'), 'TransactionsPage'),
});

/** /contacts (docs/README.md): the contact cards; ?search= comes from the global search. */
export const contactsRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/contacts',
  validateSearch: parseListSearch,
  component: lazyRouteComponent(() => import('../features/contacts/contacts-page'), 'ContactsPage'),
});
