/**
 * Shared pieces of the sync tests: SyncDeps with every source injected (nothing reaches the network), users
 * and wallets written straight into the database, and row read-outs that compare across runs and databases.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Network } from '../../src/shared/enums';
import type { Database } from '../../src/server/db/database';
import { nftHoldings, plans, tokenBalances, transactions, users, wallets } from '../../src/server/db/schema';
import { createLogger } from '../../src/server/logging/logger';
import type { SyncDeps } from '../../src/server/sync/sync-deps';
import { createTokenCatalog, devnetTokens } from '../../src/server/sync/token-catalog';

let counter = 0;

export function testSyncDeps(db: Database, overrides: Partial<SyncDeps> = {}): SyncDeps {
  counter += 1;
  return {
    db,
    logger: createLogger('silent'),
    now: () => new Date(),
    workerId: `test-worker-${String(counter)}`,
    leaseMs: 60_000,
    intervalMinutes: 15,
    evmHistory: () => [],
    evmBalances: () => null,
    esplora: null,
    exchangeClient: () => {
      throw new Error('No exchange in this test.');
    },
    openSecret: (sealed) => sealed,
    prices: null,
    catalog: createTokenCatalog(undefined, devnetTokens()),
    nftMetadata: null,
    ...overrides,
  };
}

export async function addUser(db: Database, label: string): Promise<string> {
  counter += 1;
  const [user] = await db
    .insert(users)
    .values({ authKey: `test:${label}:${String(counter)}:${String(Date.now())}`, address: '', type: 'METAMASK', fullAccess: true })
    .returning({ id: users.id });
  if (!user) throw new Error('user insert failed');
  return user.id;
}

export async function addWallet(db: Database, userId: string, network: Network, address: string, name = `${network} wallet`): Promise<string> {
  const [wallet] = await db.insert(wallets).values({ userId, name, network, address }).returning({ id: wallets.id });
  if (!wallet) throw new Error('wallet insert failed');
  return wallet.id;
}

export async function setStarterLimit(db: Database, limit: number | null): Promise<void> {
  await db.update(plans).set({ maxNumTransactions: limit }).where(eq(plans.code, 'STARTER'));
}

/** A wallet's rows without ids and owners, in a stable order: what two syncs of the same history must share. */
export async function walletRows(db: Database, walletId: string) {
  const rows = await db
    .select({
      network: transactions.network,
      txHash: transactions.txHash,
      logIndex: transactions.logIndex,
      blockNumber: transactions.blockNumber,
      createdAt: transactions.createdAt,
      direction: transactions.direction,
      fromAddress: transactions.fromAddress,
      toAddress: transactions.toAddress,
      amount: transactions.amount,
      tokenId: transactions.tokenId,
      tokenSymbol: transactions.tokenSymbol,
      tokenDecimals: transactions.tokenDecimals,
      kind: transactions.kind,
      gas: transactions.gas,
      gasPrice: transactions.gasPrice,
      fee: transactions.fee,
      nftId: transactions.nftId,
      swappedAmount: transactions.swappedAmount,
      isSpam: transactions.isSpam,
      isError: transactions.isError,
    })
    .from(transactions)
    .where(eq(transactions.walletId, walletId))
    .orderBy(asc(transactions.blockNumber), asc(transactions.txHash), asc(transactions.logIndex));
  return rows;
}

export async function walletBalances(db: Database, walletId: string): Promise<Record<string, string>> {
  const rows = await db.select({ symbol: tokenBalances.tokenSymbol, amount: tokenBalances.amount }).from(tokenBalances).where(eq(tokenBalances.walletId, walletId));
  return Object.fromEntries(rows.map((row) => [row.symbol, row.amount]));
}

export async function walletNfts(db: Database, walletId: string): Promise<string[]> {
  const rows = await db.select({ nftId: nftHoldings.nftId }).from(nftHoldings).where(and(eq(nftHoldings.walletId, walletId)));
  return rows.map((row) => row.nftId).sort();
}
