import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';

/** Pathless layout: the top bar and help button around every page but sign-in. */
export const shellRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'shell',
  // Loaded with the first page that has the top bar, so the sign-in page goes without it.
  component: lazyRouteComponent(() => import('../features/shell/app-shell'), 'AppShell'),
});
