import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { and, asc, eq, inArray, like, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { holdingsEndpoints } from '../../src/shared/contract/holdings';
import { nftEndpoints } from '../../src/shared/contract/nft';
import { portfolioEndpoints } from '../../src/shared/contract/portfolio';
import { transactionEndpoints } from '../../src/shared/contract/transactions';
import { isBitcoinAddress, isEvmAddress } from '../../src/shared/address-validation';
import { fifoCostBasis, unrealizedGain, type CostBasisEvent } from '../../src/shared/cost-basis';
import type { Balances, FungibleTokenSummaryRow } from '../../src/shared/contract/holdings';
import type { NftItem } from '../../src/shared/contract/nft';
import type { PortfolioHistory } from '../../src/shared/contract/portfolio';
import type { TransactionPage } from '../../src/shared/contract/transactions';
import { roundHalfUp } from '../../src/shared/money';
import { seedDatabase } from '../../src/server/seed-database';
import {
  nftHoldings,
  portfolioSnapshots,
  priceHistory,
  subscriptions,
  syncCursors,
  tokenBalances,
  transactions,
  users,
  wallets,
  type TransactionRow,
} from '../../src/server/db/schema';
import { DEMO_BITCOIN_COUNTERPARTIES } from '../../src/server/demo/demo-bitcoin-activity';
import { DAY_MS, DEMO_HISTORY_DAYS, isoDay, utcDayStart } from '../../src/server/demo/demo-calendar';
import { generateDemoData } from '../../src/server/demo/demo-generation';
import { DEMO_MARKER_KIND, ensureDemoData } from '../../src/server/demo/seed-demo-data';
import { DEMO_WALLETS, demoAuthKey } from '../../src/server/demo/demo-wallets';
import { snapshotPortfolios } from '../../src/server/portfolio/portfolio-snapshot';
import { availableDrivers } from './helpers/drivers';
import { setupSuite } from './helpers/suite';
import { json } from './helpers/test-client';
import { signInWithDemo } from './helpers/sign-in';

const PUBLIC_DIR = join(import.meta.dirname, '../../public');

interface DemoWallet {
  index: number;
  userId: string;
  walletId: string;
  address: string;
  network: 'ETHEREUM' | 'BITCOIN';
}

/** Balance per token implied by the rows: incoming less outgoing less fees (paid in the native coin). */
function balancesFromRows(rows: readonly TransactionRow[], nativeTokenId: string): Map<string, bigint> {
  const sums = new Map<string, bigint>();
  const add = (tokenId: string, delta: bigint) => sums.set(tokenId, (sums.get(tokenId) ?? 0n) + delta);
  for (const row of rows) {
    if (row.nftId === null) add(row.tokenId, row.direction === 'INCOMING' ? BigInt(row.amount) : -BigInt(row.amount));
    if (row.fee !== null) add(nativeTokenId, -BigInt(row.fee));
  }
  return sums;
}

describe.each(availableDrivers())('demo sample data on %s', (kind) => {
  const providerCalls: string[] = [];
  const noProvider: typeof fetch = (input) => {
    providerCalls.push(input instanceof Request ? input.url : input.toString());
    return Promise.reject(new Error('The demo must not reach a provider.'));
  };
  const suite = setupSuite(kind, { fetch: noProvider });
  const demo: DemoWallet[] = [];
  /** UTC midnight of the day the suite's database was seeded on: the last day of the demo history. */
  const seedDay = utcDayStart(suite.clock.now());

  beforeAll(async () => {
    for (const [index, definition] of DEMO_WALLETS.entries()) {
      const [row] = await suite.db
        .select({ userId: users.id, walletId: wallets.id, address: wallets.address })
        .from(users)
        .innerJoin(wallets, eq(wallets.userId, users.id))
        .where(and(eq(users.authKey, demoAuthKey(definition.address)), eq(wallets.network, definition.network)));
      if (row === undefined) throw new Error(`Demo wallet ${definition.name} is missing.`);
      demo.push({
        index,
        userId: row.userId,
        walletId: row.walletId,
        address: row.address,
        network: definition.network as DemoWallet['network'],
      });
    }
  });

  const walletOf = (network: DemoWallet['network']): DemoWallet => {
    const found = demo.find((d) => d.network === network);
    if (found === undefined) throw new Error(`No ${network} demo wallet.`);
    return found;
  };
  const rowsOf = (wallet: DemoWallet) =>
    suite.db.select().from(transactions).where(eq(transactions.walletId, wallet.walletId)).orderBy(asc(transactions.createdAt));
  const nativeOf = (wallet: DemoWallet) => (wallet.network === 'BITCOIN' ? 'BITCOIN:native' : 'ETHEREUM:native');

  it('gives each demo wallet token balances equal to the sum of its transactions per token', async () => {
    for (const wallet of demo) {
      const rows = await rowsOf(wallet);
      const stored = await suite.db.select().from(tokenBalances).where(eq(tokenBalances.walletId, wallet.walletId));
      const implied = balancesFromRows(rows, nativeOf(wallet));
      expect(stored.length).toBeGreaterThan(0);
      for (const balance of stored) expect(BigInt(balance.amount)).toBe(implied.get(balance.tokenId));
      for (const [tokenId, amount] of implied) {
        expect(amount).toBeGreaterThanOrEqual(0n);
        if (amount > 0n) expect(stored.map((b) => b.tokenId)).toContain(tokenId);
      }
    }
  });

  it('covers two years of transfers and swaps in several registry tokens, priced at their time', async () => {
    const eth = await rowsOf(walletOf('ETHEREUM'));
    const btc = await rowsOf(walletOf('BITCOIN'));
    expect(eth.length).toBeGreaterThan(200);
    expect(btc.length).toBeGreaterThan(40);
    expect(new Set(eth.filter((r) => r.nftId === null).map((r) => r.tokenSymbol))).toEqual(
      new Set(['ETH', 'USDC', 'USDT', 'DAI', 'LINK', 'UNI', 'WBTC']),
    );
    expect(eth.find((r) => r.tokenSymbol === 'USDC')?.tokenDecimals).toBe(6);
    expect(eth.find((r) => r.tokenSymbol === 'WBTC')?.tokenDecimals).toBe(8);
    expect(new Set(btc.map((r) => r.tokenId))).toEqual(new Set(['BITCOIN:native']));
    expect(new Set(eth.map((r) => r.kind))).toEqual(new Set(['TRANSFER', 'SWAP']));
    expect(new Set(btc.map((r) => r.kind))).toEqual(new Set(['TRANSFER']));

    const swaps = eth.filter((r) => r.kind === 'SWAP');
    expect(swaps.length).toBeGreaterThan(20);
    for (const swap of swaps) {
      const other = eth.find((r) => r.txHash === swap.txHash && r.kind === 'SWAP' && r.direction !== swap.direction);
      expect(other).toBeDefined();
      expect(swap.swappedToken?.id).toBe(other?.tokenId);
      expect(swap.swappedAmount).toBe(other?.amount);
    }
    // The fee is paid on the sender's native row, as the sync stores it.
    for (const row of [...eth, ...btc].filter((r) => r.fee !== null)) {
      expect(row).toMatchObject({ direction: 'OUTGOING', logIndex: -1 });
    }
    expect(btc.every((r) => r.gas === null && r.gasPrice === null)).toBe(true);
    expect(btc.some((r) => r.direction === 'OUTGOING' && r.fee !== null)).toBe(true);

    for (const wallet of demo) {
      const rows = wallet.network === 'BITCOIN' ? btc : eth;
      const lastDay = seedDay.getTime();
      const first = rows[0]?.createdAt.getTime() ?? 0;
      const last = rows[rows.length - 1]?.createdAt.getTime() ?? 0;
      expect(first).toBeGreaterThanOrEqual(lastDay - (DEMO_HISTORY_DAYS - 1) * DAY_MS);
      expect(first).toBeLessThan(lastDay - (DEMO_HISTORY_DAYS - 3) * DAY_MS);
      expect(last).toBeLessThan(lastDay);
      // Every row is priced, so the price-fill job never looks a demo row up with a provider.
      expect(rows.every((r) => r.priceUsd !== null && r.valueUsd !== null)).toBe(true);
      const counterparties = rows.map((r) => (r.direction === 'INCOMING' ? r.fromAddress : r.toAddress));
      const valid = wallet.network === 'BITCOIN' ? isBitcoinAddress : isEvmAddress;
      expect(counterparties.every(valid)).toBe(true);
    }
    expect(DEMO_BITCOIN_COUNTERPARTIES.every(isBitcoinAddress)).toBe(true);
  });

  it('stores daily snapshots for two years and the demo market\'s daily prices', async () => {
    for (const wallet of demo) {
      const snapshots = await suite.db
        .select()
        .from(portfolioSnapshots)
        .where(eq(portfolioSnapshots.userId, wallet.userId))
        .orderBy(asc(portfolioSnapshots.measuredOn));
      expect(snapshots).toHaveLength(DEMO_HISTORY_DAYS);
      expect(snapshots.at(-1)?.measuredOn).toBe(isoDay(seedDay));
      const days = snapshots.map((s) => Date.parse(`${s.measuredOn}T00:00:00Z`));
      expect(days.every((day, i) => i === 0 || day - (days[i - 1] ?? 0) === 86_400_000)).toBe(true);
      const [stored] = await suite.db.select().from(wallets).where(eq(wallets.id, wallet.walletId));
      expect(stored).toMatchObject({ isSynchronized: true, totalBalance: snapshots.at(-1)?.valueUsd });
      const [plan] = await suite.db.select().from(subscriptions).where(eq(subscriptions.userId, wallet.userId));
      expect(plan?.planCode).toBe('PLUS');
    }
    const prices = await suite.db
      .select({ key: priceHistory.tokenKey, count: sql<number>`count(*)::int` })
      .from(priceHistory)
      .where(like(priceHistory.tokenKey, 'demo:%'))
      .groupBy(priceHistory.tokenKey);
    expect(prices.map((p) => p.key).sort()).toEqual(
      [
        'demo:BITCOIN:native',
        'demo:ETHEREUM:native',
        ...['0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', '0xdac17f958d2ee523a2206206994597c13d831ec7', '0x6b175474e89094c44da98b954eedeac495271d0f', '0x514910771af9ca656af840dff83e8264ecf986ca', '0x1f9840a85d5af5bf1d1762f925bdaddc4201f984', '0x2260fac5e5542a773aa44fbcfedf7c193bc2c599'].map((a) => `demo:ETHEREUM:${a}`),
      ].sort(),
    );
    expect(prices.every((p) => p.count === DEMO_HISTORY_DAYS)).toBe(true);
    // Real quotes are never touched: every stored price of the demo sits under a demo: key.
    const [real] = await suite.db.select({ count: sql<number>`count(*)::int` }).from(priceHistory).where(sql`${priceHistory.tokenKey} not like 'demo:%'`);
    expect(real?.count).toBe(0);
  });

  it('holds NFTs whose images ship with the app', async () => {
    const nfts = await suite.db.select().from(nftHoldings).where(eq(nftHoldings.walletId, walletOf('ETHEREUM').walletId));
    expect(nfts.length).toBe(5);
    for (const nft of nfts) {
      expect(nft.imageUrl).toMatch(/^\/demo-nfts\/[a-z0-9-]+\.svg$/);
      expect(existsSync(join(PUBLIC_DIR, nft.imageUrl ?? ''))).toBe(true);
      expect(nft).toMatchObject({ standard: 'ERC721', amount: '1', priceCurrency: 'ETH', isPriceSynced: true });
      expect(nft.properties.length).toBeGreaterThan(0);
    }
    // The NFT passed on to a friend is in the history but no longer held.
    const rows = await rowsOf(walletOf('ETHEREUM'));
    const nftRows = rows.filter((r) => r.nftId !== null);
    expect(nftRows.filter((r) => r.direction === 'INCOMING')).toHaveLength(6);
    expect(nftRows.filter((r) => r.direction === 'OUTGOING')).toHaveLength(1);
  });

  it('answers balances, token and NFT summaries, history and transactions from the database alone', async () => {
    const wallet = walletOf('ETHEREUM');
    // Today is the seed day, so the whole stored history falls in the window.
    suite.clock.set(new Date(seedDay.getTime() + 15 * 3_600_000));
    const client = suite.client();
    const user = await signInWithDemo(client, wallet.index);
    expect(user.id).toBe(wallet.userId);

    const balances = await json<Balances>(await client.get(holdingsEndpoints.balances.path));
    const stored = await suite.db.select().from(tokenBalances).where(eq(tokenBalances.walletId, wallet.walletId));
    expect(balances.fiat_currency).toBe('USD');
    expect(balances.tokens.map((t) => t.token.symbol).sort()).toEqual(stored.map((b) => b.tokenSymbol).sort());
    expect(balances.tokens.every((t) => t.value_fiat !== null)).toBe(true);

    const history = await json<PortfolioHistory>(await client.get(`${portfolioEndpoints.portfolioValueHistory.path}?num_days=730`));
    expect(history.premium_user).toBe(true);
    expect(history.data_points).toHaveLength(DEMO_HISTORY_DAYS);
    expect(history.data_points.at(-1)?.value_fiat).toBe(balances.total.value_fiat);

    const summary = await json<{ results: FungibleTokenSummaryRow[]; count: number }>(
      await client.get(`${holdingsEndpoints.fungibleTokensSummary.path}?page=1&size=10`),
    );
    expect(summary.count).toBe(stored.length);
    const rows = await rowsOf(wallet);
    for (const entry of summary.results) {
      expect(entry.current_price).not.toBeNull();
      expect(entry.unrealized_gain).not.toBeNull();
      // The same FIFO over every stored row (fees are outflows of ETH) gives the same gain.
      const balance = stored.find((b) => b.tokenSymbol === entry.token.symbol);
      if (balance === undefined) throw new Error(`No balance for ${entry.token.symbol}`);
      const events: CostBasisEvent[] = [];
      for (const row of rows) {
        if (row.tokenId === balance.tokenId && row.nftId === null) {
          events.push({ kind: row.direction === 'INCOMING' ? 'in' : 'out', amount: BigInt(row.amount), priceFiat: row.priceUsd, at: row.createdAt });
        }
        if (row.fee !== null && balance.tokenId === 'ETHEREUM:native') {
          events.push({ kind: 'out', amount: BigInt(row.fee), priceFiat: row.priceUsd, at: row.createdAt });
        }
      }
      const position = fifoCostBasis(events, balance.tokenDecimals);
      expect(position.remaining).toBe(BigInt(balance.amount));
      const gain = unrealizedGain(position, balance.priceUsd);
      expect(entry.unrealized_gain).toBe(roundHalfUp(gain ?? '0', 2).toFixed());
    }

    const nfts = await json<NftItem[]>(await client.get(nftEndpoints.nonFungibleTokensSummary.path));
    expect(nfts).toHaveLength(5);
    expect(nfts.every((n) => n.image_url?.startsWith('/demo-nfts/') === true && n.price !== null)).toBe(true);

    const page = await json<TransactionPage>(await client.get(transactionEndpoints.listTransactions.path));
    expect(page.results).toHaveLength(10);
    expect(page.next).not.toBeNull();
    const swaps = await json<TransactionPage>(await client.get(`${transactionEndpoints.listTransactions.path}?token__in=LINK&limit=100`));
    expect(swaps.results.length).toBeGreaterThan(0);
    expect(swaps.results.every((t) => t.token.symbol === 'LINK' && t.value_fiat !== null)).toBe(true);

    const bitcoin = suite.client();
    await signInWithDemo(bitcoin, walletOf('BITCOIN').index);
    const btcBalances = await json<Balances>(await bitcoin.get(holdingsEndpoints.balances.path));
    expect(btcBalances.tokens.map((t) => t.token.symbol)).toEqual(['BTC']);
    const btcHistory = await json<PortfolioHistory>(await bitcoin.get(`${portfolioEndpoints.portfolioValueHistory.path}?num_days=30`));
    expect(btcHistory.data_points).toHaveLength(30);

    expect(providerCalls).toEqual([]);
  });

  const demoRefs = () => demo.map(({ userId, walletId, address, network }) => ({ userId, walletId, address, network }));
  /** Every stored demo row that identifies the data set: transactions with their ids, balances, snapshots, prices. */
  const storedDemoData = async () => {
    const walletIds = demo.map((d) => d.walletId);
    const rows = await suite.db
      .select({ id: transactions.id, txHash: transactions.txHash, logIndex: transactions.logIndex, amount: transactions.amount, at: transactions.createdAt })
      .from(transactions)
      .where(inArray(transactions.walletId, walletIds))
      .orderBy(asc(transactions.txHash), asc(transactions.logIndex), asc(transactions.walletId));
    const balances = await suite.db
      .select({ walletId: tokenBalances.walletId, tokenId: tokenBalances.tokenId, amount: tokenBalances.amount, valueUsd: tokenBalances.valueUsd })
      .from(tokenBalances)
      .where(inArray(tokenBalances.walletId, walletIds))
      .orderBy(asc(tokenBalances.walletId), asc(tokenBalances.tokenId));
    const snapshots = await suite.db
      .select({ userId: portfolioSnapshots.userId, measuredOn: portfolioSnapshots.measuredOn, valueUsd: portfolioSnapshots.valueUsd })
      .from(portfolioSnapshots)
      .where(inArray(portfolioSnapshots.userId, demo.map((d) => d.userId)))
      .orderBy(asc(portfolioSnapshots.userId), asc(portfolioSnapshots.measuredOn));
    const prices = await suite.db
      .select({ key: priceHistory.tokenKey, at: priceHistory.bucketStart, price: priceHistory.priceUsd })
      .from(priceHistory)
      .where(like(priceHistory.tokenKey, 'demo:%'))
      .orderBy(asc(priceHistory.tokenKey), asc(priceHistory.bucketStart));
    const markers = await suite.db
      .select({ walletId: syncCursors.walletId, fingerprint: syncCursors.lastTxid, since: syncCursors.since })
      .from(syncCursors)
      .where(and(inArray(syncCursors.walletId, walletIds), eq(syncCursors.kind, DEMO_MARKER_KIND)))
      .orderBy(asc(syncCursors.walletId));
    return { rows, balances, snapshots, prices, markers };
  };
  /** What the generator makes for the day of `at`, in the shape of storedDemoData (without row ids). */
  const expectedDemoData = (at: Date) => {
    const generated = generateDemoData(at, demoRefs());
    const key = (r: { txHash: string; logIndex?: number; amount: string }) => `${r.txHash}:${String(r.logIndex)}:${r.amount}`;
    return {
      generated,
      transactionKeys: generated.wallets.flatMap(({ data }) => data.transactions.map(key)).sort(),
      storedKeys: (rows: { txHash: string; logIndex: number; amount: string }[]) => rows.map(key).sort(),
    };
  };

  it('changes nothing when the seed or the snapshot job runs again later the same day', async () => {
    const before = await storedDemoData();
    expect(before.markers).toHaveLength(2);
    const lastMinute = new Date(seedDay.getTime() + DAY_MS - 60_000);
    await seedDatabase(suite.db, lastMinute);
    await snapshotPortfolios({ db: suite.db, now: () => lastMinute });
    expect(await ensureDemoData(suite.db, new Date(seedDay.getTime() + 1))).toBe(false);
    // Same rows, same ids: nothing was rewritten.
    expect(await storedDemoData()).toEqual(before);
  });

  it('stores exactly the generator\'s output for the seed day, whatever the time of that day', async () => {
    const stored = await storedDemoData();
    for (const at of [new Date(seedDay.getTime() + 60_000), new Date(seedDay.getTime() + DAY_MS - 1_000)]) {
      const expected = expectedDemoData(at);
      expect(expected.storedKeys(stored.rows)).toEqual(expected.transactionKeys);
      expect(stored.markers.map((m) => m.fingerprint)).toEqual([expected.generated.fingerprint, expected.generated.fingerprint]);
      expect(stored.markers.every((m) => m.since?.getTime() === seedDay.getTime())).toBe(true);
    }
  });

  it('brings the history up to the current day when the snapshot job runs on a later day', async () => {
    const before = await storedDemoData();
    const later = new Date(seedDay.getTime() + 3 * DAY_MS + 5 * 3_600_000);
    const laterDay = utcDayStart(later);
    suite.clock.set(later);
    await snapshotPortfolios({ db: suite.db, now: () => suite.clock.now() });

    const after = await storedDemoData();
    const expected = expectedDemoData(later);
    expect(expected.storedKeys(after.rows)).toEqual(expected.transactionKeys);
    expect(after.markers.map((m) => [m.fingerprint, m.since?.getTime()])).toEqual([
      [expected.generated.fingerprint, laterDay.getTime()],
      [expected.generated.fingerprint, laterDay.getTime()],
    ]);
    expect(expected.generated.fingerprint).not.toBe(before.markers[0]?.fingerprint);
    // Still two years, now ending today: nothing of the window that passed is left behind.
    for (const wallet of demo) {
      const days = after.snapshots.filter((s) => s.userId === wallet.userId).map((s) => s.measuredOn);
      expect(days).toHaveLength(DEMO_HISTORY_DAYS);
      expect(days[0]).toBe(isoDay(new Date(laterDay.getTime() - (DEMO_HISTORY_DAYS - 1) * DAY_MS)));
      expect(days.at(-1)).toBe(isoDay(laterDay));
      const [stored] = await suite.db.select().from(wallets).where(eq(wallets.id, wallet.walletId));
      expect(stored?.lastSyncedAt?.getTime()).toBe(laterDay.getTime());
    }
    expect(after.prices).toHaveLength(before.prices.length);
    expect(after.prices.every((p) => p.at.getTime() > laterDay.getTime() - DEMO_HISTORY_DAYS * DAY_MS && p.at.getTime() <= laterDay.getTime())).toBe(true);
    expect(after.rows.every((r) => r.at.getTime() < laterDay.getTime())).toBe(true);

    // The API serves the new window: its last point is today's value.
    const client = suite.client();
    await signInWithDemo(client, walletOf('ETHEREUM').index);
    const history = await json<PortfolioHistory>(await client.get(`${portfolioEndpoints.portfolioValueHistory.path}?num_days=730`));
    expect(history.data_points).toHaveLength(DEMO_HISTORY_DAYS);
    expect(history.data_points.at(-1)?.measured_on).toBe(isoDay(laterDay));
    const balances = await json<Balances>(await client.get(holdingsEndpoints.balances.path));
    expect(history.data_points.at(-1)?.value_fiat).toBe(balances.total.value_fiat);

    // A second run that day leaves it alone.
    suite.clock.advance(12 * 3_600_000);
    await snapshotPortfolios({ db: suite.db, now: () => suite.clock.now() });
    expect(await storedDemoData()).toEqual(after);
  });

  it('rewrites data an older generator made, and data that was changed', async () => {
    const now = suite.clock.now();
    const current = await storedDemoData();
    const eth = walletOf('ETHEREUM');
    // As an install seeded before: other markers (or none), a row too many, a stray price of an old day.
    await suite.db.update(syncCursors).set({ lastTxid: 'an-older-generator' }).where(eq(syncCursors.walletId, eth.walletId));
    await suite.db.delete(syncCursors).where(and(eq(syncCursors.walletId, walletOf('BITCOIN').walletId), eq(syncCursors.kind, DEMO_MARKER_KIND)));
    const [sample] = await rowsOf(eth);
    if (sample === undefined) throw new Error('The demo wallet has no transactions.');
    const { id: _id, ...copy } = sample;
    await suite.db.insert(transactions).values({ ...copy, txHash: `0x${'ab'.repeat(32)}` });
    await suite.db.update(tokenBalances).set({ amount: '1' }).where(eq(tokenBalances.walletId, eth.walletId));
    await suite.db.insert(priceHistory).values({ tokenKey: 'demo:ETHEREUM:native', resolution: 'day', bucketStart: new Date('2001-01-01T00:00:00Z'), priceUsd: '1', source: 'demo' });

    expect(await ensureDemoData(suite.db, now)).toBe(true);
    const rewritten = await storedDemoData();
    const strip = (data: typeof current) => ({ ...data, rows: data.rows.map(({ id: _ignored, ...rest }) => rest) });
    expect(strip(rewritten)).toEqual(strip(current));
    expect(await ensureDemoData(suite.db, now)).toBe(false);
  });

  it('rewrites once when several processes find the data stale at the same moment', async () => {
    const now = new Date(suite.clock.now().getTime() + DAY_MS);
    const results = await Promise.all([ensureDemoData(suite.db, now), ensureDemoData(suite.db, now), ensureDemoData(suite.db, now)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    const stored = await storedDemoData();
    const expected = expectedDemoData(now);
    expect(expected.storedKeys(stored.rows)).toEqual(expected.transactionKeys);
    expect(stored.snapshots).toHaveLength(2 * DEMO_HISTORY_DAYS);
    expect(stored.markers.every((m) => m.fingerprint === expected.generated.fingerprint)).toBe(true);
  });
});
