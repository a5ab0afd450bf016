/**
 * Which Binance markets an exchange sync reads, against the Binance fixture server: every spot market once
 * (spread over runs, resuming from the scan cursor, paced by the limiter), then the markets of an asset whose
 * balance moved beyond the stored history, and the markets of coins that left dust or came from a Convert.
 * Coins bought and fully sold again (never held at a sync, never deposited or withdrawn) are found each way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { syncCursors, transactions } from '../../src/server/db/schema';
import { createRateLimiter, type RateLimiter } from '../../src/server/providers/http/rate-limiter';
import { MARKETS_PER_RUN, SCAN_FOLLOW_UP_MS } from '../../src/server/sync/exchange/market-scan';
import { syncExchange } from '../../src/server/sync/exchange-sync';
import { SyncAbortedError } from '../../src/server/sync/run-context';
import type { SyncDeps } from '../../src/server/sync/sync-deps';
import { Big } from '../../src/shared/money';
import { loadFixture, startProviderServer, type FixtureRequest, type ProviderServer, type RouteAnswer } from '../fixtures/provider-server';
import { addBinanceAccount, binanceSyncDeps, signed } from './helpers/binance-account';
import { availableDrivers } from './helpers/drivers';
import { openTestDatabase, type TestDatabase } from './helpers/test-database';
import { addUser } from './sync-support';

const MINUTE = 60_000;
/** The first sync: 2024-12-31T00:00:00Z. */
const T0 = Date.UTC(2024, 11, 31);

/** Now, for the sync and for what the fixture exchange has seen happen. */
let clock = T0;
let server: ProviderServer;
/** Aborts the running sync when the exchange is asked for this market's trades. */
let abortAt: { market: string; controller: AbortController } | null = null;

const synthetic = (note: string, body: unknown): RouteAnswer => ({ source: 'synthetic', note, body });

/** 110 filler coins quoted in BTC and USDT: 220 markets ahead of the others in symbol order. */
const FILLERS = Array.from({ length: 110 }, (_, i) => `A${String(i).padStart(3, '0')}`);
const MARKETS: { symbol: string; base: string; quote: string; status: string }[] = [
  ...FILLERS.flatMap((base) => ['BTC', 'USDT'].map((quote) => ({ symbol: `${base}${quote}`, base, quote, status: 'TRADING' }))),
  ...['DOGE', 'PEPE', 'SOL', 'WIF'].map((base) => ({ symbol: `${base}USDT`, base, quote: 'USDT', status: 'TRADING' })),
  // Delisted, still listed as halted.
  { symbol: 'LUNAUSDT', base: 'LUNA', quote: 'USDT', status: 'BREAK' },
];

/** A fill of the account; quote USDT, commission in USDT. */
interface Fill {
  symbol: string;
  base: string;
  id: number;
  time: number;
  buy: boolean;
  qty: string;
  price: string;
  fee: string;
}
const fill = (symbol: string, id: number, time: number, buy: boolean, qty: string, price: string, fee: string): Fill => ({
  symbol: `${symbol}USDT`, base: symbol, id, time, buy, qty, price, fee,
});
const FILLS: Fill[] = [
  // Before the first sync: coins bought and fully sold, one in a market since halted.
  fill('LUNA', 11, Date.UTC(2022, 3, 1), true, '10', '80', '0.8'),
  fill('LUNA', 12, Date.UTC(2022, 4, 9), false, '10', '0.5', '0.005'),
  fill('SOL', 21, Date.UTC(2024, 2, 1), true, '2', '130', '0.26'),
  fill('SOL', 22, Date.UTC(2024, 2, 15), false, '2', '160', '0.32'),
  // Between the second and third sync: DOGE bought and sold again.
  fill('DOGE', 31, T0 + 30 * MINUTE, true, '100', '0.1', '0.01'),
  fill('DOGE', 32, T0 + 31 * MINUTE, false, '100', '0.11', '0.011'),
  // Between the third and fourth: PEPE bought and sold but for 10 PEPE of dust (then turned into BNB); WIF
  // came from a Convert and was sold.
  fill('PEPE', 41, T0 + 90 * MINUTE, true, '1000000', '0.000005', '0.005'),
  fill('PEPE', 42, T0 + 91 * MINUTE, false, '999990', '0.000005', '0.00499995'),
  fill('WIF', 51, T0 + 96 * MINUTE, false, '2000', '0.0105', '0.021'),
];
const DUST = { time: T0 + 100 * MINUTE, asset: 'PEPE', amount: '10', bnb: '0.00001', charge: '0.0000002' };
const CONVERT = { time: T0 + 95 * MINUTE, from: 'USDT', fromAmount: '20', to: 'WIF', toAmount: '2000' };

const quoteOf = (f: Fill) => new Big(f.qty).times(f.price);

/** Balances at `clock`: those of the first sync moved by every fill and conversion since. */
function balancesNow(): Record<string, Big> {
  const balances: Record<string, Big> = { BTC: new Big('0.5'), BNB: new Big('1'), USDT: new Big('1000') };
  const move = (asset: string, by: Big) => {
    balances[asset] = (balances[asset] ?? new Big(0)).plus(by);
  };
  for (const f of FILLS.filter((x) => x.time > T0 && x.time <= clock)) {
    move(f.base, f.buy ? new Big(f.qty) : new Big(f.qty).neg());
    move('USDT', (f.buy ? quoteOf(f).neg() : quoteOf(f)).minus(f.fee));
  }
  if (DUST.time <= clock) {
    move(DUST.asset, new Big(DUST.amount).neg());
    move('BNB', new Big(DUST.bnb).minus(DUST.charge));
  }
  if (CONVERT.time <= clock) {
    move(CONVERT.from, new Big(CONVERT.fromAmount).neg());
    move(CONVERT.to, new Big(CONVERT.toAmount));
  }
  return balances;
}

function exchangeInfo(): RouteAnswer {
  const info = loadFixture('binance/exchange-info.json').body as { symbols: Record<string, unknown>[] };
  const template = info.symbols.find((s) => s.symbol === 'BTCUSDT') ?? {};
  const symbols = [...info.symbols, ...MARKETS.map((m) => ({ ...template, symbol: m.symbol, baseAsset: m.base, quoteAsset: m.quote, status: m.status }))];
  return synthetic('The fixture exchangeInfo with generated spot markets, one halted.', { ...info, symbols });
}

const inWindow = (req: FixtureRequest, time: number) =>
  time <= clock && time >= Number(req.query.get('startTime') ?? 0) && time <= Number(req.query.get('endTime') ?? clock);

beforeAll(async () => {
  server = await startProviderServer({
    'GET /api/v3/exchangeInfo': exchangeInfo(),
    'GET /sapi/v1/account/apiRestrictions': signed('binance/api-restrictions-read-only.json'),
    'GET /api/v3/account': (req) => {
      const account = loadFixture('binance/account.json').body as Record<string, unknown>;
      const balances = Object.entries(balancesNow()).map(([asset, free]) => ({ asset, free: free.toFixed(8), locked: '0.00000000' }));
      return signed(synthetic('The test account balances at the fixture clock.', { ...account, balances }))(req);
    },
    'GET /sapi/v1/capital/deposit/hisrec': signed(synthetic('No deposits.', [])),
    'GET /sapi/v1/capital/withdraw/history': signed(synthetic('No withdrawals.', [])),
    'GET /api/v3/myTrades': (req) => {
      const symbol = req.query.get('symbol') ?? '';
      if (abortAt?.market === symbol) abortAt.controller.abort();
      const fromId = req.query.get('fromId');
      const startTime = Number(req.query.get('startTime') ?? 0);
      const body = FILLS.filter((f) => f.symbol === symbol && f.time <= clock && (fromId !== null ? f.id >= Number(fromId) : f.time >= startTime)).map((f) => ({
        symbol: f.symbol, id: f.id, orderId: 9000 + f.id, orderListId: -1, price: f.price, qty: f.qty, quoteQty: quoteOf(f).toFixed(8),
        commission: f.fee, commissionAsset: 'USDT', time: f.time, isBuyer: f.buy, isMaker: false, isBestMatch: true,
      }));
      return signed(synthetic('Fills of the test account the exchange has seen by now.', body))(req);
    },
    'GET /sapi/v1/asset/dribblet': (req) => {
      const details = inWindow(req, DUST.time)
        ? [{ transId: 7001, serviceChargeAmount: DUST.charge, amount: DUST.amount, operateTime: DUST.time, transferedAmount: DUST.bnb, fromAsset: DUST.asset }]
        : [];
      const body = {
        total: details.length,
        userAssetDribblets: details.map((d) => ({ operateTime: d.operateTime, totalTransferedAmount: d.transferedAmount, totalServiceChargeAmount: d.serviceChargeAmount, transId: d.transId, userAssetDribbletDetails: [d] })),
      };
      return signed(synthetic('Dust conversions the exchange has seen by now, within the window.', body))(req);
    },
    'GET /sapi/v1/convert/tradeFlow': (req) => {
      const list = inWindow(req, CONVERT.time)
        ? [{ quoteId: 'q-5001', orderId: 5001, orderStatus: 'SUCCESS', fromAsset: CONVERT.from, fromAmount: CONVERT.fromAmount, toAsset: CONVERT.to, toAmount: CONVERT.toAmount, ratio: '100', inverseRatio: '0.01', createTime: CONVERT.time }]
        : [];
      return signed(synthetic('Convert trades the exchange has seen by now, within the window.', { list, moreData: false }))(req);
    },
    'GET /llama/prices/current/:coins': 'defillama/prices-current.json',
    'GET /cg/simple/price': synthetic('CoinGecko knows none of the asked coins.', {}),
    'GET /cg/simple/token_price/:platform': 'coingecko/simple-token-price-empty.json',
  });
});

afterAll(async () => {
  await server?.close();
});

/** A limiter on a virtual clock (waits take no real time), recording every reservation. */
function recordingLimiter() {
  let now = 0;
  const acquired: string[] = [];
  const inner = createRateLimiter({
    now: () => now,
    sleep: (ms) => {
      now += ms;
      return Promise.resolve();
    },
  });
  const limiter: RateLimiter = {
    async acquire(id, rule) {
      await inner.acquire(id, rule);
      acquired.push(id);
    },
    holdUntil: (id, until) => inner.holdUntil(id, until),
  };
  return { limiter, acquired, now: () => now };
}

function deps(database: TestDatabase, limit = recordingLimiter()): SyncDeps {
  return binanceSyncDeps({
    db: database.db,
    serverUrl: server.url,
    now: () => new Date(clock),
    limiter: limit.limiter,
    limiterNow: limit.now,
  });
}

/** The markets whose trades were asked for since the last reset, in order, and those read whole (from id 0). */
function tradeRequests() {
  const requests = server.requests.filter((r) => r.path === '/api/v3/myTrades');
  return { all: requests.map((r) => r.query.symbol ?? ''), whole: requests.filter((r) => r.query.fromId === '0').map((r) => r.query.symbol ?? '') };
}

describe.each(availableDrivers())('exchange market discovery on %s', (kind) => {
  let database: TestDatabase;
  let cexId: string;
  const cursor = async (id: string, kind: string) =>
    (await database.db.select().from(syncCursors).where(and(eq(syncCursors.cexId, id), eq(syncCursors.kind, kind))))[0];
  const tradeIds = async (id: string) =>
    (await database.db.select({ txHash: transactions.txHash }).from(transactions).where(and(eq(transactions.cexId, id), like(transactions.externalId, 'trade:%:base'))))
      .map((r) => r.txHash)
      .sort();

  beforeAll(async () => {
    clock = T0;
    database = await openTestDatabase(kind);
    cexId = await addBinanceAccount(database.db, await addUser(database.db, 'discovery'));
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  it('scans every spot market on the first syncs, a few hundred a run, paced by the limiter', async () => {
    server.reset();
    const limit = recordingLimiter();
    expect(await syncExchange(deps(database, limit), cexId)).toBe('synced');
    const requests = tradeRequests();
    // The markets between held assets first, then the scan in symbol order up to the run's budget.
    expect(requests.all.slice(0, 2)).toEqual(['BNBBTC', 'BTCUSDT']);
    const scanned = requests.all.slice(2);
    expect(scanned).toHaveLength(MARKETS_PER_RUN);
    expect(scanned[0]).toBe('A000BTC');
    expect(scanned.at(-1)).toBe('A099USDT');
    expect(requests.whole).toEqual(requests.all);
    expect(await cursor(cexId, 'trade-scan')).toMatchObject({ lastTxid: 'A099/USDT', since: null });
    // The next run follows within a minute.
    const account = await cursor(cexId, 'account');
    expect(account?.nextRunAt?.getTime()).toBe(T0 + SCAN_FOLLOW_UP_MS);
    expect(await tradeIds(cexId)).toEqual([]);

    // Every request waited on the limiter, by its cost (myTrades 4 units), on Binance's rule: a burst of 200
    // units, then 10 a second.
    const host = new URL(server.url).host;
    expect(limit.acquired.every((id) => id === host)).toBe(true);
    expect(limit.acquired.length).toBeGreaterThanOrEqual(4 * requests.all.length);
    expect(limit.now()).toBe((limit.acquired.length - 200) * 100);
  });

  it('resumes the scan where it stopped and finds coins bought and fully sold, in a halted market too', async () => {
    clock = T0 + 2 * MINUTE;
    server.reset();
    expect(await syncExchange(deps(database), cexId)).toBe('synced');
    const requests = tradeRequests();
    expect(requests.all).toEqual([
      'BNBBTC', 'BTCUSDT',
      ...FILLERS.slice(100).flatMap((base) => [`${base}BTC`, `${base}USDT`]),
      'DOGEUSDT', 'ETHBTC', 'ETHUSDT', 'LUNAUSDT', 'PEPEUSDT', 'SOLUSDT', 'WIFUSDT',
    ]);
    expect(await tradeIds(cexId)).toEqual(['trade:LUNA/USDT:11', 'trade:LUNA/USDT:12', 'trade:SOL/USDT:21', 'trade:SOL/USDT:22']);
    const scan = await cursor(cexId, 'trade-scan');
    expect(scan?.since?.getTime()).toBe(clock);
    expect((await cursor(cexId, 'account'))?.nextRunAt?.getTime()).toBe(clock + 15 * MINUTE);
    // Markets found are read from their own cursors from now on; the scan is not run again.
    clock = T0 + 20 * MINUTE;
    server.reset();
    expect(await syncExchange(deps(database), cexId)).toBe('synced');
    expect(tradeRequests().all).toEqual(['BNBBTC', 'BTCUSDT', 'LUNAUSDT', 'SOLUSDT']);
  });

  it("scans an asset's markets when its balance moved beyond the stored history", async () => {
    clock = T0 + 60 * MINUTE;
    server.reset();
    expect(await syncExchange(deps(database), cexId)).toBe('synced');
    const requests = tradeRequests();
    // USDT moved by a DOGE round trip no known market explains: every USDT market not yet known is read.
    expect(requests.all.slice(0, 4)).toEqual(['BNBBTC', 'BTCUSDT', 'LUNAUSDT', 'SOLUSDT']);
    expect(requests.all.slice(4)).toEqual([...FILLERS.map((base) => `${base}USDT`), 'DOGEUSDT', 'ETHUSDT', 'PEPEUSDT', 'WIFUSDT']);
    expect(await tradeIds(cexId)).toContain('trade:DOGE/USDT:32');
    expect((await cursor(cexId, 'trade-scan:USDT'))?.since?.getTime()).toBe(clock);
    expect(await cursor(cexId, 'trade-scan:DOGE')).toBeUndefined();
  });

  it('reads the markets of coins that left dust or came from a Convert, without another scan', async () => {
    clock = T0 + 120 * MINUTE;
    server.reset();
    expect(await syncExchange(deps(database), cexId)).toBe('synced');
    expect(server.count('/sapi/v1/asset/dribblet')).toBeGreaterThan(0);
    expect(server.count('/sapi/v1/convert/tradeFlow')).toBeGreaterThan(0);
    // Every balance change is explained by the rows and conversions: no market scan.
    expect(tradeRequests().all).toEqual(['BNBBTC', 'BTCUSDT', 'DOGEUSDT', 'LUNAUSDT', 'PEPEUSDT', 'SOLUSDT', 'WIFUSDT']);
    const ids = await tradeIds(cexId);
    expect(ids).toEqual(expect.arrayContaining(['trade:PEPE/USDT:41', 'trade:PEPE/USDT:42', 'trade:WIF/USDT:51']));
    const scans = await database.db.select({ kind: syncCursors.kind }).from(syncCursors).where(and(eq(syncCursors.cexId, cexId), like(syncCursors.kind, 'trade-scan%')));
    expect(scans.map((s) => s.kind).sort()).toEqual(['trade-scan', 'trade-scan:USDT']);
  });

  it('a run stopped mid-scan resumes after the last market it committed', async () => {
    const other = await addBinanceAccount(database.db, await addUser(database.db, 'discovery-stopped'));
    const controller = new AbortController();
    abortAt = { market: 'A060USDT', controller };
    server.reset();
    try {
      await expect(syncExchange(deps(database), other, { signal: controller.signal })).rejects.toBeInstanceOf(SyncAbortedError);
    } finally {
      abortAt = null;
    }
    // Committed every 25 markets: the 100th (A049/USDT) was the last before the stop.
    expect((await cursor(other, 'trade-scan'))?.lastTxid).toBe('A049/USDT');
    server.reset();
    expect(await syncExchange(deps(database), other)).toBe('synced');
    const scanned = tradeRequests().all.filter((symbol) => symbol.startsWith('A'));
    expect(scanned).toEqual(FILLERS.slice(50).flatMap((base) => [`${base}BTC`, `${base}USDT`]));
  });
});
