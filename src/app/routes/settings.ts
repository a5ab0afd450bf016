import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { protectedRoute } from './protected';
import { parseSettingsSearch } from '../lib/settings-search';

export const settingsRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: '/settings',
  validateSearch: parseSettingsSearch,
  component: lazyRouteComponent(() => import('../features/settings/settings-page'), 'SettingsPage'),
});
