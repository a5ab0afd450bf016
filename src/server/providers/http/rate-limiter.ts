/**
 * Rate limits per provider host and key. A request reserves its slot at once (so callers are served in
 * arrival order) and waits until the slot falls due; nothing is ever refused. `createRateLimiter` keeps the
 * buckets in this process's memory (the embedded PGlite database, one process); with PostgreSQL every process
 * shares them through the database (see shared-rate-limiter.ts).
 */
import { assertRateLimitRule, gcraHold, gcraReserve, type GcraState } from './gcra';

export interface RateLimitRule {
  /** Requests per second allowed on average. */
  perSecond: number;
  /** Requests allowed back to back after a quiet spell; default 1 (evenly spaced). */
  burst?: number;
}

export interface RateLimiter {
  /** Resolves when the caller may send one request in bucket `id`. */
  acquire(id: string, rule: RateLimitRule): Promise<void>;
  /**
   * Holds the bucket until `untilMs` (epoch ms on the caller's clock; e.g. after a 429 with Retry-After): no
   * request of the bucket goes before it. A limiter that records the hold elsewhere answers a promise.
   */
  holdUntil(id: string, untilMs: number): void | Promise<void>;
}

export interface RateLimiterClock {
  now: () => number;
  sleep: (ms: number) => Promise<void>;
}

/** Buckets in this process's memory. */
export function createRateLimiter(clock: RateLimiterClock): RateLimiter {
  const buckets = new Map<string, GcraState>();
  return {
    async acquire(id, rule) {
      assertRateLimitRule(id, rule);
      const now = clock.now();
      const { slotMs, state } = gcraReserve(buckets.get(id), now, rule);
      buckets.set(id, state);
      if (slotMs > now) await clock.sleep(Math.ceil(slotMs - now));
    },
    holdUntil(id, untilMs) {
      const now = clock.now();
      if (untilMs <= now) return;
      buckets.set(id, gcraHold(buckets.get(id), now, untilMs));
    },
  };
}
