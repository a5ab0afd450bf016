import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { CSRF_COOKIE, CSRF_HEADER } from '../../shared/api-paths';
import { ApiError, CSRF_FAILED } from '../http/api-error';
import { csrfBinding } from './cookies';
import { isValidCsrfToken, safeEqual } from './tokens';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Double-submit CSRF check bound to the session: every state-changing request carries the `csrftoken` cookie's
 * value in `X-CSRFToken`, and that token must be signed for the session the request's cookie names.
 */
export function csrfProtection(secretKey: string): MiddlewareHandler {
  return async (c, next) => {
    if (!UNSAFE_METHODS.has(c.req.method)) return next();
    const cookie = getCookie(c, CSRF_COOKIE);
    const header = c.req.header(CSRF_HEADER);
    if (
      cookie === undefined ||
      header === undefined ||
      !safeEqual(cookie, header) ||
      !isValidCsrfToken(secretKey, header, csrfBinding(c))
    ) {
      throw new ApiError(403, { detail: CSRF_FAILED });
    }
    return next();
  };
}
