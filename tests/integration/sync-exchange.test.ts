/**
 * An exchange account synced against the Binance fixture server through ccxt: sealed keys opened, balances
 * priced, deposits, withdrawals and trades stored as transactions with cex set, incrementally from cursors
 * (a pending deposit is picked up once completed); a refused key is recorded, not retried.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { centralisedExchanges, syncCursors, tokenBalances, transactions } from '../../src/server/db/schema';
import { createRateLimiter } from '../../src/server/providers/http/rate-limiter';
import { syncExchange } from '../../src/server/sync/exchange-sync';
import type { SyncDeps } from '../../src/server/sync/sync-deps';
import { Big } from '../../src/shared/money';
import { loadFixture, startProviderServer, type FixtureRequest, type ProviderServer, type RouteAnswer } from '../fixtures/provider-server';
import { addBinanceAccount, binanceSyncDeps, signed } from './helpers/binance-account';
import { availableDrivers } from './helpers/drivers';
import { openTestDatabase, type TestDatabase } from './helpers/test-database';
import { addUser } from './sync-support';

const DAY = 24 * 60 * 60 * 1000;
/** "Now" of the test: 2024-12-31T00:00:00Z. */
const NOW = new Date(Date.UTC(2024, 11, 31));

let server: ProviderServer;
let depositRows: Record<string, unknown>[] = [];
/** What GET apiRestrictions answers: the key is read-only unless a test lets it withdraw. */
let restrictions = 'binance/api-restrictions-read-only.json';

/** A history endpoint as Binance serves it: rows within [startTime, endTime], then offset and limit. */
const history = (rows: () => Record<string, unknown>[], time: (row: Record<string, unknown>) => number) => (req: FixtureRequest): RouteAnswer => {
  const end = Number(req.query.get('endTime') ?? NOW.getTime());
  const start = Number(req.query.get('startTime') ?? end - 90 * DAY);
  const offset = Number(req.query.get('offset') ?? 0);
  const limit = Number(req.query.get('limit') ?? 1000);
  const body = rows().filter((row) => time(row) >= start && time(row) <= end).slice(offset, offset + limit);
  return signed({ source: 'synthetic', note: 'Fixture rows filtered by the request window.', body })(req);
};

/** Three BTCUSDT trades in 2024: a buy, a sell, a buy, each with its commission in USDT. */
const TRADES = [1, 2, 3].map((n) => ({
  symbol: 'BTCUSDT', id: 500 + n, orderId: 9000 + n, orderListId: -1, price: '42000.10', qty: '0.00010000', quoteQty: '4.20001000',
  commission: '0.00420001', commissionAsset: 'USDT', time: Date.UTC(2024, 5, n), isBuyer: n !== 2, isMaker: false, isBestMatch: true,
}));

beforeAll(async () => {
  server = await startProviderServer({
    'GET /api/v3/exchangeInfo': 'binance/exchange-info.json',
    'GET /api/v3/account': signed('binance/account.json'),
    'GET /sapi/v1/account/apiRestrictions': (req) => signed(restrictions)(req),
    'GET /sapi/v1/capital/deposit/hisrec': history(() => depositRows, (row) => Number(row.insertTime)),
    'GET /sapi/v1/capital/withdraw/history': history(
      () => loadFixture('binance/withdraw-history-documented.json').body as Record<string, unknown>[],
      (row) => Date.parse(`${String(row.applyTime).replace(' ', 'T')}Z`),
    ),
    'GET /api/v3/myTrades': (req) => {
      const rows = req.query.get('symbol') === 'BTCUSDT' ? TRADES : [];
      const fromId = req.query.get('fromId');
      const startTime = Number(req.query.get('startTime') ?? 0);
      const body = rows.filter((t) => (fromId ? t.id >= Number(fromId) : t.time >= startTime));
      return signed({ source: 'synthetic', note: 'Generated trades of the test account.', body })(req);
    },
    'GET /sapi/v1/asset/dribblet': signed({ source: 'synthetic', note: 'No dust conversions.', body: { total: 0, userAssetDribblets: [] } }),
    'GET /sapi/v1/convert/tradeFlow': signed({ source: 'synthetic', note: 'No Convert trades.', body: { list: [], moreData: false } }),
    'GET /llama/prices/current/:coins': 'defillama/prices-current.json',
    'GET /cg/simple/price': { source: 'synthetic', note: 'CoinGecko knows none of the asked coins.', body: {} },
    'GET /cg/simple/token_price/:platform': 'coingecko/simple-token-price-empty.json',
  });
});

afterAll(async () => {
  await server?.close();
});

function deps(database: TestDatabase): SyncDeps {
  // Exchange requests wait on a limiter whose waits take no real time.
  const limiter = createRateLimiter({ now: Date.now, sleep: () => Promise.resolve() });
  return binanceSyncDeps({ db: database.db, serverUrl: server.url, now: () => NOW, limiter });
}

describe.each(availableDrivers())('exchange sync on %s', (kind) => {
  let database: TestDatabase;
  let cexId: string;
  const rows = () => database.db.select().from(transactions).where(eq(transactions.cexId, cexId));

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    depositRows = loadFixture('binance/deposit-history.json').body as Record<string, unknown>[];
    cexId = await addBinanceAccount(database.db, await addUser(database.db, 'exchange'));
    expect(await syncExchange(deps(database), cexId)).toBe('synced');
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  it('stores completed deposits and withdrawals with their fees', async () => {
    const all = await rows();
    const deposits = all.filter((r) => r.externalId?.startsWith('deposit:'));
    expect(deposits.map((r) => [r.tokenId, r.amount, r.direction, r.txHash]).sort()).toEqual([
      ['BINANCE:ETH', '1200000000000000000', 'INCOMING', '0x9e8d7c6b5a4938271605f4e3d2c1b0a99887766554433221100ffeeddccbbaa9'],
      ['BINANCE:ETH', '350000000000000000', 'INCOMING', '0x0f4c3ac50a3e44b2a6b8bbd2e3ea8ab4d5c2a2f2b1b4b9a3a0e4d8c7b6a59382'],
    ]);
    const withdrawals = all.filter((r) => r.externalId?.startsWith('withdrawal:'));
    expect(withdrawals).toHaveLength(3);
    const xrp = withdrawals.find((r) => r.tokenSymbol === 'XRP');
    expect(xrp).toMatchObject({ direction: 'OUTGOING', toAddress: 'r3T75fuLjX51mmfb5Sk1kMNuhBgBPJsjza', feeTokenId: 'BINANCE:XRP', network: null, walletId: null });
    expect(new Big(xrp?.amount ?? '0').div(new Big(10).pow(xrp?.tokenDecimals ?? 0)).eq('28.75')).toBe(true);
    expect(all.every((r) => r.cexId === cexId && r.kind !== 'AXIE_BREED')).toBe(true);
  });

  it('stores each trade as two SWAP rows naming each other, the fee on the side that left', async () => {
    const trades = (await rows()).filter((r) => r.externalId?.startsWith('trade:'));
    expect(trades).toHaveLength(6);
    const buy = trades.filter((r) => r.txHash === 'trade:BTC/USDT:501');
    const btc = buy.find((r) => r.tokenSymbol === 'BTC');
    const usdt = buy.find((r) => r.tokenSymbol === 'USDT');
    expect(btc).toMatchObject({ kind: 'SWAP', direction: 'INCOMING', amount: '10000', swappedAmount: '420001000', fee: null });
    expect(btc?.swappedToken).toMatchObject({ id: 'BINANCE:USDT', symbol: 'USDT', decimals: 8 });
    expect(usdt).toMatchObject({ kind: 'SWAP', direction: 'OUTGOING', amount: '420001000', swappedAmount: '10000', fee: '420001', feeTokenId: 'BINANCE:USDT' });
    const sell = trades.filter((r) => r.txHash === 'trade:BTC/USDT:502');
    expect(sell.find((r) => r.tokenSymbol === 'BTC')).toMatchObject({ direction: 'OUTGOING', fee: '420001' });
    expect(sell.find((r) => r.tokenSymbol === 'USDT')).toMatchObject({ direction: 'INCOMING', fee: null });
  });

  it('stores the balances with current prices and marks the account synchronized', async () => {
    const balances = await database.db.select().from(tokenBalances).where(eq(tokenBalances.cexId, cexId));
    expect(Object.fromEntries(balances.map((b) => [b.tokenId, b.amount]))).toEqual({
      'BINANCE:BTC': '1334567',
      'BINANCE:ETH': '1500000000000000000',
      'BINANCE:USDT': '135012345678',
    });
    const btc = balances.find((b) => b.tokenId === 'BINANCE:BTC');
    expect(btc?.priceUsd).toBe('98412.5');
    const eth = balances.find((b) => b.tokenId === 'BINANCE:ETH');
    const total = new Big(btc?.valueUsd ?? '0').plus(eth?.valueUsd ?? '0');
    expect(new Big(btc?.valueUsd ?? '0').eq(new Big('0.01334567').times('98412.5'))).toBe(true);
    const [account] = await database.db.select().from(centralisedExchanges).where(eq(centralisedExchanges.id, cexId));
    expect(account).toMatchObject({ isSynchronized: true, lastError: null, txLimitReached: false });
    expect(new Big(account?.totalBalance ?? '0').eq(total)).toBe(true);
    expect(account?.lastActivity?.toISOString()).toBe(new Date(1722470400000).toISOString());
  });

  it('runs incrementally: nothing twice, and the pending deposit once it completes', async () => {
    const before = (await rows()).length;
    const [deposits] = await database.db.select().from(syncCursors).where(and(eq(syncCursors.cexId, cexId), eq(syncCursors.kind, 'deposits')));
    expect(deposits?.since?.getTime()).toBe(1719792000000);
    expect(await syncExchange(deps(database), cexId)).toBe('synced');
    expect((await rows()).length).toBe(before);

    depositRows = depositRows.map((row) => (row.id === '4129387612398715' ? { ...row, status: 1 } : row));
    server.reset();
    expect(await syncExchange(deps(database), cexId)).toBe('synced');
    const after = await rows();
    expect(after.length).toBe(before + 1);
    expect(after.find((r) => r.externalId === 'deposit:4129387612398715')).toMatchObject({ tokenSymbol: 'USDT', amount: '25050000000' });
    // The deposit history is read from the pending deposit's time on, not from the beginning again.
    const first = server.requests.find((r) => r.path === '/sapi/v1/capital/deposit/hisrec');
    expect(Number(first?.query.startTime)).toBe(1719792000000);
  });

  it('stops syncing an account whose key has since been allowed to withdraw, keeping what is stored', async () => {
    const before = (await rows()).length;
    restrictions = 'binance/api-restrictions-withdraw-enabled.json';
    try {
      expect(await syncExchange(deps(database), cexId)).toBe('failed');
    } finally {
      restrictions = 'binance/api-restrictions-read-only.json';
    }
    const [account] = await database.db.select().from(centralisedExchanges).where(eq(centralisedExchanges.id, cexId));
    expect(account?.lastError).toBe('This API key can withdraw funds. Create a read-only key and try again.');
    expect(await rows()).toHaveLength(before);
    // A read-only key again: the next run syncs.
    expect(await syncExchange(deps(database), cexId)).toBe('synced');
  });

  it('records a refused key without retrying', async () => {
    const refused = await addBinanceAccount(database.db, await addUser(database.db, 'refused'), 'someone-elses-key-000000');
    expect(await syncExchange(deps(database), refused)).toBe('failed');
    const [account] = await database.db.select().from(centralisedExchanges).where(eq(centralisedExchanges.id, refused));
    expect(account).toMatchObject({ isSynchronized: false, lastError: 'Binance did not accept this API key. Check the API key and secret and try again.' });
  });
});
