/**
 * Provider rate limits shared by every process on one PostgreSQL database (API servers and `npm run worker`
 * processes), so together they keep within a provider's budget (e.g. Etherscan's 5 requests a second per key).
 *
 * Each bucket is a row of `provider_rate_limits` holding the GCRA state (see gcra.ts). A reservation is one
 * atomic `INSERT ... ON CONFLICT DO UPDATE ... RETURNING`: concurrent reservations of a bucket queue on its
 * row lock, each sees the one before it, and no two get the same slot. The caller then sleeps until its slot.
 *
 * Clocks: every stored time and every slot is on the database's clock (`statement_timestamp()`), the one
 * clock all processes share, so clock skew between machines cannot let a process jump the queue. The local
 * clock only measures durations: the wait (slot minus the database's now, both from the same statement) and
 * the length of a hold (`holdUntil`'s epoch ms on the caller's clock minus the caller's now).
 *
 * Should the database fail to answer, requests fall back to this process's own buckets (logged) rather than
 * fail: a provider's 429s are then handled by the HTTP client's retries.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { providerRateLimits } from '../../db/schema';
import { assertRateLimitRule, gcraIntervalMs, gcraToleranceMs } from './gcra';
import { createRateLimiter, type RateLimiter, type RateLimiterClock, type RateLimitRule } from './rate-limiter';

export interface SharedRateLimiterOptions {
  db: Database;
  /** The caller's clock (the one `holdUntil` times are on). Default: Date.now. */
  now?: () => number;
  /** Default: a timer. */
  sleep?: (ms: number) => Promise<void>;
  logger?: { warn(msg: string, meta?: object): void };
}

export interface Reservation {
  /** Epoch ms on the database's clock when the request may go. */
  slotMs: number;
  /** How long the caller waits for it (0: at once). */
  waitMs: number;
}

export interface SharedRateLimiter extends RateLimiter {
  /** Reserves the next slot of bucket `id` without waiting for it. */
  reserve(id: string, rule: RateLimitRule): Promise<Reservation>;
  holdUntil(id: string, untilMs: number): Promise<void>;
}

const MAX_TIMER_MS = 2_147_483_647;

const defaultSleep = (ms: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, Math.min(ms, MAX_TIMER_MS)));

/** `micros` microseconds as an SQL interval (timestamps keep microseconds). */
const microseconds = (micros: number) => sql`(${micros}::double precision * interval '1 microsecond')`;

/** A timestamp as epoch microseconds (exact: below 2^53 for millennia). */
const epochMicros = (at: ReturnType<typeof sql>) => sql<number>`(extract(epoch from ${at}) * 1000000)::double precision`;

export function createSharedRateLimiter(options: SharedRateLimiterOptions): SharedRateLimiter {
  const { db } = options;
  const clock: RateLimiterClock = { now: options.now ?? Date.now, sleep: options.sleep ?? defaultSleep };
  const fallback = createRateLimiter(clock);
  let failing = false;
  const t = providerRateLimits;
  const dbNow = sql`statement_timestamp()`;

  const databaseFailed = (what: string, error: unknown): void => {
    if (failing) return;
    failing = true;
    options.logger?.warn(`Shared provider rate limits unavailable (${what}); this process limits on its own until the database answers`, { error });
  };

  const reserve = async (id: string, rule: RateLimitRule): Promise<Reservation> => {
    assertRateLimitRule(id, rule);
    const interval = microseconds(Math.round(gcraIntervalMs(rule) * 1000));
    const tolerance = microseconds(Math.round(gcraToleranceMs(rule) * 1000));
    const [row] = await db
      .insert(t)
      // A bucket never used: the slot is now, the next request due one interval later.
      .values({ id, theoreticalAt: sql`${dbNow} + ${interval}`, heldUntil: null, updatedAt: dbNow })
      .onConflictDoUpdate({
        target: t.id,
        set: {
          theoreticalAt: sql`greatest(${t.theoreticalAt}, ${dbNow}, ${t.heldUntil} + ${tolerance}) + ${interval}`,
          updatedAt: dbNow,
        },
      })
      .returning({
        // RETURNING sees the new theoretical time: the reservation's own is one interval earlier.
        slotMicros: epochMicros(sql`greatest(${dbNow}, ${t.theoreticalAt} - ${interval} - ${tolerance})`),
        nowMicros: epochMicros(dbNow),
      });
    if (row === undefined) throw new Error(`No reservation returned for rate-limit bucket ${id}.`);
    failing = false;
    return { slotMs: row.slotMicros / 1000, waitMs: Math.max(0, (row.slotMicros - row.nowMicros) / 1000) };
  };

  return {
    reserve,
    async acquire(id, rule) {
      assertRateLimitRule(id, rule);
      let reservation: Reservation;
      try {
        reservation = await reserve(id, rule);
      } catch (error) {
        databaseFailed('reserve', error);
        return fallback.acquire(id, rule);
      }
      if (reservation.waitMs > 0) await clock.sleep(Math.ceil(reservation.waitMs));
    },
    async holdUntil(id, untilMs) {
      const delayMicros = Math.round((untilMs - clock.now()) * 1000);
      if (delayMicros <= 0) return;
      try {
        await db
          .insert(t)
          .values({ id, theoreticalAt: dbNow, heldUntil: sql`${dbNow} + ${microseconds(delayMicros)}`, updatedAt: dbNow })
          .onConflictDoUpdate({
            target: t.id,
            set: { heldUntil: sql`greatest(${t.heldUntil}, excluded.held_until)`, updatedAt: dbNow },
          });
        failing = false;
      } catch (error) {
        databaseFailed('hold', error);
        await fallback.holdUntil(id, untilMs);
      }
    },
  };
}
