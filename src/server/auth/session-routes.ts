import type { Hono } from 'hono';
import { authEndpoints } from '../../shared/contract/auth';
import type { AppEnv } from '../http/app-env';
import { route } from '../http/route';
import type { Services } from '../services';
import { currentCsrfToken, issueCsrfCookie } from './cookies';
import { endSession } from './session';

/** GET csrf (the token for the current session, issued when missing) and POST logout. */
export function registerSessionRoutes(app: Hono<AppEnv>, s: Services): void {
  route(app, s, authEndpoints.csrf, (c) => {
    // Without a live session the token is bound to '' (a dead session cookie was just cleared).
    const binding = c.get('auth')?.sessionId ?? '';
    const token =
      c.get('issuedCsrfToken') ??
      currentCsrfToken(c, s.config, binding) ??
      issueCsrfCookie(c, s.config, binding);
    c.header('Cache-Control', 'no-store');
    return { csrf_token: token };
  });

  route(app, s, authEndpoints.logout, async (c) => {
    await endSession(c, s);
    return c.body(null, 204);
  });
}
