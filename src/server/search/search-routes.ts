import type { Hono } from 'hono';
import { searchEndpoints } from '../../shared/contract/search';
import { authOf } from '../http/guards';
import type { AppEnv } from '../http/app-env';
import { route } from '../http/route';
import type { Services } from '../services';
import { globalSearch } from './global-search';

/** GET search?search=: categories of items {id, text} over the user's own data (docs/app-shell.md, docs/search.md). */
export function registerSearchRoutes(app: Hono<AppEnv>, s: Services): void {
  route(app, s, searchEndpoints.search, async (c, { query }) => {
    const { user } = authOf(c);
    return globalSearch(s.db, user.id, query.search ?? '', { fullAccess: user.fullAccess });
  });
}
