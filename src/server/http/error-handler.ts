import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { MESSAGES } from '../../shared/messages';
import type { Logger } from '../logging/logger';
import { ApiError, MALFORMED_JSON } from './api-error';
import { BUSY_RETRY_AFTER_SECONDS, DATABASE_BUSY, isDatabaseBusy } from './database-busy';

/**
 * The global error handler: ApiError answers as it says, framework errors keep their 4xx status in the API's
 * shape, a database that cannot take the request now (overload, shutting down) answers 503 with Retry-After,
 * and anything else is logged and answered 500 without internals.
 */
export function errorHandler(logger: Logger) {
  let busySince = 0;
  let busyCount = 0;
  return (error: Error, c: Context): Response => {
    if (error instanceof ApiError) return c.json(error.body, error.status, error.headers);
    if (error instanceof HTTPException && error.status < 500) {
      const status = error.status as ContentfulStatusCode;
      if (status === 400) return c.json({ non_field_errors: [MALFORMED_JSON] }, 400);
      return c.json({ detail: error.message || 'Request refused.' }, status);
    }
    if (isDatabaseBusy(error)) {
      // One line per second at most while it lasts, with how many requests were turned away.
      busyCount += 1;
      const now = Date.now();
      if (now - busySince >= 1000) {
        logger.warn('Database busy: answering 503', { turnedAway: busyCount, path: c.req.path });
        busySince = now;
        busyCount = 0;
      }
      return c.json({ detail: DATABASE_BUSY }, 503, { 'Retry-After': String(BUSY_RETRY_AFTER_SECONDS) });
    }
    logger.error('Unhandled error', { method: c.req.method, path: c.req.path, error });
    return c.json({ detail: MESSAGES.serverError }, 500);
  };
}
