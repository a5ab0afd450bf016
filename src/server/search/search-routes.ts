import type { Hono } from 'hono';
import * as v from 'valibot';
import { API } from '../../shared/api-paths';
import { authOf, requireUser } from '../auth/guards';
import type { AppEnv } from '../http/app-env';
import { queryParams } from '../http/validation';
import type { Services } from '../services';
import { globalSearch } from './global-search';
import { searchParam } from '../lib/search-text';

const searchQuerySchema = v.object({ search: searchParam });

/** GET search?search=: categories of items {id, text} over the user's own data (docs/app-shell.md, docs/search.md). */
export function registerSearchRoutes(app: Hono<AppEnv>, s: Services): void {
  app.get(API.search, requireUser, queryParams(searchQuerySchema), async (c) => {
    const { search } = c.req.valid('query');
    const { user } = authOf(c);
    return c.json(await globalSearch(s.db, user.id, search ?? '', { fullAccess: user.fullAccess }));
  });
}
