/**
 * One sync run of one exchange account: its sealed keys opened, the key's permissions checked again (a key that
 * has since been allowed to withdraw is refused, as when it was added), balances read, deposits, withdrawals and
 * trades stored as transactions (cex set) from their cursors up to the plan's limit (which markets are read:
 * exchange/exchange-history-sync.ts), holdings priced and the time they were read kept for the next run's
 * comparison. A run that leaves a market scan unfinished is followed by the next one within a minute. Failures
 * are recorded as for wallets; a refused key is not retried until the user replaces it.
 */
import { eq, max } from 'drizzle-orm';
import { centralisedExchanges, transactions, users } from '../db/schema';
import { storeHoldings } from './balances/store-holdings';
import { markBalancesRead } from './exchange/balance-reconciliation';
import { syncExchangeHistory } from './exchange/exchange-history-sync';
import { SCAN_FOLLOW_UP_MS } from './exchange/market-scan';
import type { SyncRunOptions } from './run-context';
import { acquireLease, finishRun, LeaseLostError, type SyncSubject } from './sync-cursors';
import type { SyncDeps } from './sync-deps';
import { recordFailure, startRun, type SyncOutcome } from './wallet-sync';

export async function syncExchange(deps: SyncDeps, cexId: string, options: SyncRunOptions = {}): Promise<SyncOutcome> {
  const { db } = deps;
  const [account] = await db
    .select({
      id: centralisedExchanges.id,
      userId: centralisedExchanges.userId,
      exchange: centralisedExchanges.exchange,
      apiKeySealed: centralisedExchanges.apiKeySealed,
      secretKeySealed: centralisedExchanges.secretKeySealed,
      isDemo: users.isDemo,
    })
    .from(centralisedExchanges)
    .innerJoin(users, eq(users.id, centralisedExchanges.userId))
    .where(eq(centralisedExchanges.id, cexId))
    .limit(1);
  if (!account) return 'missing';
  if (account.isDemo) return 'skipped';
  const subject: SyncSubject = { cexId };
  if (!(await acquireLease(db, subject, deps.workerId, deps.now(), deps.leaseMs))) return 'busy';

  try {
    const client = deps.exchangeClient({
      exchange: account.exchange,
      apiKey: deps.openSecret(account.apiKeySealed),
      secret: deps.openSecret(account.secretKeySealed),
    });
    const ctx = await startRun(deps, subject, account.userId, options, null);
    await client.checkPermissions();
    const balancesAt = deps.now();
    const balances = await client.fetchBalances();
    const history = await syncExchangeHistory(ctx, client, { exchange: account.exchange, balances, balancesAt });
    const totalUsd = await storeHoldings(
      deps,
      { userId: account.userId, walletId: null, cexId, network: null },
      balances.map((balance) => ({
        token: deps.catalog.exchangeToken(account.exchange, balance.asset, balance.decimals),
        amount: balance.total,
        isSpam: false,
        priceRef: deps.catalog.priceRefForAsset(balance.asset),
      })),
    );
    const now = deps.now();
    await markBalancesRead(db, subject, balancesAt, now);
    const [activity] = await db.select({ last: max(transactions.createdAt) }).from(transactions).where(eq(transactions.cexId, cexId));
    await db
      .update(centralisedExchanges)
      .set({
        isSynchronized: true,
        lastError: null,
        txLimitReached: ctx.limitReached || !history.complete,
        lastSyncedAt: now,
        totalBalance: totalUsd,
        lastActivity: activity?.last ?? null,
      })
      .where(eq(centralisedExchanges.id, cexId));
    await finishRun(db, subject, deps.workerId, now, {
      status: 'DONE',
      lastError: null,
      failed: false,
      nextRunAt: new Date(now.getTime() + (history.scanPending ? SCAN_FOLLOW_UP_MS : deps.intervalMinutes * 60_000)),
    });
    return 'synced';
  } catch (error) {
    const rethrow = await recordFailure(deps, subject, error, async (message) => {
      await db.update(centralisedExchanges).set({ lastError: message }).where(eq(centralisedExchanges.id, cexId));
    });
    if (rethrow !== null) throw rethrow;
    return error instanceof LeaseLostError ? 'busy' : 'failed';
  }
}
