import { createRoute, redirect } from '@tanstack/react-router';
import { getStoredUser } from '../lib/session';
import { homeTarget } from './guards';
import { rootRoute } from './root';

export const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: homeTarget(getStoredUser()), replace: true });
  },
});
