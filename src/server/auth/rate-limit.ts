import { lt, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { rateLimits } from '../db/schema';
import { tooManyRequests } from '../http/api-error';

/** Sign-in attempts are counted in fixed windows of this length. */
export const LOGIN_WINDOW_MS = 15 * 60_000;
const KEEP_OLD_WINDOWS_MS = 24 * 3600_000;

/**
 * Counts one attempt for `key` in the current fixed window (in the database, so every process shares the
 * count) and throws 429 with Retry-After once more than `limit` attempts fell in the window.
 */
export async function consumeRateLimit(
  db: Database,
  p: { key: string; limit: number; windowMs: number; now: Date },
): Promise<void> {
  const nowMs = p.now.getTime();
  const windowStart = new Date(nowMs - (nowMs % p.windowMs));
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
  if (count > p.limit) {
    const retryAfter = Math.max(1, Math.ceil((windowStart.getTime() + p.windowMs - nowMs) / 1000));
    throw tooManyRequests(retryAfter);
  }
}
