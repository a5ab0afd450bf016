import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadFixture, startProviderServer, type FixtureRequest, type ProviderServer, type RouteAnswer } from '../fixtures/provider-server';
import { createExchangeClient, type ExchangeClient } from '../../src/server/providers/exchanges/exchange-client';
import { DEFAULT_HOLD_MS } from '../../src/server/providers/exchanges/ccxt-rate-limit';
import { ExchangeKeyError } from '../../src/server/providers/exchanges/exchange-errors';
import { ProviderError } from '../../src/server/providers/http/provider-error';
import { createRateLimiter, type RateLimiter, type RateLimitRule } from '../../src/server/providers/http/rate-limiter';

const API_KEY = 'read-only-key-0123456789abcdef';
const SECRET = 'secret-abcdef0123456789';
const DAY = 24 * 60 * 60 * 1000;
/** "Now" for the history windows: 2024-12-31T00:00:00Z. */
const NOW = Date.UTC(2024, 11, 31);

let server: ProviderServer;

/** Answers like Binance for a known key; the -2015 refusal for any other key. */
const signed = (answer: RouteAnswer) => (req: FixtureRequest): RouteAnswer => {
  if (req.headers['x-mbx-apikey'] !== API_KEY) return 'binance/error-invalid-key.json';
  if (!req.query.get('signature') || !req.query.get('timestamp')) {
    return { source: 'synthetic', note: 'unsigned request', status: 400, body: { code: -1102, msg: 'Mandatory parameter signature was not sent.' } };
  }
  return answer;
};

/**
 * A history endpoint as Binance serves it: the fixture's rows within [startTime, endTime] (the last 90 days when
 * none is given), then offset and limit.
 */
const history = (fixture: string, time: (row: Record<string, unknown>) => number) => (req: FixtureRequest): RouteAnswer => {
  const rows = loadFixture(fixture).body as Record<string, unknown>[];
  const end = Number(req.query.get('endTime') ?? NOW);
  const start = Number(req.query.get('startTime') ?? end - 90 * DAY);
  const offset = Number(req.query.get('offset') ?? 0);
  const limit = Number(req.query.get('limit') ?? 1000);
  const body = rows.filter((row) => time(row) >= start && time(row) <= end).slice(offset, offset + limit);
  return signed({ source: 'synthetic', note: `${fixture} filtered by the request's time window`, body })(req);
};
const insertTime = (row: Record<string, unknown>) => Number(row.insertTime);
const applyTime = (row: Record<string, unknown>) => Date.parse(`${String(row.applyTime).replace(' ', 'T')}Z`);

function trade(id: number, time: number) {
  return {
    symbol: 'BTCUSDT', id, orderId: 5_000_000 + id, orderListId: -1, price: '42000.10', qty: '0.00010000', quoteQty: '4.20001000',
    commission: '0.00420001', commissionAsset: 'USDT', time, isBuyer: id % 2 === 0, isMaker: id % 3 === 0, isBestMatch: true,
  };
}

/** exchangeInfo with further spot symbols, each a copy of the fixture's BTCUSDT with its own assets and status. */
function exchangeInfoWith(extra: { symbol: string; base: string; quote: string; status: string }[]): RouteAnswer {
  const info = loadFixture('binance/exchange-info.json').body as { symbols: Record<string, unknown>[] };
  const template = info.symbols.find((s) => s.symbol === 'BTCUSDT') ?? {};
  const symbols = [
    ...info.symbols,
    ...extra.map((e) => ({ ...template, symbol: e.symbol, baseAsset: e.base, quoteAsset: e.quote, status: e.status })),
  ];
  return { source: 'synthetic', note: 'The fixture exchangeInfo with further generated spot symbols.', body: { ...info, symbols } };
}

beforeAll(async () => {
  server = await startProviderServer({
    'GET /api/v3/exchangeInfo': 'binance/exchange-info.json',
    'GET /sapi/v1/account/apiRestrictions': signed('binance/api-restrictions-read-only.json'),
    'GET /api/v3/account': signed('binance/account.json'),
    'GET /sapi/v1/capital/deposit/hisrec': history('binance/deposit-history.json', insertTime),
    'GET /sapi/v1/capital/withdraw/history': history('binance/withdraw-history-documented.json', applyTime),
    'GET /api/v3/myTrades': (req) => {
      const symbol = req.query.get('symbol');
      if (symbol === 'BNBBTC') return signed('binance/my-trades-documented.json')(req);
      if (symbol === 'ETHBTC') return signed({ source: 'synthetic', note: 'no trades in this market', body: [] })(req);
      // BTCUSDT: 1,003 trades, one a minute from 2024-06-01: a full page of 1,000, then 3 more by fromId.
      const start = Date.UTC(2024, 5, 1);
      const all = Array.from({ length: 1003 }, (_, i) => trade(1001 + i, start + i * 60_000));
      const fromId = req.query.get('fromId');
      const startTime = req.query.get('startTime');
      const limit = Number(req.query.get('limit') ?? 500);
      const rows = all.filter((t) => (fromId ? t.id >= Number(fromId) : t.time >= Number(startTime ?? 0))).slice(0, limit);
      return signed({ source: 'synthetic', note: 'generated BTCUSDT trades for paging', body: rows })(req);
    },
  });
});

afterAll(async () => {
  await server?.close();
});

afterEach(() => {
  server.reset();
});

/**
 * A limiter on a virtual clock (a wait moves the clock at once, so no test sleeps), recording every reservation
 * and hold.
 */
function virtualLimiter() {
  let clock = 0;
  const acquired: { id: string; at: number }[] = [];
  const holds: { id: string; until: number }[] = [];
  const inner = createRateLimiter({
    now: () => clock,
    sleep: (ms) => {
      clock += ms;
      return Promise.resolve();
    },
  });
  const limiter: RateLimiter = {
    async acquire(id, rule) {
      await inner.acquire(id, rule);
      acquired.push({ id, at: clock });
    },
    holdUntil(id, until) {
      holds.push({ id, until });
      return inner.holdUntil(id, until);
    },
  };
  return { limiter, acquired, holds, now: () => clock };
}

const client = (apiKey = API_KEY, secret = SECRET, now = NOW, limit = virtualLimiter(), rateLimit?: RateLimitRule): ExchangeClient =>
  createExchangeClient(
    { exchange: 'BINANCE', apiKey, secret, urls: { base: server.url } },
    { now: () => now, limiter: limit.limiter, limiterNow: limit.now, ...(rateLimit ? { rateLimit } : {}) },
  );
const host = () => new URL(server.url).host;

describe('Binance through ccxt', () => {
  it('accepts a read-only key and reports its permissions', async () => {
    await expect(client().checkPermissions()).resolves.toEqual({ canRead: true, canTrade: false, canWithdraw: false });
    const request = server.requests.find((r) => r.path === '/sapi/v1/account/apiRestrictions');
    expect(request?.query.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(server.unmatched).toEqual([]);
  });

  it('refuses a key that can withdraw, with the clear message', async () => {
    server.route('GET /sapi/v1/account/apiRestrictions', signed('binance/api-restrictions-withdraw-enabled.json'));
    const error = await client().checkPermissions().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExchangeKeyError);
    expect((error as ExchangeKeyError).problem).toBe('can_withdraw');
    expect((error as Error).message).toBe('This API key can withdraw funds. Create a read-only key and try again.');
    server.route('GET /sapi/v1/account/apiRestrictions', signed('binance/api-restrictions-read-only.json'));
  });

  it('refuses a key that cannot read the account', async () => {
    server.route('GET /sapi/v1/account/apiRestrictions', signed('binance/api-restrictions-no-reading.json'));
    await expect(client().checkPermissions()).rejects.toThrow('This API key cannot read your Binance account. Enable reading for the key and try again.');
    server.route('GET /sapi/v1/account/apiRestrictions', signed('binance/api-restrictions-read-only.json'));
  });

  it('turns a refused key into a clear error without leaking the key or secret', async () => {
    const badKey = 'wrong-key-9876543210';
    const badSecret = 'wrong-secret-9876543210';
    for (const call of [(c: ExchangeClient) => c.checkPermissions(), (c: ExchangeClient) => c.fetchBalances()]) {
      const error = await call(client(badKey, badSecret)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ExchangeKeyError);
      expect((error as ExchangeKeyError).problem).toBe('invalid_key');
      expect((error as Error).message).toBe('Binance did not accept this API key. Check the API key and secret and try again.');
      const text = JSON.stringify(error, Object.getOwnPropertyNames(error)) + String((error as Error).stack);
      expect(text).not.toContain(badKey);
      expect(text).not.toContain(badSecret);
    }
  });

  it('reports rate limiting and an unreachable exchange as provider errors', async () => {
    server.route('GET /api/v3/account', 'binance/error-rate-limit.json');
    const limited = await client().fetchBalances().catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(ProviderError);
    expect((limited as ProviderError).kind).toBe('rate_limited');
    expect((limited as ProviderError).message).toBe('Binance is limiting requests; retrying later.');
    server.route('GET /api/v3/account', signed('binance/account.json'));

    const closed = await startProviderServer({});
    const unreachableUrl = closed.url;
    await closed.close();
    const limit = virtualLimiter();
    const down = createExchangeClient(
      { exchange: 'BINANCE', apiKey: API_KEY, secret: SECRET, urls: { base: unreachableUrl } },
      { timeoutMs: 2000, limiter: limit.limiter, limiterNow: limit.now },
    );
    const error = await down.fetchBalances().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).kind).toBe('unavailable');
  });

  it('fetches non-zero spot balances as exact base units', async () => {
    const balances = await client().fetchBalances();
    expect(balances).toEqual([
      { asset: 'BTC', decimals: 8, free: 1_234_567n, used: 100_000n, total: 1_334_567n },
      { asset: 'ETH', decimals: 18, free: 1_500_000_000_000_000_000n, used: 0n, total: 1_500_000_000_000_000_000n },
      // USDT counts 6 decimals on chain, but Binance states 8: nothing is rounded away.
      { asset: 'USDT', decimals: 8, free: 125_012_345_678n, used: 10_000_000_000n, total: 135_012_345_678n },
    ]);
  });

  it("reads Binance's documented account example exactly", async () => {
    server.route('GET /api/v3/account', signed('binance/account-documented.json'));
    const balances = await client().fetchBalances();
    expect(balances.map((b) => [b.asset, b.total])).toEqual([
      ['BTC', 472_384_689_208_129n],
      ['LTC', 4_763_368_680_060_110_000_000_000n],
    ]);
    server.route('GET /api/v3/account', signed('binance/account.json'));
  });

  // Networks are ccxt's unified codes: USDT on Tron is TRC20, on Ethereum ERC20; native ETH stays ETH.
  it('fetches deposits window by window since the given date', async () => {
    const since = new Date(Date.UTC(2024, 0, 1));
    const deposits = await client().fetchDeposits(since);
    expect(deposits).toEqual([
      {
        kind: 'deposit', id: '4129387612398714', txid: '0x9e8d7c6b5a4938271605f4e3d2c1b0a99887766554433221100ffeeddccbbaa9',
        asset: 'ETH', decimals: 18, amount: 1_200_000_000_000_000_000n, fee: null, feeAsset: null, network: 'ETH',
        address: '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed', status: 'ok', internal: false, timestamp: new Date(1717200000000),
      },
      {
        kind: 'deposit', id: '4129387612398715', txid: 'c2b1e4d3a5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f91',
        asset: 'USDT', decimals: 8, amount: 25_050_000_000n, fee: null, feeAsset: null, network: 'TRC20',
        address: 'TYDmtuWL8bsyjvcauUTerpfYyVhFtBjqyo', status: 'pending', internal: false, timestamp: new Date(1719792000000),
      },
      {
        kind: 'deposit', id: '4129387612398716', txid: '0x0f4c3ac50a3e44b2a6b8bbd2e3ea8ab4d5c2a2f2b1b4b9a3a0e4d8c7b6a59382',
        asset: 'ETH', decimals: 18, amount: 350_000_000_000_000_000n, fee: null, feeAsset: null, network: 'ETH',
        address: '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed', status: 'ok', internal: false, timestamp: new Date(1722470400000),
      },
    ]);
    // 2024-01-01 to 2024-12-31 is 365 days: five windows of at most 90 days, each one signed request.
    const requests = server.requests.filter((r) => r.path === '/sapi/v1/capital/deposit/hisrec');
    expect(requests).toHaveLength(5);
    const windows = requests.map((r) => [Number(r.query.startTime), Number(r.query.endTime)]);
    expect(windows[0]?.[0]).toBe(since.getTime());
    for (const [start, end] of windows) expect((end ?? 0) - (start ?? 0)).toBeLessThan(90 * DAY);
    expect(windows.at(-1)?.[1]).toBe(NOW);
  });

  it("maps Binance's documented deposit example, internal transfers included", async () => {
    server.route('GET /sapi/v1/capital/deposit/hisrec', history('binance/deposit-history-documented.json', insertTime));
    const deposits = await client(API_KEY, SECRET, Date.UTC(2021, 5, 1)).fetchDeposits(new Date(Date.UTC(2020, 11, 31)));
    expect(deposits.map((d) => [d.asset, d.amount, d.decimals, d.internal, d.id])).toEqual([
      ['BCH', 1_844_487n * 10n ** 10n, 18, false, 'bafc5902504d6504a00b7d0306a41154cbf1d1b767ab70f3bc226327362588af'],
      // ccxt keeps the reference of an internal transfer without Binance's "Internal transfer" prefix.
      ['USDT', 450_000_000_000n, 8, true, '51376627901'],
    ]);
    server.route('GET /sapi/v1/capital/deposit/hisrec', history('binance/deposit-history.json', insertTime));
  });

  it('pages a full window of deposits by offset', async () => {
    const start = Date.UTC(2024, 10, 1);
    const rows = Array.from({ length: 1001 }, (_, i) => ({
      id: String(9_000_000 + i), amount: `${i + 1}.5`, coin: 'USDT', network: 'ETH', status: 1,
      address: '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed', addressTag: '', txId: `0x${i.toString(16).padStart(64, '0')}`,
      insertTime: start + i * 60_000, completeTime: start + i * 60_000, transferType: 0, confirmTimes: '12/12', unlockConfirm: 64, walletType: 0,
    }));
    server.route('GET /sapi/v1/capital/deposit/hisrec', (req) => {
      const offset = Number(req.query.get('offset') ?? 0);
      const limit = Number(req.query.get('limit') ?? 1000);
      return signed({ source: 'synthetic', note: '1,001 generated deposits in one window', body: rows.slice(offset, offset + limit) })(req);
    });
    const deposits = await client(API_KEY, SECRET, Date.UTC(2024, 11, 1)).fetchDeposits(new Date(start));
    expect(deposits).toHaveLength(1001);
    expect(deposits[1000]?.amount).toBe(100_150_000_000n);
    expect(server.requests.filter((r) => r.path === '/sapi/v1/capital/deposit/hisrec').map((r) => r.query.offset)).toEqual(['0', '1000']);
    server.route('GET /sapi/v1/capital/deposit/hisrec', history('binance/deposit-history.json', insertTime));
  });

  it('fetches withdrawals with their fees', async () => {
    const withdrawals = await client(API_KEY, SECRET, Date.UTC(2021, 4, 1)).fetchWithdrawals(new Date(Date.UTC(2021, 3, 1)));
    expect(withdrawals.map((w) => ({ id: w.id, asset: w.asset, amount: w.amount, fee: w.fee, feeAsset: w.feeAsset, status: w.status, network: w.network, at: w.timestamp.toISOString() }))).toEqual([
      { id: 'a7cdc0afbfa44a48bd225c9ece958fe2', asset: 'USDT', amount: 5_100_000_000n, fee: 100_000_000n, feeAsset: 'USDT', status: 'ok', network: 'TRC20', at: '2021-04-13T12:46:59.000Z' },
      { id: '9a67628b16ba4988ae20d329333f16bc', asset: 'USDT', amount: 2_000_000_000n, fee: 2_000_000_000n, feeAsset: 'USDT', status: 'ok', network: 'ERC20', at: '2021-04-15T12:06:53.000Z' },
      { id: '69e53ad305124b96b43668ceab158a18', asset: 'XRP', amount: 28_750_000_000_000_000_000n, fee: 250_000_000_000_000_000n, feeAsset: 'XRP', status: 'ok', network: 'XRP', at: '2021-04-15T12:09:16.000Z' },
    ]);
  });

  it('fetches trades per symbol, paging past a full page by trade id', async () => {
    const trades = await client().fetchTrades(['BTC/USDT', 'BNB/BTC', 'ETH/BTC'], new Date(Date.UTC(2017, 0, 1)));
    expect(trades).toHaveLength(1004);

    const documented = trades[0];
    expect(documented).toEqual({
      id: '28457', orderId: '100234', symbol: 'BNB/BTC', base: 'BNB', quote: 'BTC', side: 'buy',
      amount: 12_000_000_000_000_000_000n, baseDecimals: 18, cost: 4_800_001_200n, quoteDecimals: 8, price: '4.000001',
      fee: { asset: 'BNB', amount: 10_100_000_000_000_000_000n, decimals: 18 }, takerOrMaker: 'taker',
      timestamp: new Date(1499865549590),
    });

    const btc = trades.filter((t) => t.symbol === 'BTC/USDT');
    expect(btc.map((t) => Number(t.id))).toEqual(Array.from({ length: 1003 }, (_, i) => 1001 + i));
    // Trade 1002: Binance's isBuyer true and isMaker true.
    expect(btc[1]).toMatchObject({ side: 'buy', takerOrMaker: 'maker', amount: 10_000n, baseDecimals: 8, cost: 420_001_000n, quoteDecimals: 8, price: '42000.1', fee: { asset: 'USDT', amount: 420_001n, decimals: 8 } });

    const pages = server.requests.filter((r) => r.path === '/api/v3/myTrades' && r.query.symbol === 'BTCUSDT');
    expect(pages.map((r) => [r.query.startTime ?? null, r.query.fromId ?? null])).toEqual([
      [String(Date.UTC(2017, 0, 1)), null],
      [null, '2001'],
    ]);
  });

  it('lists the spot symbols that pair the given assets', async () => {
    await expect(client().tradeSymbolsFor(['BTC', 'ETH', 'USDT'])).resolves.toEqual(['BTC/USDT', 'ETH/BTC', 'ETH/USDT']);
  });

  it('lists every spot market, a halted one included', async () => {
    server.route('GET /api/v3/exchangeInfo', exchangeInfoWith([{ symbol: 'LUNAUSDT', base: 'LUNA', quote: 'USDT', status: 'BREAK' }]));
    try {
      await expect(client().fetchMarkets()).resolves.toEqual([
        { symbol: 'BNB/BTC', base: 'BNB', quote: 'BTC', active: true },
        { symbol: 'BTC/USDT', base: 'BTC', quote: 'USDT', active: true },
        { symbol: 'ETH/BTC', base: 'ETH', quote: 'BTC', active: true },
        { symbol: 'ETH/USDT', base: 'ETH', quote: 'USDT', active: true },
        { symbol: 'LUNA/USDT', base: 'LUNA', quote: 'USDT', active: false },
      ]);
    } finally {
      server.route('GET /api/v3/exchangeInfo', 'binance/exchange-info.json');
    }
  });

  it("reads a market's whole history from trade id 0 when no start is given", async () => {
    const trades = await client().fetchTrades(['BNB/BTC'], null);
    expect(trades.map((t) => [t.symbol, t.id])).toEqual([['BNB/BTC', '28457']]);
    const request = server.requests.find((r) => r.path === '/api/v3/myTrades');
    expect(request?.query.fromId).toBe('0');
    expect(request?.query.startTime).toBeUndefined();
  });

  it("waits on the limiter before every request, by the endpoint's cost, never on ccxt's own throttle", async () => {
    const limit = virtualLimiter();
    // 2 units a second with a burst of 4: Binance's exchangeInfo and myTrades cost 4 units each (weight 20).
    const scanning = client(API_KEY, SECRET, NOW, limit, { perSecond: 2, burst: 4 });
    await scanning.fetchTrades(['BNB/BTC', 'ETH/BTC', 'ETH/USDT'], null);
    expect(server.requests.map((r) => r.path)).toEqual(['/api/v3/exchangeInfo', '/api/v3/myTrades', '/api/v3/myTrades', '/api/v3/myTrades']);
    // 16 units: the burst at once, then one every 500 ms of the limiter's clock.
    expect(limit.acquired).toHaveLength(16);
    expect(limit.acquired.every((a) => a.id === host())).toBe(true);
    expect(limit.acquired.map((a) => a.at)).toEqual([0, 0, 0, 0, ...Array.from({ length: 12 }, (_, i) => (i + 1) * 500)]);
    expect(limit.now()).toBe(6000);
  });

  it('counts fractional costs: ten requests of 0.1 take one unit', async () => {
    const limit = virtualLimiter();
    await client(API_KEY, SECRET, NOW, limit).checkPermissions();
    for (let i = 0; i < 9; i++) await client(API_KEY, SECRET, NOW, limit).checkPermissions();
    // Each client owes on its own: ten clients, one unit each; one client asking ten times owes one unit.
    expect(limit.acquired).toHaveLength(10);
    const one = virtualLimiter();
    const same = client(API_KEY, SECRET, NOW, one);
    for (let i = 0; i < 10; i++) await same.checkPermissions();
    expect(one.acquired).toHaveLength(1);
  });

  it("holds the host's bucket for a 429's Retry-After, and a 418's default without one", async () => {
    const limit = virtualLimiter();
    const c = client(API_KEY, SECRET, NOW, limit);
    server.route('GET /api/v3/account', 'binance/error-rate-limit.json');
    const limited = await c.fetchBalances().catch((e: unknown) => e);
    expect((limited as ProviderError).kind).toBe('rate_limited');
    expect(limit.holds).toEqual([{ id: host(), until: 30_000 }]);

    // The next request of any client on the host waits until the hold ends.
    server.route('GET /api/v3/account', signed('binance/account.json'));
    const before = limit.acquired.length;
    await expect(c.fetchBalances()).resolves.toHaveLength(3);
    // Its 4 units: the first when the hold ends, the rest at the even pace (10 a second) after it.
    expect(limit.acquired.slice(before).map((a) => a.at)).toEqual([30_000, 30_100, 30_200, 30_300]);

    server.route('GET /api/v3/account', { source: 'synthetic', note: 'IP banned after repeated 429s, no Retry-After', status: 418, body: { code: -1003, msg: 'Way too much request weight used; IP banned.' } });
    const banned = await c.fetchBalances().catch((e: unknown) => e);
    expect((banned as ProviderError).kind).toBe('rate_limited');
    expect(limit.holds.at(-1)).toEqual({ id: host(), until: limit.now() + DEFAULT_HOLD_MS });
    server.route('GET /api/v3/account', signed('binance/account.json'));
  });

  it('reads dust conversions and Convert trades window by window, completed ones only', async () => {
    server.route('GET /sapi/v1/asset/dribblet', signed('binance/dust-log.json'));
    server.route('GET /sapi/v1/convert/tradeFlow', (req) =>
      Number(req.query.get('startTime')) <= 1719964800000 && Number(req.query.get('endTime')) >= 1719964800000
        ? signed('binance/convert-trade-flow.json')(req)
        : signed({ source: 'synthetic', note: 'no conversions in this window', body: { list: [], moreData: false } })(req),
    );
    server.route('GET /api/v3/exchangeInfo', exchangeInfoWith([{ symbol: 'LTCBNB', base: 'LTC', quote: 'BNB', status: 'TRADING' }, { symbol: 'BNBUSDT', base: 'BNB', quote: 'USDT', status: 'TRADING' }]));
    try {
      const since = new Date(Date.UTC(2024, 6, 1));
      const conversions = await client(API_KEY, SECRET, Date.UTC(2024, 8, 1)).fetchConversions(since);
      expect(conversions).toEqual([
        {
          kind: 'dust', id: '45178372831:USDT', timestamp: new Date(1719878400000),
          from: { asset: 'USDT', amount: 90_000n, decimals: 8 },
          to: { asset: 'BNB', amount: 441_000_000_000_000n, decimals: 18 },
          fee: { asset: 'BNB', amount: 9_000_000_000_000n, decimals: 18 },
        },
        {
          kind: 'dust', id: '45178372831:LTC', timestamp: new Date(1719878400000),
          from: { asset: 'LTC', amount: 1_200_000_000_000_000n, decimals: 18 },
          to: { asset: 'BNB', amount: 881_560_000_000_000n, decimals: 18 },
          fee: { asset: 'BNB', amount: 17_990_000_000_000n, decimals: 18 },
        },
        {
          kind: 'convert', id: '94070840746', timestamp: new Date(1719964800000),
          from: { asset: 'USDT', amount: 2_000_000_000n, decimals: 8 },
          to: { asset: 'BNB', amount: 61_540_360_000_000_000n, decimals: 18 },
          fee: null,
        },
      ]);
      // 2024-07-01 to 2024-09-01 is 62 days: one dust window (90 days), three Convert windows (30 days).
      const dust = server.requests.filter((r) => r.path === '/sapi/v1/asset/dribblet');
      expect(dust.map((r) => [Number(r.query.startTime), Number(r.query.endTime)])).toEqual([[since.getTime(), Date.UTC(2024, 8, 1)]]);
      const convert = server.requests.filter((r) => r.path === '/sapi/v1/convert/tradeFlow');
      expect(convert).toHaveLength(3);
      for (const r of convert) expect(Number(r.query.endTime) - Number(r.query.startTime)).toBeLessThanOrEqual(30 * DAY);
    } finally {
      server.route('GET /api/v3/exchangeInfo', 'binance/exchange-info.json');
    }
  });
});
