import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';

/** Any path no other route matches is read as a public address to sign in with (docs/wallets.md). */
export const addressRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$',
  component: lazyRouteComponent(() => import('../features/address-login/address-login-page'), 'AddressLoginPage'),
});
