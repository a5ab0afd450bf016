import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { authTarget } from './guards';
import { guard } from './redirect-if';
import { rootRoute } from './root';

export const authRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth',
  beforeLoad: guard(authTarget),
  component: lazyRouteComponent(() => import('../features/auth/login-page'), 'LoginPage'),
});
