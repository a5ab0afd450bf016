import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { and, asc, eq, inArray, like, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../src/shared/api-paths';
import { isBitcoinAddress, isEvmAddress } from '../../src/shared/address-validation';
import { fifoCostBasis, unrealizedGain, type CostBasisEvent } from '../../src/shared/cost-basis';
import type { Balances, FungibleTokenSummaryRow, NftItem, PortfolioHistory, TransactionPage } from '../../src/shared/data-types';
import { roundHalfUp } from '../../src/shared/money';
import { seedDatabase } from '../../src/server/db/seed';
import {
  nftHoldings,
  portfolioSnapshots,
  priceHistory,
  subscriptions,
  tokenBalances,
  transactions,
  users,
  wallets,
  type TransactionRow,
} from '../../src/server/db/schema';
import { DEMO_BITCOIN_COUNTERPARTIES } from '../../src/server/demo/demo-bitcoin-activity';
import { DEMO_HISTORY_DAYS, isoDay, utcDayStart } from '../../src/server/demo/demo-calendar';
import { buildDemoWalletData, demoMarket } from '../../src/server/demo/demo-dataset';
import { DEMO_WALLETS, demoAuthKey } from '../../src/server/demo/demo-wallets';
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
  seedDate: Date;
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

  beforeAll(async () => {
    for (const [index, definition] of DEMO_WALLETS.entries()) {
      const [row] = await suite.db
        .select({ userId: users.id, createdAt: users.createdAt, walletId: wallets.id, address: wallets.address })
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
        seedDate: row.createdAt,
      });
    }
    // The demo data is anchored to the first demo user's creation.
    const first = new Date(Math.min(...demo.map((d) => d.seedDate.getTime())));
    for (const d of demo) d.seedDate = first;
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
      const seedDay = utcDayStart(wallet.seedDate).getTime();
      const first = rows[0]?.createdAt.getTime() ?? 0;
      const last = rows[rows.length - 1]?.createdAt.getTime() ?? 0;
      expect(first).toBeGreaterThanOrEqual(seedDay - (DEMO_HISTORY_DAYS - 1) * 86_400_000);
      expect(first).toBeLessThan(seedDay - (DEMO_HISTORY_DAYS - 3) * 86_400_000);
      expect(last).toBeLessThan(seedDay);
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
      expect(snapshots.at(-1)?.measuredOn).toBe(isoDay(wallet.seedDate));
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
    suite.clock.set(new Date(utcDayStart(wallet.seedDate).getTime() + 15 * 3_600_000));
    const client = suite.client();
    const user = await signInWithDemo(client, wallet.index);
    expect(user.id).toBe(wallet.userId);

    const balances = await json<Balances>(await client.get(API.balances));
    const stored = await suite.db.select().from(tokenBalances).where(eq(tokenBalances.walletId, wallet.walletId));
    expect(balances.fiat_currency).toBe('USD');
    expect(balances.tokens.map((t) => t.token.symbol).sort()).toEqual(stored.map((b) => b.tokenSymbol).sort());
    expect(balances.tokens.every((t) => t.value_fiat !== null)).toBe(true);

    const history = await json<PortfolioHistory>(await client.get(`${API.portfolioValueHistory}?num_days=730`));
    expect(history.premium_user).toBe(true);
    expect(history.data_points).toHaveLength(DEMO_HISTORY_DAYS);
    expect(history.data_points.at(-1)?.value_fiat).toBe(balances.total.value_fiat);

    const summary = await json<{ results: FungibleTokenSummaryRow[]; count: number }>(
      await client.get(`${API.fungibleTokensSummary}?page=1&size=10`),
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

    const nfts = await json<NftItem[]>(await client.get(API.nonFungibleTokensSummary));
    expect(nfts).toHaveLength(5);
    expect(nfts.every((n) => n.image_url?.startsWith('/demo-nfts/') === true && n.price !== null)).toBe(true);

    const page = await json<TransactionPage>(await client.get(API.transactions));
    expect(page.results).toHaveLength(10);
    expect(page.next).not.toBeNull();
    const swaps = await json<TransactionPage>(await client.get(`${API.transactions}?token__in=LINK&limit=100`));
    expect(swaps.results.length).toBeGreaterThan(0);
    expect(swaps.results.every((t) => t.token.symbol === 'LINK' && t.value_fiat !== null)).toBe(true);

    const bitcoin = suite.client();
    await signInWithDemo(bitcoin, walletOf('BITCOIN').index);
    const btcBalances = await json<Balances>(await bitcoin.get(API.balances));
    expect(btcBalances.tokens.map((t) => t.token.symbol)).toEqual(['BTC']);
    const btcHistory = await json<PortfolioHistory>(await bitcoin.get(`${API.portfolioValueHistory}?num_days=30`));
    expect(btcHistory.data_points).toHaveLength(30);

    expect(providerCalls).toEqual([]);
  });

  it('changes nothing when the seed runs again, on a later day', async () => {
    const count = async () => {
      const [row] = await suite.db
        .select({ n: sql<number>`count(*)::int`, hashes: sql<string>`md5(string_agg(${transactions.txHash} || ${transactions.amount}, ',' order by ${transactions.txHash}, ${transactions.logIndex}))` })
        .from(transactions)
        .where(inArray(transactions.walletId, demo.map((d) => d.walletId)));
      return row;
    };
    const before = await count();
    await seedDatabase(suite.db, new Date(Date.now() + 40 * 86_400_000));
    expect(await count()).toEqual(before);
    const snapshots = await suite.db.select({ n: sql<number>`count(*)::int` }).from(portfolioSnapshots).where(inArray(portfolioSnapshots.userId, demo.map((d) => d.userId)));
    expect(snapshots[0]?.n).toBe(2 * DEMO_HISTORY_DAYS);
  });

  it('is made from the stored seed date alone: the same data at any time of that day', async () => {
    const wallet = walletOf('ETHEREUM');
    const stored = await rowsOf(wallet);
    const day = utcDayStart(wallet.seedDate).getTime();
    for (const seedDate of [new Date(day + 60_000), new Date(day + 86_399_000)]) {
      const rebuilt = buildDemoWalletData(demoMarket(seedDate), { ...wallet }, seedDate);
      const key = (r: { txHash: string; logIndex: number; amount: string }) => `${r.txHash}:${String(r.logIndex)}:${r.amount}`;
      expect(rebuilt.transactions.map(key).sort()).toEqual(stored.map(key).sort());
    }
  });
});
