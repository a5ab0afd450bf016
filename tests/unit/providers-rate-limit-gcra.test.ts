import { describe, expect, it } from 'vitest';
import {
  assertRateLimitRule,
  gcraHold,
  gcraIntervalMs,
  gcraReserve,
  gcraToleranceMs,
  type GcraState,
} from '../../src/server/providers/http/gcra';
import { createRateLimiter } from '../../src/server/providers/http/rate-limiter';
import type { RateLimitRule } from '../../src/server/providers/http/rate-limiter';

/** Reserves one slot per time in `at` (epoch ms), threading the state; answers the slots. */
function slotsAt(at: readonly number[], rule: RateLimitRule, start?: GcraState): number[] {
  let state = start;
  return at.map((now) => {
    const reservation = gcraReserve(state, now, rule);
    state = reservation.state;
    return reservation.slotMs;
  });
}

describe('GCRA arithmetic', () => {
  it('derives the interval and the burst tolerance from the rule', () => {
    expect(gcraIntervalMs({ perSecond: 5 })).toBe(200);
    expect(gcraIntervalMs({ perSecond: 0.5 })).toBe(2000);
    expect(gcraToleranceMs({ perSecond: 5 })).toBe(0);
    expect(gcraToleranceMs({ perSecond: 5, burst: 3 })).toBe(400);
    // A burst below 1 is evenly spaced requests.
    expect(gcraToleranceMs({ perSecond: 5, burst: 0 })).toBe(0);
  });

  it('rejects rules without a positive, finite rate', () => {
    for (const perSecond of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => assertRateLimitRule('host|key', { perSecond })).toThrow(RangeError);
    }
    expect(() => assertRateLimitRule('host|key', { perSecond: 0.1 })).not.toThrow();
  });

  it('serves a fresh bucket at once and spaces requests arriving together by one interval', () => {
    expect(slotsAt([1000, 1000, 1000, 1000], { perSecond: 5 })).toEqual([1000, 1200, 1400, 1600]);
  });

  it('lets requests arriving after their slot go at once, without saving up beyond the burst', () => {
    expect(slotsAt([1000, 1100, 5000, 5000], { perSecond: 5 })).toEqual([1000, 1200, 5000, 5200]);
  });

  it('lets a burst through after a quiet spell, then spaces the rest', () => {
    const rule = { perSecond: 1, burst: 3 };
    expect(slotsAt([0, 0, 0, 0, 0], rule)).toEqual([0, 0, 0, 1000, 2000]);
    // After the three at 0, two intervals of quiet refill two of them, three refill all.
    const used = gcraReserve(gcraReserve(gcraReserve(undefined, 0, rule).state, 0, rule).state, 0, rule).state;
    expect(slotsAt([2000, 2000, 2000, 2000], rule, used)).toEqual([2000, 2000, 3000, 4000]);
    expect(slotsAt([3000, 3000, 3000, 3000], rule, used)).toEqual([3000, 3000, 3000, 4000]);
  });

  it('moves the theoretical arrival time on by one interval per reservation', () => {
    const first = gcraReserve(undefined, 1000, { perSecond: 4 });
    expect(first).toEqual({ slotMs: 1000, state: { theoreticalAt: 1250 } });
    const second = gcraReserve(first.state, 1000, { perSecond: 4 });
    expect(second).toEqual({ slotMs: 1250, state: { theoreticalAt: 1500 } });
  });

  it('holds a bucket: nothing before the hold, then one request and even spacing, burst or not', () => {
    const rule = { perSecond: 5, burst: 3 };
    const held = gcraHold(undefined, 1000, 4000);
    expect(held).toEqual({ theoreticalAt: 1000, heldUntil: 4000 });
    expect(slotsAt([1000, 1000, 1000], rule, held)).toEqual([4000, 4200, 4400]);
    // A shorter hold never shortens a longer one.
    expect(gcraHold(held, 1000, 2000).heldUntil).toBe(4000);
    // Once the hold is over the bucket is as before.
    expect(slotsAt([9000, 9000, 9000, 9000], rule, held)).toEqual([9000, 9000, 9000, 9200]);
  });
});

describe('in-memory rate limiter', () => {
  function clock(start: number) {
    let time = start;
    const sleeps: number[] = [];
    return {
      now: () => time,
      sleep: (ms: number) => {
        sleeps.push(ms);
        time += ms;
        return Promise.resolve();
      },
      sleeps,
    };
  }

  it('sleeps until each reserved slot', async () => {
    const c = clock(10_000);
    const limiter = createRateLimiter(c);
    for (let i = 0; i < 4; i++) await limiter.acquire('a|k', { perSecond: 4, burst: 2 });
    expect(c.sleeps).toEqual([250, 250]);
  });

  it('waits out a hold, also on a bucket not used before', async () => {
    const c = clock(10_000);
    const limiter = createRateLimiter(c);
    await limiter.holdUntil('a|k', 12_000);
    await limiter.holdUntil('a|k', 9_000);
    await limiter.acquire('a|k', { perSecond: 10 });
    await limiter.acquire('a|k', { perSecond: 10 });
    expect(c.sleeps).toEqual([2000, 100]);
  });

  it('rejects a rule without a positive rate', async () => {
    const limiter = createRateLimiter(clock(0));
    await expect(limiter.acquire('a|k', { perSecond: 0 })).rejects.toThrow(/a\|k/);
  });
});
