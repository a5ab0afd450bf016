import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { parseListSearch } from './list-search';
import { protectedRoute } from './protected';

/** /transactions (spec §2): the transaction table; ?search= comes from the global search. */
export const transactionsRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/transactions',
  validateSearch: parseListSearch,
  component: lazyRouteComponent(() => import('../features/transactions/transactions-page'), 'TransactionsPage'),
});

/** /contacts (spec §2): the contact cards; ?search= comes from the global search. */
export const contactsRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/contacts',
  validateSearch: parseListSearch,
  component: lazyRouteComponent(() => import('../features/contacts/contacts-page'), 'ContactsPage'),
});
