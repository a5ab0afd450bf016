import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { CSRF_COOKIE, SESSION_COOKIE } from '../../shared/api-paths';
import type { Config } from '../config/env';
import type { AppEnv } from '../http/app-env';
import { isValidCsrfToken, newCsrfToken, sessionIdOf } from './tokens';

type CookieConfig = Pick<Config, 'secureCookies' | 'secretKey' | 'sessionMaxDays'>;

const CSRF_MAX_AGE_SECONDS = 365 * 24 * 3600;

/** The session binding of a request's CSRF token: the session id named by its session cookie, or ''. */
export function csrfBinding(c: Context): string {
  const token = getCookie(c, SESSION_COOKIE);
  return token === undefined || token === '' ? '' : sessionIdOf(token);
}

export function setSessionCookie(c: Context, config: CookieConfig, token: string): void {
  setCookie(c, SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
    secure: config.secureCookies,
    maxAge: config.sessionMaxDays * 24 * 3600,
  });
}

export function clearSessionCookie(c: Context, config: CookieConfig): void {
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: config.secureCookies });
}

/** Sets a fresh `csrftoken` cookie (readable by the PWA) bound to `sessionId` and returns the token. */
export function issueCsrfCookie(c: Context<AppEnv>, config: CookieConfig, sessionId: string): string {
  const token = newCsrfToken(config.secretKey, sessionId);
  c.set('issuedCsrfToken', token);
  setCookie(c, CSRF_COOKIE, token, {
    path: '/',
    httpOnly: false,
    sameSite: 'Lax',
    secure: config.secureCookies,
    maxAge: CSRF_MAX_AGE_SECONDS,
  });
  return token;
}

/** The request's csrftoken cookie when it is valid for `sessionId`. */
export function currentCsrfToken(c: Context, config: CookieConfig, sessionId: string): string | undefined {
  const token = getCookie(c, CSRF_COOKIE);
  return token !== undefined && isValidCsrfToken(config.secretKey, token, sessionId) ? token : undefined;
}
