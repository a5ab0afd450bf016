import type { Hono } from 'hono';
import type { AppEnv } from '../../../src/server/http/app-env';

/** A route as Hono registers it: `METHOD /path`, with `:param` placeholders (e.g. `PATCH /api/wallets/:id`). */
export type RouteKey = `${'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} /api/${string}`;

/**
 * Every API route the app answers, once each and sorted: middleware (`ALL /api/*`), the 405 fallbacks that
 * answerMethodNotAllowed adds (`ALL <path>`) and the static files outside /api are left out.
 */
export function registeredApiRoutes(app: Hono<AppEnv>): string[] {
  const keys = new Set<string>();
  for (const route of app.routes) {
    if (route.method === 'ALL' || !route.path.startsWith('/api/')) continue;
    keys.add(`${route.method} ${route.path}`);
  }
  return [...keys].sort();
}

/** The registered routes a test's list does not name, and the listed ones the app no longer has. */
export function compareRoutes(
  app: Hono<AppEnv>,
  listed: readonly string[],
): { unlisted: string[]; stale: string[] } {
  const registered = registeredApiRoutes(app);
  const known = new Set(listed);
  const present = new Set(registered);
  return {
    unlisted: registered.filter((key) => !known.has(key)),
    stale: [...known].filter((key) => !present.has(key)).sort(),
  };
}

/** The path to request for a route key: each `:param` replaced by `id` (URL-encoded). */
export function pathOf(key: RouteKey, id = ''): string {
  const path = key.slice(key.indexOf(' ') + 1);
  return path.replace(/:[A-Za-z_]+/g, () => encodeURIComponent(id));
}

export const methodOf = (key: RouteKey): string => key.slice(0, key.indexOf(' '));
