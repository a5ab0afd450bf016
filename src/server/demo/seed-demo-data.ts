/**
 * Keeps the demo wallets' sample data (transactions, token balances, NFTs, daily portfolio snapshots and the demo
 * market's daily prices) equal to what the generator makes for the current UTC day: two years of history ending
 * today, made on this machine with no network. The data depends on the day alone, never on the time of day.
 *
 * Each demo wallet carries a marker, its sync_cursors row of kind `demo`: `since` is the last day of the stored
 * history and `last_txid` the fingerprint of the generated data set (see generateDemoData). When the fingerprint
 * of today's data differs from a marker (a new day, a changed generator, a fresh install), every demo row is
 * replaced in one database transaction, so readers see the old data set or the new one, never a mix. Runs at
 * every start (the seed) and from the hourly portfolio snapshot job; several processes may run it at once. The demo
 * users' sample invoices are kept current the same way (demo-invoices.ts).
 */
import { and, eq, inArray, like } from 'drizzle-orm';
import type { Database } from '../db/database';
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
} from '../db/schema';
import { bulkInsert } from './bulk-insert';
import { DEMO_PRICE_KEY_PREFIX } from './demo-assets';
import { ensureDemoInvoices } from './demo-invoices';
import { generateDemoData, type DemoWalletRef, type GeneratedDemoData } from './demo-generation';
import { DEMO_WALLETS, demoAuthKey } from './demo-wallets';

/** The demo shows every feature, portfolio history included, so its users are on the PLUS plan. */
const DEMO_PLAN = 'PLUS' as const;

/** sync_cursors.kind of a demo wallet's marker. */
export const DEMO_MARKER_KIND = 'demo';

/** The demo users' wallets as stored. */
async function demoWalletRows(db: Database): Promise<DemoWalletRef[]> {
  const rows = await db
    .select({ userId: users.id, walletId: wallets.id, address: wallets.address, network: wallets.network })
    .from(users)
    .innerJoin(wallets, eq(wallets.userId, users.id))
    .where(and(eq(users.isDemo, true), inArray(users.authKey, DEMO_WALLETS.map((w) => demoAuthKey(w.address)))));
  return rows
    .filter((row) => DEMO_WALLETS.some((w) => w.network === row.network && w.address.toLowerCase() === row.address.toLowerCase()))
    .sort((a, b) => a.walletId.localeCompare(b.walletId));
}

/** True when every wallet's marker holds `fingerprint`. */
async function markersMatch(db: Database, walletIds: readonly string[], fingerprint: string): Promise<boolean> {
  const markers = await db
    .select({ walletId: syncCursors.walletId, fingerprint: syncCursors.lastTxid })
    .from(syncCursors)
    .where(and(inArray(syncCursors.walletId, [...walletIds]), eq(syncCursors.kind, DEMO_MARKER_KIND)));
  return walletIds.every((id) => markers.some((m) => m.walletId === id && m.fingerprint === fingerprint));
}

/** Replaces every demo row with `generated` (inside the caller's transaction). */
async function writeDemoData(tx: Database, generated: GeneratedDemoData, now: Date): Promise<void> {
  const walletIds = generated.wallets.map(({ wallet }) => wallet.walletId);
  const userIds = [...new Set(generated.wallets.map(({ wallet }) => wallet.userId))];
  await tx.delete(transactions).where(inArray(transactions.walletId, walletIds));
  await tx.delete(tokenBalances).where(inArray(tokenBalances.walletId, walletIds));
  await tx.delete(nftHoldings).where(inArray(nftHoldings.walletId, walletIds));
  await tx.delete(portfolioSnapshots).where(inArray(portfolioSnapshots.userId, userIds));
  await tx.delete(priceHistory).where(like(priceHistory.tokenKey, `${DEMO_PRICE_KEY_PREFIX}%`));
  await bulkInsert(tx, priceHistory, generated.prices);

  for (const { wallet, data } of generated.wallets) {
    await bulkInsert(tx, transactions, data.transactions);
    await bulkInsert(tx, tokenBalances, data.balances);
    await bulkInsert(tx, nftHoldings, data.nfts);
    await bulkInsert(
      tx,
      portfolioSnapshots,
      data.snapshots.map((s) => ({
        userId: wallet.userId,
        measuredOn: s.measuredOn,
        accountKey: `w:${wallet.walletId}`,
        walletId: wallet.walletId,
        valueUsd: s.valueUsd,
        createdAt: generated.day,
      })),
    );
    await tx
      .update(wallets)
      .set({
        totalBalance: data.totalValueUsd,
        lastActivity: data.lastActivity,
        isSynchronized: true,
        syncError: null,
        lastSyncedAt: generated.day,
      })
      .where(eq(wallets.id, wallet.walletId));
    await tx
      .insert(subscriptions)
      .values({ userId: wallet.userId, planCode: DEMO_PLAN, startedAt: generated.day })
      .onConflictDoNothing({ target: subscriptions.userId });
    await tx
      .insert(syncCursors)
      .values({ walletId: wallet.walletId, kind: DEMO_MARKER_KIND, lastTxid: generated.fingerprint, since: generated.day, status: 'DONE', updatedAt: now })
      .onConflictDoUpdate({
        target: [syncCursors.walletId, syncCursors.kind],
        set: { lastTxid: generated.fingerprint, since: generated.day, status: 'DONE', updatedAt: now },
      });
  }
}

/**
 * Makes the stored demo data the generator's output for the UTC day of `now`. Returns true when it rewrote the
 * data, false when it was already current (or there are no demo users).
 */
export async function ensureDemoData(db: Database, now: Date): Promise<boolean> {
  const demo = await demoWalletRows(db);
  if (demo.length === 0) return false;
  await ensureDemoInvoices(db, now);
  const walletIds = demo.map((d) => d.walletId);
  const generated = generateDemoData(now, demo);
  if (await markersMatch(db, walletIds, generated.fingerprint)) return false;

  return db.transaction(async (tx) => {
    // Processes refreshing at the same moment queue here; the later ones find the markers current.
    await tx.select({ id: wallets.id }).from(wallets).where(inArray(wallets.id, walletIds)).for('update');
    if (await markersMatch(tx, walletIds, generated.fingerprint)) return false;
    await writeDemoData(tx, generated, now);
    return true;
  });
}
