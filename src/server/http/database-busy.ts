/**
 * Errors that say the database cannot take the request now, rather than that the request is wrong: the pool gave
 * no connection in time (overload), the server refuses connections (too many, starting or stopping), or the
 * database is closing with the process. They are answered 503 with Retry-After, not logged as failures.
 */

/** The answer's detail. */
export const DATABASE_BUSY = 'The server is busy. Please try again in a few seconds.';

/** Seconds a client is asked to wait before trying again. */
export const BUSY_RETRY_AFTER_SECONDS = 5;

/** PostgreSQL error codes of a server that cannot take connections now. */
const BUSY_CODES = new Set(['53300', '57P01', '57P03']);

const BUSY_MESSAGES = [
  // pg-pool, when no connection frees up within connectionTimeoutMillis
  'timeout exceeded when trying to connect',
  // pg-pool after end() (the process is stopping)
  'Cannot use a pool after calling end on the pool',
  // the connection dropped mid-query
  'Connection terminated',
  // PGlite's thread once closed
  'The database thread stopped',
];

/** Whether `error` (or an error it wraps, as Drizzle's failed queries do) says the database is busy or stopping. */
export function isDatabaseBusy(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && BUSY_CODES.has(code)) return true;
    if (BUSY_MESSAGES.some((text) => current instanceof Error && current.message.includes(text))) return true;
  }
  return false;
}
