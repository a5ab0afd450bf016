import type { Hono } from 'hono';
import type { AppEnv } from './app-env';
import { methodNotAllowed } from './api-error';

/**
 * After every /api route is registered: a path that exists, asked with a method it does not support,
 * answers 405 with an Allow header instead of 404.
 */
export function answerMethodNotAllowed(app: Hono<AppEnv>): void {
  const methodsByPath = new Map<string, Set<string>>();
  for (const route of app.routes) {
    if (route.method === 'ALL' || !route.path.startsWith('/api/')) continue;
    const methods = methodsByPath.get(route.path) ?? new Set<string>();
    methods.add(route.method);
    if (route.method === 'GET') methods.add('HEAD');
    methodsByPath.set(route.path, methods);
  }
  for (const [path, methods] of methodsByPath) {
    const allowed = [...methods].sort();
    app.all(path, (c) => {
      throw methodNotAllowed(c.req.method, allowed);
    });
  }
}
