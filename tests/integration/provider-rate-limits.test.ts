/**
 * Provider rate limits shared through the database: two limiters on two connection pools (as two processes
 * have) share one bucket space. Assertions are on the reserved slots (database clock, microseconds) and on
 * the waits handed to an injected sleep, never on wall-clock sleeps.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenDatabase } from '../../src/server/db/client';
import { providerRateLimits } from '../../src/server/db/schema';
import { createLogger } from '../../src/server/logging/logger';
import { gcraReserve, type GcraState } from '../../src/server/providers/http/gcra';
import { createHttpClient } from '../../src/server/providers/http/http-client';
import { providerRateLimiterFor } from '../../src/server/providers/http/provider-rate-limiter';
import {
  createSharedRateLimiter,
  type Reservation,
  type SharedRateLimiter,
  type SharedRateLimiterOptions,
} from '../../src/server/providers/http/shared-rate-limiter';
import { createSyncDeps } from '../../src/server/sync/sync-deps';
import { startProviderServer } from '../fixtures/provider-server';
import { availableDrivers } from './helpers/drivers';
import { testConfig } from './helpers/suite';
import { openTestDatabase, type TestDatabase } from './helpers/test-database';

/** A slot in whole microseconds (the database's resolution), so spacing compares exactly. */
const micros = (ms: number): number => Math.round(ms * 1000);

/** Sorted slots' gaps in microseconds. */
function gaps(reservations: readonly Reservation[]): number[] {
  const slots = reservations.map((r) => micros(r.slotMs)).sort((a, b) => a - b);
  return slots.slice(1).map((slot, i) => slot - (slots[i] ?? slot));
}

/** A limiter whose sleeps are recorded and return at once. */
function recordingLimiter(options: Omit<SharedRateLimiterOptions, 'sleep'>): { limiter: SharedRateLimiter; sleeps: number[] } {
  const sleeps: number[] = [];
  const limiter = createSharedRateLimiter({
    ...options,
    sleep: (ms) => {
      sleeps.push(ms);
      return Promise.resolve();
    },
  });
  return { limiter, sleeps };
}

let bucketCounter = 0;
const newBucket = (): string => `api.example.test|bucket-${String((bucketCounter += 1))}`;

describe.each(availableDrivers())('provider rate limits shared through %s', (kind) => {
  let database: TestDatabase;
  /** PostgreSQL: a second pool on the same database (another process); PGlite: the same database. */
  let other: OpenDatabase | undefined;
  const second = () => other?.db ?? database.db;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    if (kind === 'postgres') {
      other = await openDatabase({ databaseUrl: database.url, dataDir: '' }, { poolSize: 3 });
    }
  });
  afterAll(async () => {
    await other?.close();
    await database.close();
  });

  it('spaces the reservations of two limiters on separate pools at the rule rate in total', async () => {
    const a = createSharedRateLimiter({ db: database.db });
    const b = createSharedRateLimiter({ db: second() });
    const id = newBucket();
    const rule = { perSecond: 5 };
    const reservations = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? a : b).reserve(id, rule)),
    );
    const spacing = gaps(reservations);
    expect(spacing).toHaveLength(9);
    // No two requests closer than 1/5 s, whichever limiter reserved them: ten take at least 1.8 s.
    for (const gap of spacing) expect(gap).toBeGreaterThanOrEqual(200_000);
    expect(spacing.reduce((sum, gap) => sum + gap, 0)).toBeGreaterThanOrEqual(1_800_000);

    // At a slow rate every reservation lands well before its slot, so the spacing is exactly one interval.
    const slowId = newBucket();
    const slow = [];
    for (let i = 0; i < 6; i++) slow.push(await (i % 2 === 0 ? b : a).reserve(slowId, { perSecond: 0.1 }));
    expect(gaps(slow)).toEqual([10_000_000, 10_000_000, 10_000_000, 10_000_000, 10_000_000]);
    expect(slow[0]?.waitMs).toBe(0);
    // Each waits for its own slot: the last one about 50 s.
    expect(slow[5]?.waitMs).toBeGreaterThan(49_000);
    expect(slow[5]?.waitMs).toBeLessThanOrEqual(50_000);
  });

  it('lets a burst through at once, then spaces the rest', async () => {
    const a = createSharedRateLimiter({ db: database.db });
    const b = createSharedRateLimiter({ db: second() });
    const id = newBucket();
    const rule = { perSecond: 0.1, burst: 3 };
    const reservations = [];
    for (let i = 0; i < 5; i++) reservations.push(await (i % 2 === 0 ? a : b).reserve(id, rule));
    expect(reservations.slice(0, 3).map((r) => r.waitMs)).toEqual([0, 0, 0]);
    const first = micros(reservations[0]?.slotMs ?? 0);
    expect(reservations.slice(3).map((r) => micros(r.slotMs) - first)).toEqual([10_000_000, 20_000_000]);
  });

  it('reserves the same slots as the GCRA arithmetic, given the database times of the reservations', async () => {
    const a = createSharedRateLimiter({ db: database.db });
    const b = createSharedRateLimiter({ db: second() });
    const id = newBucket();
    const rule = { perSecond: 20, burst: 3 };
    const reservations: Reservation[] = [];
    for (let i = 0; i < 12; i++) {
      reservations.push(await (i % 3 === 0 ? b : a).reserve(id, rule));
      // Quiet spells now and then, so some reservations find a partly refilled bucket.
      if (i % 4 === 3) await new Promise((resolve) => setTimeout(resolve, 70));
    }
    let state: GcraState | undefined;
    const expected = reservations.map((r) => {
      const next = gcraReserve(state, micros(r.slotMs - r.waitMs) / 1000, rule);
      state = next.state;
      return micros(next.slotMs);
    });
    expect(reservations.map((r) => micros(r.slotMs))).toEqual(expected);
  });

  it('acquire sleeps until the reserved slot', async () => {
    const a = recordingLimiter({ db: database.db });
    const b = recordingLimiter({ db: second() });
    const id = newBucket();
    const rule = { perSecond: 0.1 };
    await a.limiter.acquire(id, rule);
    await b.limiter.acquire(id, rule);
    await a.limiter.acquire(id, rule);
    expect(a.sleeps).toHaveLength(1);
    expect(a.sleeps[0]).toBeGreaterThan(19_000);
    expect(a.sleeps[0]).toBeLessThanOrEqual(20_000);
    expect(b.sleeps).toHaveLength(1);
    expect(b.sleeps[0]).toBeGreaterThan(9_000);
    expect(b.sleeps[0]).toBeLessThanOrEqual(10_000);
  });

  it('holds the bucket for every limiter after one of them is told to wait', async () => {
    const localNow = 5_000_000;
    const a = createSharedRateLimiter({ db: database.db, now: () => localNow });
    const b = createSharedRateLimiter({ db: second() });
    const id = newBucket();
    const rule = { perSecond: 5 };
    await b.reserve(id, rule);

    await a.holdUntil(id, localNow + 30_000);
    // A shorter hold later does not shorten it; one in the past is nothing.
    await a.holdUntil(id, localNow + 1_000);
    await a.holdUntil(id, localNow - 1_000);
    const [row] = await second().select().from(providerRateLimits).where(eq(providerRateLimits.id, id));
    const heldUntil = micros(row?.heldUntil?.getTime() ?? 0);

    const next = await b.reserve(id, rule);
    // Held for 30 s on the database's clock from the hold: the Date read back keeps whole milliseconds.
    expect(Math.abs(micros(next.slotMs) - heldUntil)).toBeLessThan(1000);
    expect(next.waitMs).toBeGreaterThan(29_000);
    expect(next.waitMs).toBeLessThanOrEqual(30_000);
    const after = await a.reserve(id, rule);
    expect(micros(after.slotMs) - micros(next.slotMs)).toBe(200_000);

    // A bucket nobody used yet is held too (another process may use it first).
    const fresh = newBucket();
    await a.holdUntil(fresh, localNow + 10_000);
    const first = await b.reserve(fresh, { perSecond: 1, burst: 5 });
    expect(first.waitMs).toBeGreaterThan(9_000);
    expect(await a.holdUntil(fresh, localNow)).toBeUndefined();
  });

  it('never gives two concurrent reservations the same slot', async () => {
    const limiters = [
      createSharedRateLimiter({ db: database.db }),
      createSharedRateLimiter({ db: second() }),
      createSharedRateLimiter({ db: database.db }),
      createSharedRateLimiter({ db: second() }),
    ];
    const id = newBucket();
    const reservations = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (limiters[i % limiters.length] as SharedRateLimiter).reserve(id, { perSecond: 2 })),
    );
    expect(new Set(reservations.map((r) => micros(r.slotMs))).size).toBe(40);
    for (const gap of gaps(reservations)) expect(gap).toBeGreaterThanOrEqual(500_000);
  });

  it('rejects a rule without a positive rate', async () => {
    const a = createSharedRateLimiter({ db: database.db });
    await expect(a.acquire('x|y', { perSecond: 0 })).rejects.toThrow(RangeError);
  });

  it('a Retry-After one client gets holds the other client, on another pool, too', async () => {
    const server = await startProviderServer({
      'GET /limited': [
        { source: 'synthetic', note: 'A 429 asking to wait 30 s.', status: 429, headers: { 'retry-after': '30' }, body: {} },
        { source: 'synthetic', note: 'The answer after the wait.', body: { ok: true } },
      ],
      'GET /other': { source: 'synthetic', note: 'Any answer.', body: { ok: true } },
    });
    try {
      const noSleep = () => Promise.resolve();
      const a = recordingLimiter({ db: database.db });
      const b = recordingLimiter({ db: second() });
      const quiet = { warn: () => undefined };
      const clientA = createHttpClient({ rateLimiter: a.limiter, sleep: noSleep, logger: quiet });
      const clientB = createHttpClient({ rateLimiter: b.limiter, sleep: noSleep, logger: quiet });
      const rateLimit = { key: 'shared', perSecond: 5 };
      expect(await clientA.getJson({ url: `${server.url}/limited`, rateLimit })).toEqual({ ok: true });
      // A's retry waited for the hold it set.
      expect(a.sleeps.at(-1)).toBeGreaterThan(29_000);
      expect(await clientB.getJson({ url: `${server.url}/other`, rateLimit })).toEqual({ ok: true });
      // B, which never saw the 429, waits for the held bucket too.
      expect(b.sleeps).toHaveLength(1);
      expect(b.sleeps[0]).toBeGreaterThan(29_000);
      expect(server.count('/limited')).toBe(2);
    } finally {
      await server.close();
    }
  });

  it('is what the sync dependencies use on PostgreSQL; PGlite keeps the buckets in memory', async () => {
    const server = await startProviderServer({ '/esplora/address/:address': 'esplora/address.json' });
    try {
      const config = testConfig({
        ESPLORA_BASE_URL: `${server.url}/esplora`,
        ...(kind === 'postgres' ? { DATABASE_URL: database.url } : {}),
      });
      expect(providerRateLimiterFor({ db: database.db, config }) !== undefined).toBe(kind === 'postgres');
      const deps = createSyncDeps({ db: database.db, config, logger: createLogger('silent') });
      const balance = await deps.esplora?.getBalance('bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh');
      expect(balance?.confirmed).toBe(58_500n);
      const rows = await database.db
        .select({ id: providerRateLimits.id })
        .from(providerRateLimits)
        .where(eq(providerRateLimits.id, `127.0.0.1:${String(server.port)}|esplora`));
      expect(rows).toHaveLength(kind === 'postgres' ? 1 : 0);
    } finally {
      await server.close();
    }
  });

  it.runIf(kind === 'postgres')('falls back to the process’s own buckets while the database is unreachable', async () => {
    const gone = await openDatabase({ databaseUrl: database.url, dataDir: '' }, { poolSize: 1 });
    await gone.close();
    const warnings: string[] = [];
    const { limiter, sleeps } = recordingLimiter({
      db: gone.db,
      now: () => 1_000_000,
      logger: { warn: (msg) => warnings.push(msg) },
    });
    const id = newBucket();
    await limiter.acquire(id, { perSecond: 1 });
    await limiter.acquire(id, { perSecond: 1 });
    await limiter.holdUntil(id, 1_000_000 + 5_000);
    await limiter.acquire(id, { perSecond: 1 });
    expect(sleeps).toEqual([1000, 5000]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/Shared provider rate limits unavailable/);
  });
});
