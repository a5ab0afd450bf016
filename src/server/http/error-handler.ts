import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { MESSAGES } from '../../shared/messages';
import type { Logger } from '../logging/logger';
import { ApiError, MALFORMED_JSON } from './api-error';

/**
 * The global error handler: ApiError answers as it says, framework errors keep their 4xx status in the API's
 * shape, and anything else is logged and answered 500 without internals.
 */
export function errorHandler(logger: Logger) {
  return (error: Error, c: Context): Response => {
    if (error instanceof ApiError) return c.json(error.body, error.status, error.headers);
    if (error instanceof HTTPException && error.status < 500) {
      const status = error.status as ContentfulStatusCode;
      if (status === 400) return c.json({ non_field_errors: [MALFORMED_JSON] }, 400);
      return c.json({ detail: error.message || 'Request refused.' }, status);
    }
    logger.error('Unhandled error', { method: c.req.method, path: c.req.path, error });
    return c.json({ detail: MESSAGES.serverError }, 500);
  };
}
