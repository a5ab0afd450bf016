import { lt, or } from 'drizzle-orm';
import type { Config } from '../config/env';
import type { Database } from '../db/database';
import { rateLimits, sessions, signInChallenges } from '../db/schema';

const DAY_MS = 24 * 3600_000;

/**
 * Deletes what can no longer be used: sessions past their absolute or idle limit, sign-in challenges expired
 * for a day, and rate-limit windows older than a day. Requests never depend on it (they check expiry
 * themselves); it only keeps the tables small.
 */
export async function removeExpiredRows(
  db: Database,
  config: Pick<Config, 'sessionIdleHours'>,
  now: Date,
): Promise<void> {
  const idleCutoff = new Date(now.getTime() - config.sessionIdleHours * 3600_000);
  const dayAgo = new Date(now.getTime() - DAY_MS);
  await db.delete(sessions).where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, idleCutoff)));
  await db.delete(signInChallenges).where(lt(signInChallenges.expiresAt, dayAgo));
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, dayAgo));
}
