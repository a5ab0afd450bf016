import { createRoute } from '@tanstack/react-router';
import { protectedTarget } from './guards';
import { guard } from './redirect-if';
import { prepareSignedInScreens } from './signed-in-setup';
import { shellRoute } from './shell';

/** Pathless guard: the signed-out go to /auth. */
export const protectedRoute = createRoute({
  getParentRoute: () => shellRoute,
  id: 'protected',
  beforeLoad: async () => {
    guard(protectedTarget)();
    await prepareSignedInScreens();
  },
});
