/**
 * A wallet synced through the explorer path (Etherscan API V2 on the fixture server, configured through the
 * environment as in production): every transfer kind, fees, failed calls, contract creation, internal
 * transfers, a swap across kinds, spam, NFTs, balances summed from the rows, prices; then an explorer outage
 * (HTTP 503 from every source) that keeps the stored data and records the error, and the recovery.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { fxRates, syncCursors, tokenBalances, transactions, users, wallets } from '../../src/server/db/schema';
import { loadConfig } from '../../src/server/config/env';
import { createLogger } from '../../src/server/logging/logger';
import { createHttpClient } from '../../src/server/providers/http/http-client';
import { isProviderError } from '../../src/server/providers/http/provider-error';
import { fillFxRates } from '../../src/server/sync/fx-fill';
import { fillMissingPrices } from '../../src/server/sync/price-fill';
import { createSyncDeps, type SyncDeps } from '../../src/server/sync/sync-deps';
import { syncWallet } from '../../src/server/sync/wallet-sync';
import { byQuery, loadFixture, startProviderServer, type Fixture, type ProviderServer, type RouteHandler } from '../fixtures/provider-server';
import { workingDayRates } from '../fixtures/frankfurter-series';
import { availableDrivers } from './helpers/drivers';
import { loopbackFetch } from './helpers/loopback-fetch';
import { openTestDatabase, type TestDatabase } from './helpers/test-database';
import { addUser, addWallet, walletBalances, walletNfts } from './sync-support';

const WALLET = '0x5a0b54d5dc17e0aadc383d2db43b0a0d3e029c4c';
const ROUTER = '0x7a250d5630b4cf539739df2c5dacb4c659f2488d';
const USDT = '0xdac17f958d2ee523a2206206994597c13d831ec7';
const SCAM = '0x1111111111111111111111111111111111111111';
const hash = (suffix: string) => `0x${suffix.padStart(64, '0')}`;

function rowsOf(file: string): Record<string, unknown>[] {
  return (loadFixture(file).body as { result: Record<string, unknown>[] }).result;
}

/** The recorded ERC-20 rows plus the wallet's USDT leg of the internal-transfer swap in b1, and a spam airdrop. */
const tokentx: Fixture = {
  source: 'synthetic',
  note: 'etherscan/tokentx.json with two more rows in the same shape: the USDT paid in swap b1, and an airdropped scam token.',
  body: {
    status: '1',
    message: 'OK',
    result: [
      ...rowsOf('etherscan/tokentx.json'),
      {
        ...rowsOf('etherscan/tokentx.json')[1],
        blockNumber: '14923800',
        timeStamp: '1654648000',
        hash: hash('b1'),
        from: WALLET,
        to: ROUTER,
        value: '300000000',
        logIndex: '7',
      },
      {
        ...rowsOf('etherscan/tokentx.json')[0],
        blockNumber: '14924200',
        timeStamp: '1654650000',
        hash: hash('f1'),
        from: '0x9999999999999999999999999999999999999999',
        to: WALLET,
        value: '1000000000000000000000',
        contractAddress: SCAM,
        tokenName: 'Visit claim-rewards.com to claim',
        tokenSymbol: 'CLAIM',
        tokenDecimal: '18',
        logIndex: '3',
      },
    ],
  },
};

const explorer: Record<string, RouteHandler> = {
  txlist: 'etherscan/txlist.json',
  txlistinternal: 'etherscan/txlistinternal.json',
  tokentx,
  tokennfttx: 'etherscan/tokennfttx.json',
  token1155tx: 'etherscan/token1155tx.json',
};

let server: ProviderServer;

beforeAll(async () => {
  server = await startProviderServer({
    'GET /v2/api': byQuery('action', explorer),
    'GET /blockscout/api': 'etherscan/http-503.json',
    'GET /ronin/api': 'etherscan/no-transactions.json',
    'GET /routescan/v2/network/mainnet/evm/1/etherscan/api': 'etherscan/http-503.json',
    'GET /llama/prices/current/:coins': 'defillama/prices-current.json',
    'GET /llama/prices/historical/:timestamp/:coins': (req) =>
      req.params.coins === 'coingecko:ethereum' ? 'defillama/prices-historical-eth.json' : 'defillama/prices-empty.json',
    'GET /cg/simple/price': { source: 'synthetic', note: 'CoinGecko knows none of the asked coins.', body: {} },
    'GET /cg/simple/token_price/:platform': 'coingecko/simple-token-price-empty.json',
    'GET /cg/coins/:id/history': 'coingecko/coins-history-without-market-data.json',
    'GET /fx/:day': (req) => {
      if (req.params.day === 'latest') return 'frankfurter/latest-usd.json';
      const [from, to] = (req.params.day ?? '').split('..');
      if (to === undefined) {
        return { source: 'synthetic', note: 'A Frankfurter fixing for the asked day, in the documented shape.', body: { amount: 1, base: 'USD', date: from, rates: { EUR: 0.9 } } };
      }
      return { source: 'synthetic', note: 'A Frankfurter time series (working days) for the asked range, in the documented shape.', body: { amount: 1, base: 'USD', start_date: from, end_date: to, rates: workingDayRates(from ?? '', to, { EUR: 0.9 }) } };
    },
  });
});

afterAll(async () => {
  await server?.close();
});

function deps(database: TestDatabase, now = () => new Date()): SyncDeps {
  const config = loadConfig({
    SECRET_KEY: 'sync-explorer-secret-key-0123456789abcdef',
    DATA_DIR: '/nonexistent-test-data-dir',
    ETHERSCAN_API_KEY: 'test-key',
    ETHERSCAN_BASE_URL: `${server.url}/v2/api`,
    BLOCKSCOUT_URLS: `ETHEREUM=${server.url}/blockscout/api,RONIN=${server.url}/ronin/api`,
    ROUTESCAN_BASE_URL: `${server.url}/routescan`,
    DEFILLAMA_BASE_URL: `${server.url}/llama`,
    COINGECKO_BASE_URL: `${server.url}/cg`,
    FRANKFURTER_BASE_URL: `${server.url}/fx`,
  });
  const logger = createLogger('silent');
  const base = createSyncDeps({
    db: database.db,
    config,
    logger,
    now,
    http: createHttpClient({ fetch: loopbackFetch, sleep: () => Promise.resolve(), logger }),
  });
  // No JSON-RPC node here: balances are the sums of the stored rows; no NFT metadata host either.
  return { ...base, evmBalances: () => null, nftMetadata: null };
}

describe.each(availableDrivers())('explorer sync on %s', (kind) => {
  let database: TestDatabase;
  let walletId: string;
  let userId: string;
  const rows = () => database.db.select().from(transactions).where(eq(transactions.walletId, walletId));
  const row = async (txHash: string, direction?: string) =>
    (await rows()).filter((r) => r.txHash === txHash && (direction === undefined || r.direction === direction));

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    userId = await addUser(database.db, 'explorer');
    walletId = await addWallet(database.db, userId, 'ETHEREUM', '0x5A0b54D5dc17e0AadC383d2db43B0a0D3E029c4c');
    server.route('GET /v2/api', byQuery('action', explorer));
    expect(await syncWallet(deps(database), walletId)).toBe('synced');
  });
  afterAll(async () => {
    await database?.close();
  });

  it('stores every transfer concerning the wallet once, with direction, fee and errors', async () => {
    const all = await rows();
    expect(all).toHaveLength(11);
    const [creation] = await row(hash('a1'));
    expect(creation).toMatchObject({ direction: 'OUTGOING', toAddress: '0xc5102fe9359fd9a28f877a67e36b0f050d81a3cc', amount: '0', fee: (4_730_813n * 83_924_748_773n).toString(), logIndex: -1, tokenSymbol: 'ETH' });
    const [received] = await row(hash('a2'));
    expect(received).toMatchObject({ direction: 'INCOMING', amount: '1500000000000000000', fee: null, fromAddress: '0x8ba1f109551bd432803012645ac136ddd64dba72' });
    const [failed] = await row(hash('a3'));
    expect(failed).toMatchObject({ direction: 'OUTGOING', isError: true, fee: (31_200n * 40_000_000_000n).toString(), method: 'transfer(address _to, uint256 _value)' });
    const internal = await row(hash('b1'), 'INCOMING');
    expect(internal.map((r) => r.amount)).toEqual(['250000000000000000', '250000000000000000']);
    expect(new Set(internal.map((r) => r.logIndex)).size).toBe(2);
    expect(internal.every((r) => r.logIndex <= -2)).toBe(true);
    const [usdtIn] = await row(hash('c1'));
    expect(usdtIn).toMatchObject({ direction: 'INCOMING', amount: '2500000000', tokenId: `ETHEREUM:${USDT}`, tokenSymbol: 'USDT', tokenDecimals: 6, isSpam: false });
    const [kitty] = await row(hash('d1'));
    expect(kitty).toMatchObject({ direction: 'INCOMING', nftId: '1423', amount: '1', tokenName: 'CryptoKitties', tokenDecimals: 0, isSpam: false });
    const [asset] = await row(hash('e1'));
    expect(asset).toMatchObject({ direction: 'INCOMING', amount: '12', nftId: '115792089237316195423570985008687907853269984665640564039457584007913129639935' });
  });

  it('classifies the swap across kinds: ETH in through internal transfers, USDT out', async () => {
    const legs = await row(hash('b1'));
    expect(legs).toHaveLength(3);
    expect(legs.every((leg) => leg.kind === 'SWAP')).toBe(true);
    const usdtOut = legs.find((leg) => leg.direction === 'OUTGOING');
    expect(usdtOut).toMatchObject({ amount: '300000000', swappedAmount: '250000000000000000' });
    expect(usdtOut?.swappedToken).toMatchObject({ id: 'ETHEREUM:native', symbol: 'ETH', decimals: 18 });
    for (const leg of legs.filter((l) => l.direction === 'INCOMING')) {
      expect(leg).toMatchObject({ swappedAmount: '300000000' });
      expect(leg.swappedToken).toMatchObject({ id: `ETHEREUM:${USDT}`, symbol: 'USDT' });
    }
    expect((await row(hash('c1')))[0]?.kind).toBe('TRANSFER');
  });

  it('flags the airdropped scam token as spam and leaves it out of the value', async () => {
    const [scam] = await row(hash('f1'));
    expect(scam?.isSpam).toBe(true);
    const [balance] = await database.db
      .select()
      .from(tokenBalances)
      .where(and(eq(tokenBalances.walletId, walletId), eq(tokenBalances.tokenId, `ETHEREUM:${SCAM}`)));
    expect(balance).toMatchObject({ isSpam: true, amount: '1000000000000000000000', valueUsd: null });
  });

  it('derives balances and NFTs from the rows and prices them from DefiLlama', async () => {
    const fees = 4_730_813n * 83_924_748_773n + 31_200n * 40_000_000_000n;
    const eth = 1_500_000_000_000_000_000n + 500_000_000_000_000_000n - fees;
    expect(await walletBalances(database.db, walletId)).toEqual({ ETH: eth.toString(), USDT: '2199000000', CLAIM: '1000000000000000000000' });
    expect(await walletNfts(database.db, walletId)).toEqual(['115792089237316195423570985008687907853269984665640564039457584007913129639935', '1423']);
    const [ethBalance] = await database.db
      .select()
      .from(tokenBalances)
      .where(and(eq(tokenBalances.walletId, walletId), eq(tokenBalances.tokenId, 'ETHEREUM:native')));
    expect(ethBalance?.priceUsd).toBe('3512.37');
    const [wallet] = await database.db.select().from(wallets).where(eq(wallets.id, walletId));
    expect(wallet?.totalBalance).toBe(ethBalance?.valueUsd);
  });

  it('fills historical prices; tokens no source knows stay unpriced and are not asked again at once', async () => {
    const d = deps(database);
    await fillMissingPrices(d);
    const all = await rows();
    for (const r of all.filter((t) => t.tokenSymbol === 'ETH')) expect(r.priceUsd).toBe('1649.87');
    for (const r of all.filter((t) => t.tokenSymbol === 'USDT')) {
      expect(r.priceUsd).toBeNull();
      expect(r.priceCheckedAt).not.toBeNull();
    }
    server.reset();
    expect((await fillMissingPrices(d)).checked).toBe(0);
    expect(server.requests).toHaveLength(0);
  });

  it('runs one sync of a wallet at a time, also when one worker is asked twice at once', async () => {
    const d = deps(database);
    const outcomes = await Promise.all([syncWallet(d, walletId), syncWallet(d, walletId)]);
    expect(outcomes.sort()).toEqual(['busy', 'synced']);
    expect(await syncWallet(d, walletId)).toBe('synced');
  });

  it('reads a Ronin wallet from the Ronin explorer (Blockscout)', async () => {
    const ronin = await addWallet(database.db, userId, 'RONIN', '0x8ba1f109551bd432803012645ac136ddd64dba72');
    server.reset();
    expect(await syncWallet(deps(database), ronin)).toBe('synced');
    expect(server.requests.map((r) => [r.path, r.query.action])).toEqual(
      ['txlist', 'txlistinternal', 'tokentx', 'tokennfttx', 'token1155tx'].map((action) => ['/ronin/api', action]),
    );
    const [wallet] = await database.db.select().from(wallets).where(eq(wallets.id, ronin));
    expect(wallet).toMatchObject({ isSynchronized: true, syncError: null });
  });

  it('stores daily FX rates for the days of the transactions of users paying in another fiat', async () => {
    await database.db.update(users).set({ fiatCurrency: 'EUR' }).where(eq(users.id, userId));
    const now = new Date('2024-11-22T15:00:00Z');
    server.reset();
    const stored = await fillFxRates(deps(database, () => now));
    // The past days come in one time-series request; today's rate is the latest fixing.
    const fxPaths = server.requests.map((r) => r.path).filter((path) => path.startsWith('/fx/'));
    expect(fxPaths).toHaveLength(2);
    expect(fxPaths.filter((path) => path.includes('..'))).toHaveLength(1);
    expect(fxPaths).toContain('/fx/latest');
    const days = new Set((await rows()).map((r) => r.createdAt.toISOString().slice(0, 10)));
    const rates = await database.db.select().from(fxRates).where(eq(fxRates.currency, 'EUR'));
    expect(stored).toBe(days.size + 1);
    expect(new Set(rates.map((r) => r.day))).toEqual(new Set([...days, '2024-11-22']));
    expect(rates.find((r) => r.day === '2024-11-22')?.perUsd).toBe('0.95877');
    for (const day of days) expect(rates.find((r) => r.day === day)?.perUsd).toBe('0.9');
    expect(await fillFxRates(deps(database, () => now))).toBe(0);
  });

  it('an outage of every explorer keeps the data, records the error and schedules a retry', async () => {
    const before = (await rows()).map((r) => r.id).sort();
    server.route('GET /v2/api', 'etherscan/http-503.json');
    const now = new Date();
    const error = await syncWallet(deps(database, () => now), walletId).catch((e: unknown) => e);
    expect(isProviderError(error) && error.retryable).toBe(true);
    expect((await rows()).map((r) => r.id).sort()).toEqual(before);
    const [wallet] = await database.db.select().from(wallets).where(eq(wallets.id, walletId));
    expect(wallet).toMatchObject({ isSynchronized: true, syncError: 'Etherscan is not answering; retrying later.' });
    const [account] = await database.db
      .select()
      .from(syncCursors)
      .where(and(eq(syncCursors.walletId, walletId), eq(syncCursors.kind, 'account')));
    expect(account).toMatchObject({ status: 'ERROR', attempts: 1, lockedBy: null, lastError: 'Etherscan is not answering; retrying later.' });
    expect(account?.nextRunAt?.getTime()).toBe(now.getTime() + 15 * 60_000);
    expect(await walletBalances(database.db, walletId)).toHaveProperty('ETH');

    await syncWallet(deps(database, () => now), walletId).catch(() => undefined);
    const [again] = await database.db
      .select()
      .from(syncCursors)
      .where(and(eq(syncCursors.walletId, walletId), eq(syncCursors.kind, 'account')));
    expect(again?.attempts).toBe(2);
    expect(again?.nextRunAt?.getTime()).toBe(now.getTime() + 30 * 60_000);

    server.route('GET /v2/api', byQuery('action', explorer));
    expect(await syncWallet(deps(database), walletId)).toBe('synced');
    const [recovered] = await database.db.select().from(wallets).where(eq(wallets.id, walletId));
    expect(recovered?.syncError).toBeNull();
    expect((await rows()).map((r) => r.id).sort()).toEqual(before);
  });
});
