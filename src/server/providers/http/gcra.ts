/**
 * The arithmetic of the provider rate limits: the generic cell rate algorithm (GCRA), a token bucket kept as
 * one time per bucket. `theoreticalAt` is when the next request would be due if requests were evenly spaced;
 * a request may go up to the burst tolerance before it, and never before `heldUntil` (set after a 429 or an
 * explorer's rate-limit reply). A reservation moves `theoreticalAt` on by one interval, so every request gets
 * its own slot and nothing is ever refused: callers wait for their slot.
 *
 * The in-memory limiter runs these functions; the PostgreSQL one does the same in one SQL statement
 * (see shared-rate-limiter.ts), so both space requests alike.
 */
import type { RateLimitRule } from './rate-limiter';

export interface GcraState {
  /** Epoch ms: when the next request is due at the even pace. */
  theoreticalAt: number;
  /** Epoch ms: no request before this; undefined when never held. */
  heldUntil?: number;
}

export interface GcraReservation {
  /** Epoch ms the request may be sent at (never before `nowMs`). */
  slotMs: number;
  state: GcraState;
}

/** Throws a RangeError unless the rule's rate is a positive, finite number of requests per second. */
export function assertRateLimitRule(id: string, rule: RateLimitRule): void {
  if (!(rule.perSecond > 0) || !Number.isFinite(rule.perSecond)) {
    throw new RangeError(`Rate limit for ${id} must be a positive number of requests per second.`);
  }
}

/** Milliseconds between requests at the rule's average rate. */
export function gcraIntervalMs(rule: RateLimitRule): number {
  return 1000 / rule.perSecond;
}

/** How far ahead of the even pace a request may go: (burst - 1) intervals; burst below 1 counts as 1. */
export function gcraToleranceMs(rule: RateLimitRule): number {
  return (Math.max(1, rule.burst ?? 1) - 1) * gcraIntervalMs(rule);
}

/** Reserves the next slot of a bucket (`state` undefined: a bucket never used, i.e. a full burst). */
export function gcraReserve(state: GcraState | undefined, nowMs: number, rule: RateLimitRule): GcraReservation {
  const interval = gcraIntervalMs(rule);
  const tolerance = gcraToleranceMs(rule);
  const start = Math.max(
    state?.theoreticalAt ?? nowMs,
    nowMs,
    state?.heldUntil === undefined ? -Infinity : state.heldUntil + tolerance,
  );
  return {
    slotMs: Math.max(nowMs, start - tolerance),
    state: { ...state, theoreticalAt: start + interval },
  };
}

/** Holds a bucket until `untilMs`: the next slot is then `untilMs` at the earliest, later ones evenly spaced. */
export function gcraHold(state: GcraState | undefined, nowMs: number, untilMs: number): GcraState {
  return {
    theoreticalAt: state?.theoreticalAt ?? nowMs,
    heldUntil: Math.max(state?.heldUntil ?? -Infinity, untilMs),
  };
}
