/**
 * The sign-in client: an opaque random token in an HttpOnly, SameSite=Lax cookie, given to a browser when it
 * first asks for a wallet sign-in challenge. Challenges belong to the client that asked for them and failed
 * proofs count against that client, so nobody else can use, spend or lock them (see docs/security.md).
 */
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { Config } from '../config/env';
import { newSessionToken, sessionIdOf } from '../auth/tokens';

export const SIGN_IN_CLIENT_COOKIE = 'signin_client';
/** A day: long enough for any sign-in, short enough not to follow the browser around. */
const SIGN_IN_CLIENT_MAX_AGE_SECONDS = 24 * 3600;
/** What newSessionToken yields: 32 bytes in base64url. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The hash of the request's sign-in client cookie, or undefined when it has none (or a malformed one). */
export function signInClientOf(c: Context): string | undefined {
  const token = getCookie(c, SIGN_IN_CLIENT_COOKIE);
  return token !== undefined && TOKEN_SHAPE.test(token) ? sessionIdOf(token) : undefined;
}

/** The request's sign-in client (hash), giving the browser a new cookie when it has none. */
export function ensureSignInClient(c: Context, config: Pick<Config, 'secureCookies'>): string {
  const existing = signInClientOf(c);
  if (existing !== undefined) return existing;
  const token = newSessionToken();
  setCookie(c, SIGN_IN_CLIENT_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
    secure: config.secureCookies,
    maxAge: SIGN_IN_CLIENT_MAX_AGE_SECONDS,
  });
  return sessionIdOf(token);
}
