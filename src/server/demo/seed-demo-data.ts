/**
 * Stores the demo wallets' sample data so the demo works on a fresh machine with no network: transactions,
 * token balances, NFTs, daily portfolio snapshots and the demo market's daily prices. Runs at every start from
 * the seed and is idempotent: the data is made once, relative to the UTC day the demo users were first created
 * (stored in the database, so it never depends on the time of day), and a wallet that already has transactions
 * is left alone. Each wallet's data is written in one database transaction, so a crash leaves none of it.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/database';
import {
  nftHoldings,
  portfolioSnapshots,
  priceHistory,
  subscriptions,
  tokenBalances,
  transactions,
  users,
  wallets,
} from '../db/schema';
import { bulkInsert } from './bulk-insert';
import { buildDemoWalletData, demoMarket, demoPricePoints } from './demo-dataset';
import { DEMO_WALLETS, demoAuthKey } from './demo-wallets';

/** The demo shows every feature, portfolio history included, so its users are on the PLUS plan. */
const DEMO_PLAN = 'PLUS' as const;

/** Demo users and their wallets as stored, with the date the demo data is anchored to. */
async function demoWalletRows(db: Database) {
  const rows = await db
    .select({
      userId: users.id,
      userCreatedAt: users.createdAt,
      walletId: wallets.id,
      address: wallets.address,
      network: wallets.network,
    })
    .from(users)
    .innerJoin(wallets, eq(wallets.userId, users.id))
    .where(
      and(
        eq(users.isDemo, true),
        inArray(
          users.authKey,
          DEMO_WALLETS.map((w) => demoAuthKey(w.address)),
        ),
      ),
    );
  return rows.filter((row) =>
    DEMO_WALLETS.some((w) => w.network === row.network && w.address.toLowerCase() === row.address.toLowerCase()),
  );
}

/** Fills in the demo wallets' sample data where it is missing. */
export async function ensureDemoData(db: Database): Promise<void> {
  const demo = await demoWalletRows(db);
  if (demo.length === 0) return;
  const filled = await db
    .selectDistinct({ walletId: transactions.walletId })
    .from(transactions)
    .where(inArray(transactions.walletId, demo.map((d) => d.walletId)));
  const missing = demo.filter((d) => !filled.some((f) => f.walletId === d.walletId));
  if (missing.length === 0) return;

  // One market for all demo wallets, anchored to the first demo user's creation.
  const seedDate = new Date(Math.min(...demo.map((d) => d.userCreatedAt.getTime())));
  const market = demoMarket(seedDate);
  const prices = demoPricePoints(market).map((p) => ({
    tokenKey: p.tokenKey,
    resolution: 'day' as const,
    bucketStart: p.bucketStart,
    priceUsd: p.priceUsd,
    source: 'demo',
    fetchedAt: seedDate,
  }));

  for (const wallet of missing) {
    const data = buildDemoWalletData(
      market,
      { userId: wallet.userId, walletId: wallet.walletId, address: wallet.address, network: wallet.network },
      seedDate,
    );
    await db.transaction(async (tx) => {
      // Another process may have filled it since the check above.
      const [already] = await tx
        .select({ id: transactions.id })
        .from(transactions)
        .where(eq(transactions.walletId, wallet.walletId))
        .limit(1);
      if (already !== undefined) return;
      await bulkInsert(tx, transactions, data.transactions);
      await tx.delete(tokenBalances).where(eq(tokenBalances.walletId, wallet.walletId));
      await bulkInsert(tx, tokenBalances, data.balances);
      await tx.delete(nftHoldings).where(eq(nftHoldings.walletId, wallet.walletId));
      await bulkInsert(tx, nftHoldings, data.nfts);
      await tx.delete(portfolioSnapshots).where(eq(portfolioSnapshots.userId, wallet.userId));
      await bulkInsert(
        tx,
        portfolioSnapshots,
        data.snapshots.map((s) => ({ userId: wallet.userId, measuredOn: s.measuredOn, valueUsd: s.valueUsd, createdAt: seedDate })),
      );
      await bulkInsert(tx, priceHistory, prices);
      await tx
        .update(wallets)
        .set({
          totalBalance: data.totalValueUsd,
          lastActivity: data.lastActivity,
          isSynchronized: true,
          syncError: null,
          lastSyncedAt: seedDate,
        })
        .where(eq(wallets.id, wallet.walletId));
      await tx
        .insert(subscriptions)
        .values({ userId: wallet.userId, planCode: DEMO_PLAN, startedAt: seedDate })
        .onConflictDoNothing({ target: subscriptions.userId });
    });
  }
}
