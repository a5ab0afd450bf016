import { createRoute } from '@tanstack/react-router';
import { AppShell } from '../components/app-shell';
import { rootRoute } from './root';

/** Pathless layout: the top bar and help button around every page but sign-in. */
export const shellRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'shell',
  component: AppShell,
});
