import { createMiddleware } from 'hono/factory';
import type { AppEnv, AuthState } from './app-env';
import { forbidden, notAuthenticated } from './api-error';
import type { Context } from 'hono';

/** 401 without a valid session. */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  if (c.get('auth') === null) throw notAuthenticated();
  return next();
});

/** 401 without a session; 403 for read-only guests (address-only and demo users). */
export const requireFullAccess = createMiddleware<AppEnv>(async (c, next) => {
  const auth = c.get('auth');
  if (auth === null) throw notAuthenticated();
  if (!auth.user.fullAccess) throw forbidden();
  return next();
});

/** The signed-in user of a route behind requireUser / requireFullAccess. */
export function authOf(c: Context<AppEnv>): AuthState {
  const auth = c.get('auth');
  if (auth === null) throw notAuthenticated();
  return auth;
}
