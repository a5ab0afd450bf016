import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { BUSY_RETRY_AFTER_SECONDS, DATABASE_BUSY, isDatabaseBusy } from '../../src/server/http/database-busy';
import { errorHandler } from '../../src/server/http/error-handler';
import type { Logger } from '../../src/server/logging/logger';

const failedQuery = (cause: unknown) => new Error('Failed query: select 1\nparams: ', { cause });

describe('a database that cannot take the request now', () => {
  it('is recognised through the wrapping error of a failed query', () => {
    expect(isDatabaseBusy(failedQuery(new Error('timeout exceeded when trying to connect')))).toBe(true);
    expect(isDatabaseBusy(failedQuery(Object.assign(new Error('sorry, too many clients already'), { code: '53300' })))).toBe(true);
    expect(isDatabaseBusy(new Error('Cannot use a pool after calling end on the pool'))).toBe(true);
    expect(isDatabaseBusy(failedQuery(Object.assign(new Error('duplicate key'), { code: '23505' })))).toBe(false);
    expect(isDatabaseBusy(new Error('something else'))).toBe(false);
    expect(isDatabaseBusy('timeout exceeded when trying to connect')).toBe(false);
  });

  it('is answered 503 with Retry-After and logged as a warning, not as an unhandled error', async () => {
    const logged: string[] = [];
    const logger: Logger = {
      debug: () => undefined,
      info: () => undefined,
      warn: (message) => logged.push(`warn ${message}`),
      error: (message) => logged.push(`error ${message}`),
    };
    const app = new Hono();
    app.get('/busy', () => {
      throw failedQuery(new Error('timeout exceeded when trying to connect'));
    });
    app.get('/broken', () => {
      throw new Error('a bug');
    });
    app.onError(errorHandler(logger));
    const busy = await app.request('/busy');
    expect(busy.status).toBe(503);
    expect(busy.headers.get('Retry-After')).toBe(String(BUSY_RETRY_AFTER_SECONDS));
    expect(await busy.json()).toEqual({ detail: DATABASE_BUSY });
    expect((await app.request('/broken')).status).toBe(500);
    expect(logged).toEqual(['warn Database busy: answering 503', 'error Unhandled error']);
  });
});
