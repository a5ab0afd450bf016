/**
 * Token buckets, one per provider host and key. A request reserves a token at once (so callers are
 * served in arrival order) and waits until the reservation falls due; nothing is ever refused.
 */

export interface RateLimitRule {
  /** Requests per second allowed on average. */
  perSecond: number;
  /** Requests allowed back to back after a quiet spell; default 1 (evenly spaced). */
  burst?: number;
}

export interface RateLimiter {
  /** Resolves when the caller may send one request in bucket `id`. */
  acquire(id: string, rule: RateLimitRule): Promise<void>;
  /** Holds the bucket until `untilMs` (e.g. after a 429 with Retry-After). */
  holdUntil(id: string, untilMs: number): void;
}

interface Bucket {
  tokens: number;
  updatedAt: number;
  rate: number;
  capacity: number;
}

export function createRateLimiter(clock: {
  now: () => number;
  sleep: (ms: number) => Promise<void>;
}): RateLimiter {
  const buckets = new Map<string, Bucket>();

  function bucketFor(id: string, rule: RateLimitRule): Bucket {
    if (!(rule.perSecond > 0) || !Number.isFinite(rule.perSecond)) {
      throw new RangeError(`Rate limit for ${id} must be a positive number of requests per second.`);
    }
    const capacity = Math.max(1, rule.burst ?? 1);
    let bucket = buckets.get(id);
    if (!bucket) {
      bucket = { tokens: capacity, updatedAt: clock.now(), rate: rule.perSecond, capacity };
      buckets.set(id, bucket);
    } else {
      bucket.rate = rule.perSecond;
      bucket.capacity = capacity;
    }
    return bucket;
  }

  function refill(bucket: Bucket): void {
    const now = clock.now();
    const elapsed = Math.max(0, now - bucket.updatedAt);
    bucket.tokens = Math.min(bucket.capacity, bucket.tokens + (elapsed * bucket.rate) / 1000);
    bucket.updatedAt = now;
  }

  return {
    async acquire(id, rule) {
      const bucket = bucketFor(id, rule);
      refill(bucket);
      bucket.tokens -= 1;
      if (bucket.tokens < 0) {
        await clock.sleep(Math.ceil((-bucket.tokens * 1000) / bucket.rate));
      }
    },
    holdUntil(id, untilMs) {
      const bucket = buckets.get(id);
      if (!bucket) return;
      refill(bucket);
      const waitMs = untilMs - clock.now();
      if (waitMs <= 0) return;
      // The next reservation (tokens - 1) then falls due exactly at untilMs.
      bucket.tokens = Math.min(bucket.tokens, 1 - (waitMs * bucket.rate) / 1000);
    },
  };
}
