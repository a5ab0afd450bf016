import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { rateLimits } from '../db/schema';
import { tooManyRequests } from '../http/api-error';

/** Sign-in attempts are counted in fixed windows of this length. */
export const LOGIN_WINDOW_MS = 15 * 60_000;
const KEEP_OLD_WINDOWS_MS = 24 * 3600_000;

/** The start of the fixed window `now` falls in. */
const windowStartOf = (nowMs: number, windowMs: number): Date => new Date(nowMs - (nowMs % windowMs));

function refuse(windowStart: Date, windowMs: number, nowMs: number): never {
  const retryAfter = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - nowMs) / 1000));
  throw tooManyRequests(retryAfter);
}

interface RateLimit {
  key: string;
  limit: number;
  windowMs: number;
  now: Date;
}

/**
 * Counts one attempt for `key` in the current fixed window (in the database, so every process shares the
 * count) and answers how many fell in the window so far.
 */
export async function countAttempt(db: Database, p: Omit<RateLimit, 'limit'>): Promise<number> {
  const nowMs = p.now.getTime();
  const windowStart = windowStartOf(nowMs, p.windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key: p.key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count });
  const count = row?.count ?? 1;
  if (count === 1) {
    // First hit of a window: a good moment to forget windows nobody needs any more.
    await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(nowMs - KEEP_OLD_WINDOWS_MS)));
  }
  return count;
}

/** Counts one attempt for `key` and throws 429 with Retry-After once more than `limit` fell in the window. */
export async function consumeRateLimit(db: Database, p: RateLimit): Promise<void> {
  const count = await countAttempt(db, p);
  const nowMs = p.now.getTime();
  if (count > p.limit) refuse(windowStartOf(nowMs, p.windowMs), p.windowMs, nowMs);
}

/** Throws 429 when `limit` attempts for `key` already fell in the current window; counts nothing. */
export async function checkRateLimit(db: Database, p: RateLimit): Promise<void> {
  const nowMs = p.now.getTime();
  const windowStart = windowStartOf(nowMs, p.windowMs);
  const [row] = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, p.key), eq(rateLimits.windowStart, windowStart)));
  if ((row?.count ?? 0) >= p.limit) refuse(windowStart, p.windowMs, nowMs);
}
