import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { userEndpoints } from '../../src/shared/contract/users';
import { walletEndpoints } from '../../src/shared/contract/wallets';
import { holdingsEndpoints } from '../../src/shared/contract/holdings';
import { nftEndpoints } from '../../src/shared/contract/nft';
import { portfolioEndpoints } from '../../src/shared/contract/portfolio';
import type { User } from '../../src/shared/api-types';
import type { Balances, FungibleTokensSummaryPage } from '../../src/shared/contract/holdings';
import type { NftItem } from '../../src/shared/contract/nft';
import type { PortfolioHistory } from '../../src/shared/contract/portfolio';
import { fifoCostBasis, unrealizedGain, type CostBasisEvent } from '../../src/shared/cost-basis';
import { centralisedExchanges, fxRates, portfolioSnapshots, subscriptions, tokenBalances } from '../../src/server/db/schema';
import { snapshotPortfolios } from '../../src/server/portfolio/portfolio-snapshot';
import { createFiatRates } from '../../src/server/lib/fiat-rates';
import { Big, decimalToString, roundHalfUp } from '../../src/shared/money';
import { availableDrivers } from './helpers/drivers';
import { createClock } from './helpers/clock';
import { setupSuite } from './helpers/suite';
import { json, type TestClient } from './helpers/test-client';
import { signInWithAddress, signInWithWallet } from './helpers/sign-in';
import {
  addBalance,
  addFxRate,
  addNft,
  addSnapshot,
  addTransactions,
  addWallet,
  BINANCE_BTC,
  dayOf,
  ETH,
  MATIC,
  SCAM,
  USDC,
  type TxSeed,
} from './data-seed';

const NOW = new Date('2024-06-15T12:00:00Z');
const E18 = 10n ** 18n;
const at = (iso: string) => new Date(`${iso}T10:00:00Z`);

describe.each(availableDrivers())('holdings, summaries, NFTs and history on %s', (kind) => {
  const suite = setupSuite(kind, { clock: createClock(NOW) });

  /** Only the rates a test sets for `currency` (the seeded demo data may hold rates of its own). */
  const clearRates = (currency: string) => suite.db.delete(fxRates).where(eq(fxRates.currency, currency));

  async function signedIn(plan: 'STARTER' | 'PLUS' = 'PLUS'): Promise<{ client: TestClient; user: User }> {
    const client = suite.client();
    const user = await signInWithWallet(client);
    await suite.db.update(subscriptions).set({ planCode: plan }).where(eq(subscriptions.userId, user.id));
    return { client, user };
  }

  /**
   * Wallet A (active): ETH in 1 @ 1000, in 2 @ 1500, out 1.5 @ 2000, in 0.5 @ 3000 (holds 2 at 2500 now);
   * USDC 100 in at 1 (holds 100); POL held without any price; spam held. Wallet B (inactive) holds 10 ETH.
   * An exchange account holds 0.5 BTC at 60000.
   */
  async function portfolio(userId: string) {
    const a = await addWallet(suite.db, userId, { name: 'A' });
    const b = await addWallet(suite.db, userId, { name: 'B', isActive: false });
    const [cex] = await suite.db
      .insert(centralisedExchanges)
      .values({ userId, exchange: 'BINANCE', apiKeySealed: 'x', secretKeySealed: 'x' })
      .returning();
    if (cex === undefined) throw new Error('no exchange');
    const ethEvents: TxSeed[] = [
      { userId, walletId: a, amount: 1n * E18, at: at('2024-01-01'), priceUsd: '1000' },
      { userId, walletId: a, amount: 2n * E18, at: at('2024-02-01'), priceUsd: '1500' },
      { userId, walletId: a, amount: (3n * E18) / 2n, at: at('2024-03-01'), priceUsd: '2000', direction: 'OUTGOING' },
      { userId, walletId: a, amount: E18 / 2n, at: at('2024-04-01'), priceUsd: '3000' },
      // The inactive wallet's and spam inflows never count.
      { userId, walletId: b, amount: 10n * E18, at: at('2024-05-01'), priceUsd: '1' },
      { userId, walletId: a, amount: 5n * E18, at: at('2024-05-02'), priceUsd: '1', isSpam: true },
    ];
    await addTransactions(suite.db, [
      ...ethEvents,
      { userId, walletId: a, token: USDC, amount: 100_000_000n, at: at('2024-03-05'), priceUsd: '1' },
      { userId, cexId: cex.id, token: BINANCE_BTC, amount: 50_000_000n, at: at('2024-02-10'), priceUsd: '40000' },
    ]);
    await addBalance(suite.db, { userId, walletId: a }, ETH, 2n * E18, '2500');
    await addBalance(suite.db, { userId, walletId: a }, USDC, 100_000_000n, '1');
    await addBalance(suite.db, { userId, walletId: a }, MATIC, 7n * E18, null);
    await addBalance(suite.db, { userId, walletId: a }, SCAM, 1000n * E18, '5', true);
    await addBalance(suite.db, { userId, walletId: b }, ETH, 10n * E18, '2500');
    await addBalance(suite.db, { userId, cexId: cex.id }, BINANCE_BTC, 50_000_000n, '60000');
    return { a, b, cex: cex.id, ethEvents };
  }

  it('GET balances: active wallets and exchange accounts, spam left out, by value, in the user fiat', async () => {
    const { client, user } = await signedIn();
    await portfolio(user.id);
    const body = await json<Balances>(await client.get(holdingsEndpoints.balances.path));
    expect(body.fiat_currency).toBe('USD');
    expect(typeof body.user_bal_sync).toBe('boolean');
    expect(body.tokens.map((t) => [t.token.symbol, t.amount, t.value_fiat])).toEqual([
      ['BTC', '0.5', '30000'],
      ['ETH', '2', '5000'],
      ['USDC', '100', '100'],
      ['POL', '7', null],
    ]);
    expect(body.total).toEqual({ value_fiat: '35100' });

    await clearRates('EUR');
    await clearRates('CHF');
    await addFxRate(suite.db, dayOf(NOW), 'EUR', '0.9');
    await client.patch(userEndpoints.updateUser.path, { fiat_currency: 'EUR' });
    const euro = await json<Balances>(await client.get(holdingsEndpoints.balances.path));
    expect(euro.fiat_currency).toBe('EUR');
    expect(euro.total).toEqual({ value_fiat: '31590' });

    // A fiat no source has a rate for is answered in USD, and says so.
    await client.patch(userEndpoints.updateUser.path, { fiat_currency: 'CHF' });
    const fallback = await json<Balances>(await client.get(holdingsEndpoints.balances.path));
    expect(fallback.fiat_currency).toBe('USD');
    expect(fallback.total).toEqual({ value_fiat: '35100' });
  }, 30_000);

  it('GET fungible-tokens-summary: FIFO unrealised gain over the stored transactions, paged', async () => {
    const { client, user } = await signedIn();
    const { ethEvents } = await portfolio(user.id);
    const page = await json<FungibleTokensSummaryPage>(await client.get(`${holdingsEndpoints.fungibleTokensSummary.path}?page=1&size=10`));
    expect(page.count).toBe(4);
    expect(page.next).toBeNull();
    expect(page.results).toEqual([
      { token: { name: 'Bitcoin', symbol: 'BTC', image_url: null }, balance: '0.5', current_price: '60000', value: '30000', unrealized_gain: '10000' },
      { token: { name: 'Ether', symbol: 'ETH', image_url: null }, balance: '2', current_price: '2500', value: '5000', unrealized_gain: '1250' },
      { token: { name: 'USD Coin', symbol: 'USDC', image_url: null }, balance: '100', current_price: '1', value: '100', unrealized_gain: '0' },
      { token: { name: 'Polygon', symbol: 'POL', image_url: null }, balance: '7', current_price: null, value: null, unrealized_gain: null },
    ]);

    // The same gain as FIFO over the whole history of the active wallet.
    const events: CostBasisEvent[] = ethEvents
      .filter((e) => e.walletId !== undefined && e.isSpam !== true)
      .slice(0, 4)
      .map((e) => ({ kind: e.direction === 'OUTGOING' ? 'out' : 'in', amount: e.amount, priceFiat: e.priceUsd ?? null, at: e.at }));
    expect(unrealizedGain(fifoCostBasis(events, 18), '2500')).toBe('1250');

    const second = await json<FungibleTokensSummaryPage>(await client.get(`${holdingsEndpoints.fungibleTokensSummary.path}?page=2&size=3`));
    expect(second.results.map((r) => r.token.symbol)).toEqual(['POL']);
    expect(second.next).toBeNull();
    const first = await json<FungibleTokensSummaryPage>(await client.get(`${holdingsEndpoints.fungibleTokensSummary.path}?page=1&size=3`));
    expect(first.next).toBe('http://localhost:8001/api/fungible-tokens-summary?page=2&size=3');

    for (const query of ['page=0', 'size=101', 'page=x', 'size=-1']) {
      const response = await client.get(`${holdingsEndpoints.fungibleTokensSummary.path}?${query}`);
      expect(response.status, query).toBe(400);
    }
  });

  it('gives no gain when the stored inflows do not explain the holding, and converts lot prices at their day', async () => {
    const { client, user } = await signedIn();
    const wallet = await addWallet(suite.db, user.id);
    await addTransactions(suite.db, [
      { userId: user.id, walletId: wallet, amount: 1n * E18, at: at('2024-02-01'), priceUsd: '1500' },
      { userId: user.id, walletId: wallet, token: USDC, amount: 10_000_000n, at: at('2024-03-01'), priceUsd: '1' },
      { userId: user.id, walletId: wallet, token: USDC, amount: 10_000_000n, at: at('2024-04-01'), priceUsd: null },
    ]);
    // 3 ETH held, 1 explained: the rest has no known cost. 10 USDC held: the newest lot has no price.
    await addBalance(suite.db, { userId: user.id, walletId: wallet }, ETH, 3n * E18, '2500');
    await addBalance(suite.db, { userId: user.id, walletId: wallet }, USDC, 10_000_000n, '1');
    const page = await json<FungibleTokensSummaryPage>(await client.get(holdingsEndpoints.fungibleTokensSummary.path));
    expect(page.results.map((r) => [r.token.symbol, r.unrealized_gain])).toEqual([
      ['ETH', null],
      ['USDC', null],
    ]);

    // In euro: the lot's cost at its day's rate, the value at today's.
    const euroUser = await signedIn();
    const euroWallet = await addWallet(suite.db, euroUser.user.id);
    await addTransactions(suite.db, [
      { userId: euroUser.user.id, walletId: euroWallet, amount: 1n * E18, at: at('2024-02-01'), priceUsd: '1500' },
    ]);
    await addBalance(suite.db, { userId: euroUser.user.id, walletId: euroWallet }, ETH, 1n * E18, '2500');
    await clearRates('EUR');
    await addFxRate(suite.db, '2024-01-30', 'EUR', '0.8');
    await addFxRate(suite.db, dayOf(NOW), 'EUR', '0.9');
    await euroUser.client.patch(userEndpoints.updateUser.path, { fiat_currency: 'EUR' });
    const euro = await json<FungibleTokensSummaryPage>(await euroUser.client.get(holdingsEndpoints.fungibleTokensSummary.path));
    expect(euro.fiat_currency).toBe('EUR');
    // 2500 x 0.9 - 1500 x 0.8 (the rate two days before stands in for the lot's day).
    expect(euro.results[0]).toMatchObject({ current_price: '2250', value: '2250', unrealized_gain: '1050' });
  });

  it('walks past a thousand held lots and gives the gain FIFO over the whole history gives, at each lot day rate', async () => {
    const { client, user } = await signedIn();
    const wallet = await addWallet(suite.db, user.id);
    const other = await addWallet(suite.db, user.id, { isActive: false });
    // 1,500 ETH movements an hour apart: mostly inflows (the oldest unpriced, some of zero amount), every ninth an
    // outflow; an inactive wallet's and a spam inflow never count.
    const start = Date.UTC(2024, 0, 1, 0, 30);
    const seeds: TxSeed[] = Array.from({ length: 1500 }, (_, i) => {
      const outgoing = i % 9 === 8;
      return {
        userId: user.id,
        walletId: wallet,
        at: new Date(start + i * 3_600_000),
        amount: outgoing ? 2n * 10n ** 15n : i % 97 === 0 ? 0n : BigInt((i % 5) + 1) * 10n ** 15n + BigInt(i),
        priceUsd: i < 100 && !outgoing ? null : `${String(1000 + ((i * 37) % 500))}.${String(i % 100).padStart(2, '0')}7`,
        direction: outgoing ? ('OUTGOING' as const) : ('INCOMING' as const),
      };
    });
    await addTransactions(suite.db, [
      ...seeds,
      { userId: user.id, walletId: other, at: new Date(start), amount: 10n ** 18n, priceUsd: '1' },
      { userId: user.id, walletId: wallet, at: new Date(start + 2000 * 3_600_000), amount: 10n ** 18n, priceUsd: '1', isSpam: true },
    ]);
    const events: CostBasisEvent[] = seeds.map((seed) => ({
      kind: seed.direction === 'OUTGOING' ? 'out' : 'in',
      amount: seed.amount,
      priceFiat: seed.priceUsd ?? null,
      at: seed.at,
    }));
    const usd = fifoCostBasis(events, 18);
    expect(usd.lots.length).toBeGreaterThan(1024);
    expect(usd.costBasisComplete).toBe(true);
    await addBalance(suite.db, { userId: user.id, walletId: wallet }, ETH, usd.remaining, '2500');
    const [usdRow] = (await json<FungibleTokensSummaryPage>(await client.get(holdingsEndpoints.fungibleTokensSummary.path))).results;
    expect(usdRow?.unrealized_gain).toBe(decimalToString(roundHalfUp(unrealizedGain(usd, '2500') ?? 'x', 2)));

    // In euro: each lot at its day's stored rate (or the latest within a week before it), else today's rate.
    await clearRates('EUR');
    for (let day = 0; day < 70; day += 3) {
      if (day >= 30 && day < 45) continue;
      await addFxRate(suite.db, dayOf(new Date(start), day), 'EUR', `0.${String(80 + (day % 17))}3`);
    }
    await addFxRate(suite.db, dayOf(NOW), 'EUR', '0.9');
    await client.patch(userEndpoints.updateUser.path, { fiat_currency: 'EUR' });
    const rates = createFiatRates({ db: suite.db, now: () => NOW });
    const dayRates = await rates.onDays('EUR', seeds.map((seed) => dayOf(seed.at)));
    const euro = fifoCostBasis(
      events.map((event) => ({
        ...event,
        priceFiat: event.priceFiat === null ? null : new Big(event.priceFiat).times(dayRates.get(dayOf(event.at)) ?? '0.9').toFixed(),
      })),
      18,
    );
    const [euroRow] = (await json<FungibleTokensSummaryPage>(await client.get(holdingsEndpoints.fungibleTokensSummary.path))).results;
    expect(euroRow?.unrealized_gain).toBe(decimalToString(roundHalfUp(unrealizedGain(euro, '2250') ?? 'x', 2)));

    // Held lots reaching back to the unpriced inflows, or one base unit more than all inflows: no known cost.
    const inflows = seeds.reduce((sum, seed) => (seed.direction === 'INCOMING' ? sum + seed.amount : sum), 0n);
    await suite.db.update(tokenBalances).set({ amount: inflows.toString() }).where(eq(tokenBalances.walletId, wallet));
    const [unpriced] = (await json<FungibleTokensSummaryPage>(await client.get(holdingsEndpoints.fungibleTokensSummary.path))).results;
    expect(unpriced?.unrealized_gain).toBeNull();
    await suite.db.update(tokenBalances).set({ amount: (inflows + 1n).toString() }).where(eq(tokenBalances.walletId, wallet));
    const [unexplained] = (await json<FungibleTokensSummaryPage>(await client.get(holdingsEndpoints.fungibleTokensSummary.path))).results;
    expect(unexplained?.unrealized_gain).toBeNull();
  }, 60_000);

  it('GET non-fungible-tokens-summary: active wallets only, ordering, collection and properties filters', async () => {
    const { client, user } = await signedIn();
    const active = await addWallet(suite.db, user.id);
    const inactive = await addWallet(suite.db, user.id, { isActive: false });
    const props = (n: number) => Array.from({ length: n }, (_, i) => ({ property_id: `p${String(i)}`, name: `Trait ${String(i)}` }));
    await addNft(suite.db, { userId: user.id, walletId: active, name: 'Bored #1', collection: 'Apes', acquiredAt: at('2024-01-01'), price: '12.5', priceCurrency: 'ETH', isPriceSynced: true, properties: props(3) });
    await addNft(suite.db, { userId: user.id, walletId: active, name: 'axie 7', collection: 'Axies', acquiredAt: at('2024-03-01'), properties: props(1) });
    await addNft(suite.db, { userId: user.id, walletId: active, name: 'Cat', collection: 'apes', acquiredAt: at('2024-02-01'), price: '3', priceCurrency: 'ETH' });
    await addNft(suite.db, { userId: user.id, walletId: inactive, name: 'Hidden', collection: 'Apes', acquiredAt: at('2024-04-01') });
    const other = await signedIn();
    const theirs = await addWallet(suite.db, other.user.id);
    await addNft(suite.db, { userId: other.user.id, walletId: theirs, name: 'Theirs', collection: 'Apes', acquiredAt: at('2024-04-01') });

    const names = async (query = '') => {
      const response = await client.get(`${nftEndpoints.nonFungibleTokensSummary.path}${query}`);
      expect(response.status).toBe(200);
      return (await json<NftItem[]>(response)).map((n) => n.name);
    };
    expect(await names()).toEqual(['axie 7', 'Cat', 'Bored #1']);
    expect(await names('?ordering=created_at')).toEqual(['Bored #1', 'Cat', 'axie 7']);
    expect(await names('?ordering=name')).toEqual(['axie 7', 'Bored #1', 'Cat']);
    expect(await names('?ordering=-price')).toEqual(['Bored #1', 'Cat', 'axie 7']);
    expect(await names('?collection=APES')).toEqual(['Cat', 'Bored #1']);
    expect(await names('?properties_number=2')).toEqual(['Bored #1']);
    expect(await names('?properties_number=0')).toHaveLength(3);
    const [item] = await json<NftItem[]>(await client.get(`${nftEndpoints.nonFungibleTokensSummary.path}?ordering=created_at`));
    expect(item).toMatchObject({ collection: 'Apes', price: '12.5', currency: 'ETH', is_price_synced: true, network: 'ETHEREUM', created_at: at('2024-01-01').toISOString() });
    expect(item?.properties).toHaveLength(3);
    expect((await client.get(`${nftEndpoints.nonFungibleTokensSummary.path}?ordering=rarity`)).status).toBe(400);
  });

  it('portfolio history is kept per account: a wallet switched off leaves its past out, a deleted one takes it along', async () => {
    const { client, user } = await signedIn('PLUS');
    const { a, b, cex } = await portfolio(user.id);
    // Yesterday's closing values: A 2 ETH at 2,500 + 100 USDC (spam and unpriced left out), B 10 ETH (switched
    // off), the exchange account 0.5 BTC at 60,000.
    await snapshotPortfolios({ db: suite.db, now: () => new Date(NOW.getTime() - 86_400_000) });
    const stored = await suite.db
      .select({ key: portfolioSnapshots.accountKey, valueUsd: portfolioSnapshots.valueUsd })
      .from(portfolioSnapshots)
      .where(eq(portfolioSnapshots.userId, user.id));
    // Exact decimals, compared as text.
    expect(Object.fromEntries(stored.map((row) => [row.key, new Big(row.valueUsd).toFixed()]))).toEqual({
      [`w:${a}`]: '5100',
      [`w:${b}`]: '25000',
      [`c:${cex}`]: '30000',
    });
    const yesterday = async () =>
      (await json<PortfolioHistory>(await client.get(`${portfolioEndpoints.portfolioValueHistory.path}?num_days=2`))).data_points[0];
    expect(await yesterday()).toEqual({ measured_on: dayOf(NOW, -1), value_fiat: '35100' });

    // Switched on, B's past counts again; deleted, it is gone from the history with its snapshots.
    expect((await client.patch(`${walletEndpoints.listWallets.path}/${b}`, { is_active: true })).status).toBe(200);
    expect(await yesterday()).toEqual({ measured_on: dayOf(NOW, -1), value_fiat: '60100' });
    expect((await client.delete(`${walletEndpoints.listWallets.path}/${b}`)).status).toBe(204);
    expect(await yesterday()).toEqual({ measured_on: dayOf(NOW, -1), value_fiat: '35100' });
    expect(await suite.db.select().from(portfolioSnapshots).where(eq(portfolioSnapshots.walletId, b))).toEqual([]);
  });

  it('GET portfolio-value-history: premium only, daily values at their day rate, today from the holdings', async () => {
    const { client, user } = await signedIn('STARTER');
    await portfolio(user.id);
    for (let days = 1; days <= 10; days += 1) await addSnapshot(suite.db, user.id, dayOf(NOW, -days), String(30_000 + days * 100));
    const free = await json<PortfolioHistory>(await client.get(`${portfolioEndpoints.portfolioValueHistory.path}?num_days=7`));
    expect(free).toMatchObject({ premium_user: false, data_points: [], change_fiat: '0', fiat_currency: 'USD' });

    await suite.db.update(subscriptions).set({ planCode: 'PLUS' }).where(eq(subscriptions.userId, user.id));
    const week = await json<PortfolioHistory>(await client.get(`${portfolioEndpoints.portfolioValueHistory.path}?num_days=7`));
    expect(week.premium_user).toBe(true);
    expect(typeof week.user_bal_sync).toBe('boolean');
    expect(week.data_points).toEqual([
      ...[6, 5, 4, 3, 2, 1].map((d) => ({ measured_on: dayOf(NOW, -d), value_fiat: String(30_000 + d * 100) })),
      { measured_on: dayOf(NOW), value_fiat: '35100' },
    ]);
    expect(week.change_fiat).toBe('4500');
    const month = await json<PortfolioHistory>(await client.get(portfolioEndpoints.portfolioValueHistory.path));
    expect(month.data_points).toHaveLength(11);

    await clearRates('EUR');
    await addFxRate(suite.db, dayOf(NOW, -2), 'EUR', '0.5');
    await addFxRate(suite.db, dayOf(NOW, -1), 'EUR', '0.6');
    await addFxRate(suite.db, dayOf(NOW), 'EUR', '0.9');
    await client.patch(userEndpoints.updateUser.path, { fiat_currency: 'EUR' });
    const euro = await json<PortfolioHistory>(await client.get(`${portfolioEndpoints.portfolioValueHistory.path}?num_days=3`));
    expect(euro).toMatchObject({ fiat_currency: 'EUR', change_fiat: '16490' });
    expect(euro.data_points).toEqual([
      { measured_on: dayOf(NOW, -2), value_fiat: '15100' },
      { measured_on: dayOf(NOW, -1), value_fiat: '18060' },
      { measured_on: dayOf(NOW), value_fiat: '31590' },
    ]);
    for (const query of ['num_days=0', 'num_days=731', 'num_days=x', 'num_days=7&num_days=30']) {
      expect((await client.get(`${portfolioEndpoints.portfolioValueHistory.path}?${query}`)).status, query).toBe(400);
    }
  });

  it("answers each user with their own data only; guests read theirs; no session is 401", async () => {
    const { user } = await signedIn();
    await portfolio(user.id);
    const guest = suite.client();
    await signInWithAddress(guest);
    const balances = await json<Balances>(await guest.get(holdingsEndpoints.balances.path));
    expect(balances.tokens).toEqual([]);
    expect((await json<FungibleTokensSummaryPage>(await guest.get(holdingsEndpoints.fungibleTokensSummary.path))).results).toEqual([]);
    expect(await json<NftItem[]>(await guest.get(nftEndpoints.nonFungibleTokensSummary.path))).toEqual([]);
    for (const path of [holdingsEndpoints.balances.path, holdingsEndpoints.fungibleTokensSummary.path, nftEndpoints.nonFungibleTokensSummary.path, portfolioEndpoints.portfolioValueHistory.path]) {
      expect((await suite.client().get(path)).status, path).toBe(401);
    }
  });
});
