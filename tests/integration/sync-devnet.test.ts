/**
 * Syncing the devnet's scripted activity over JSON-RPC (the DEVNET=1 path) gives exactly the scenario's
 * transactions, final balances and NFTs, with prices from the devnet table; a second sync adds nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../src/server/db/database';
import { portfolioSnapshots, tokenBalances, transactions, wallets } from '../../src/server/db/schema';
import { startDevnet, type Devnet } from '../../src/server/devnet/start-devnet';
import {
  ACCOUNT_ADDRESSES,
  DEVNET_PLANS,
  finalBalances,
  scenarioTransactions,
  scenarioTransfers,
  SCENARIO_ACCOUNTS,
  type DevnetChainKey,
  type ScenarioAccount,
} from '../../src/server/devnet/scenario';
import { createRpcBalanceReader, createRpcHistoryProvider } from '../../src/server/providers/evm-balance';
import { createHttpClient } from '../../src/server/providers/http/http-client';
import { createFrankfurterClient } from '../../src/server/providers/prices/frankfurter';
import { createPriceService } from '../../src/server/providers/prices/price-service';
import { balancesFromTransactions } from '../../src/server/sync/balances/transaction-sums';
import { createDevnetPriceProvider } from '../../src/server/sync/devnet-prices';
import { fillMissingPrices } from '../../src/server/sync/price-fill';
import { snapshotPortfolios } from '../../src/server/portfolio/portfolio-snapshot';
import type { SyncDeps } from '../../src/server/sync/sync-deps';
import { userSyncState } from '../../src/server/sync/user-sync-state';
import { syncWallet } from '../../src/server/sync/wallet-sync';
import { Big, fromBaseUnits } from '../../src/shared/money';
import { availableDrivers } from './helpers/drivers';
import { openTestDatabase, type TestDatabase } from './helpers/test-database';
import { addUser, addWallet, testSyncDeps, walletBalances, walletNfts, walletRows } from './sync-support';

let devnet: Devnet;

beforeAll(async () => {
  devnet = await startDevnet({ ethereumPort: 0, polygonPort: 0 });
}, 60_000);

afterAll(async () => {
  await devnet?.stop();
});

const NATIVE: Record<DevnetChainKey, string> = { ethereum: 'ETH', polygon: 'POL' };

function devnetDeps(db: Database, overrides: Partial<SyncDeps> = {}): SyncDeps {
  const http = createHttpClient({ sleep: () => Promise.resolve() });
  const endpoints = {
    ETHEREUM: { rpcUrl: devnet.ethereumRpcUrl, chainId: 1 },
    POLYGON: { rpcUrl: devnet.polygonRpcUrl, chainId: 137 },
  };
  const history = createRpcHistoryProvider({ endpoints, clientOptions: { http } });
  const readers = {
    ETHEREUM: createRpcBalanceReader(endpoints.ETHEREUM, { http }),
    POLYGON: createRpcBalanceReader(endpoints.POLYGON, { http }),
  };
  return testSyncDeps(db, {
    evmHistory: () => [history],
    evmBalances: (network) => (network === 'ETHEREUM' || network === 'POLYGON' ? readers[network] : null),
    prices: createPriceService({ providers: [createDevnetPriceProvider()], ecb: createFrankfurterClient({}, http) }),
    ...overrides,
  });
}

interface ExpectedRow {
  blockNumber: bigint | null;
  logIndex: number;
  direction: string;
  fromAddress: string;
  toAddress: string;
  amount: string;
  tokenSymbol: string;
  fee: string | null;
  nftId: string | null;
  isError: boolean;
}

/** What the sync must store for `account`, worked out from the scenario plan alone. */
function expectedRows(chain: DevnetChainKey, account: ScenarioAccount): ExpectedRow[] {
  const me = ACCOUNT_ADDRESSES[account].toLowerCase();
  const rows: ExpectedRow[] = [];
  for (const tx of scenarioTransactions(chain)) {
    const from = tx.from.toLowerCase();
    const to = (tx.to ?? tx.contractAddress ?? '').toLowerCase();
    const common = { blockNumber: tx.blockNumber, logIndex: -1, fromAddress: from, toAddress: to, amount: tx.value.toString(), tokenSymbol: NATIVE[chain], nftId: null, isError: tx.isError };
    if (from === me) rows.push({ ...common, direction: 'OUTGOING', fee: tx.fee.toString() });
    else if (to === me && tx.value > 0n) rows.push({ ...common, direction: 'INCOMING', fee: null });
  }
  for (const transfer of scenarioTransfers(chain)) {
    const from = transfer.from.toLowerCase();
    const to = transfer.to.toLowerCase();
    if (from !== me && to !== me) continue;
    rows.push({
      blockNumber: transfer.blockNumber,
      logIndex: transfer.logIndex,
      direction: from === me ? 'OUTGOING' : 'INCOMING',
      fromAddress: from,
      toAddress: to,
      amount: transfer.value.toString(),
      tokenSymbol: transfer.tokenSymbol,
      fee: null,
      nftId: transfer.tokenId === null ? null : transfer.tokenId.toString(),
      isError: false,
    });
  }
  return sortRows(rows);
}

function sortRows<T extends ExpectedRow>(rows: T[]): T[] {
  const key = (row: ExpectedRow) => `${String(row.blockNumber).padStart(8, '0')}:${String(row.logIndex + 10).padStart(8, '0')}:${row.direction}:${row.fromAddress}:${row.toAddress}:${row.amount}`;
  return [...rows].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

describe.each(availableDrivers())('devnet sync on %s', (kind) => {
  let database: TestDatabase;
  let userId: string;
  const walletIds = new Map<string, string>();
  const id = (chain: DevnetChainKey, account: ScenarioAccount) => walletIds.get(`${chain}:${account}`) as string;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    userId = await addUser(database.db, 'devnet');
    for (const chain of ['ethereum', 'polygon'] as const) {
      for (const account of SCENARIO_ACCOUNTS) {
        walletIds.set(`${chain}:${account}`, await addWallet(database.db, userId, DEVNET_PLANS[chain].network, ACCOUNT_ADDRESSES[account], `${chain} ${account}`));
      }
    }
    const deps = devnetDeps(database.db);
    for (const walletId of walletIds.values()) expect(await syncWallet(deps, walletId)).toBe('synced');
  }, 120_000);

  afterAll(async () => {
    await database?.close();
  });

  for (const chain of ['ethereum', 'polygon'] as const) {
    for (const account of SCENARIO_ACCOUNTS) {
      it(`${chain} ${account}: exactly the scenario's transactions`, async () => {
        const rows = await walletRows(database.db, id(chain, account));
        const got = sortRows(
          rows.map((row) => ({
            blockNumber: row.blockNumber,
            logIndex: row.logIndex,
            direction: row.direction,
            fromAddress: row.fromAddress,
            toAddress: row.toAddress,
            amount: row.amount,
            tokenSymbol: row.tokenSymbol,
            fee: row.fee,
            nftId: row.nftId,
            isError: row.isError,
          })),
        );
        expect(got).toEqual(expectedRows(chain, account));
        expect(rows.every((row) => row.kind === 'TRANSFER' && !row.isSpam && row.network === DEVNET_PLANS[chain].network)).toBe(true);
        expect(new Set(rows.map((row) => `${row.txHash}:${String(row.logIndex)}`)).size).toBe(rows.length);
      });

      it(`${chain} ${account}: the scenario's final balances and NFTs`, async () => {
        const final = finalBalances(chain)[account];
        const expected: Record<string, string> = {};
        if (final.native > 0n) expected[NATIVE[chain]] = final.native.toString();
        for (const [symbol, amount] of Object.entries(final.tokens)) if (amount > 0n) expected[symbol] = amount.toString();
        expect(await walletBalances(database.db, id(chain, account))).toEqual(expected);
        expect(await walletNfts(database.db, id(chain, account))).toEqual(final.nfts.map(String));
      });
    }
  }

  it('the stored transactions add up to the balances read from the chain', async () => {
    for (const chain of ['ethereum', 'polygon'] as const) {
      for (const account of ['alice', 'bob', 'carol'] as const) {
        const sums = await balancesFromTransactions(database.db, { walletId: id(chain, account) }, `${DEVNET_PLANS[chain].network}:native`);
        const final = finalBalances(chain)[account];
        expect(sums.get(`${DEVNET_PLANS[chain].network}:native`) ?? 0n).toBe(final.native);
      }
    }
  });

  it('marks the wallets synchronized with their value and the user as synced', async () => {
    const [alice] = await database.db.select().from(wallets).where(eq(wallets.id, id('ethereum', 'alice')));
    const final = finalBalances('ethereum').alice;
    const value = new Big(fromBaseUnits(final.native, 18)).times(2500).plus(fromBaseUnits(final.tokens.USDC, 6)).plus(fromBaseUnits(final.tokens.USDT, 6));
    expect(alice?.isSynchronized).toBe(true);
    expect(alice?.syncError).toBeNull();
    expect(alice?.txLimitReached).toBe(false);
    expect(new Big(alice?.totalBalance ?? '0').eq(value)).toBe(true);
    expect(alice?.lastActivity?.toISOString()).toBe('2024-01-21T11:20:00.000Z');
    expect(await userSyncState(database.db, userId)).toEqual({ user_tx_sync: true, user_bal_sync: true });
  });

  it('snapshots the portfolio value of each account per UTC day', async () => {
    const now = new Date('2024-02-01T23:30:00Z');
    const balances = await database.db.select().from(tokenBalances).where(eq(tokenBalances.userId, userId));
    const total = (skip: string | null) =>
      balances.filter((b) => b.walletId !== skip && b.valueUsd !== null).reduce((sum, b) => sum.plus(b.valueUsd ?? '0'), new Big(0));
    expect(await snapshotPortfolios({ db: database.db, now: () => now })).toBeGreaterThanOrEqual(1);
    const read = () =>
      database.db
        .select()
        .from(portfolioSnapshots)
        .where(and(eq(portfolioSnapshots.userId, userId), eq(portfolioSnapshots.measuredOn, '2024-02-01')));
    const sum = (rows: { valueUsd: string }[]) => rows.reduce((acc, row) => acc.plus(row.valueUsd), new Big(0));
    const alice = id('ethereum', 'alice');
    const first = await read();
    expect(sum(first).eq(total(null))).toBe(true);
    const aliceRow = first.find((row) => row.walletId === alice);
    expect(aliceRow?.accountKey).toBe(`w:${alice}`);
    expect(new Big(aliceRow?.valueUsd ?? 'NaN').eq(total(null).minus(total(alice)))).toBe(true);
    // A wallet switched off is still measured (the history leaves it out when read); a second run of the day
    // replaces that day's values.
    await database.db.update(wallets).set({ isActive: false }).where(eq(wallets.id, alice));
    await snapshotPortfolios({ db: database.db, now: () => now });
    const again = await read();
    expect(again).toHaveLength(first.length);
    expect(sum(again).eq(total(null))).toBe(true);
    await database.db.update(wallets).set({ isActive: true }).where(eq(wallets.id, alice));
  });

  it('a second sync adds nothing', async () => {
    const before = await database.db.select({ id: transactions.id }).from(transactions);
    const deps = devnetDeps(database.db);
    for (const walletId of walletIds.values()) expect(await syncWallet(deps, walletId)).toBe('synced');
    const after = await database.db.select({ id: transactions.id }).from(transactions);
    expect(after.map((row) => row.id).sort()).toEqual(before.map((row) => row.id).sort());
  });

  it('fills in prices at transaction time', async () => {
    const deps = devnetDeps(database.db);
    const result = await fillMissingPrices(deps);
    expect(result.more).toBe(false);
    const rows = await database.db.select().from(transactions).where(eq(transactions.walletId, id('ethereum', 'alice')));
    for (const row of rows) {
      if (row.nftId !== null) {
        expect(row.priceUsd).toBeNull();
        continue;
      }
      const price = row.tokenSymbol === 'ETH' ? '2500' : '1';
      expect(row.priceUsd).toBe(price);
      expect(new Big(row.valueUsd ?? 'NaN').eq(new Big(fromBaseUnits(BigInt(row.amount), row.tokenDecimals)).times(price))).toBe(true);
    }
    expect((await fillMissingPrices(deps)).checked).toBe(0);
  });
});
