/**
 * One sync run of one wallet: under the wallet's lease, history from the stored cursors (EVM explorers, the
 * network's JSON-RPC node where no explorer serves it or on the devnet, Bitcoin through Esplora) up to the plan's
 * transaction limit, then balances with current prices and NFT holdings with their prices. Success marks the
 * wallet synchronized; a failure keeps every stored row, records the reason for the user and schedules a retry
 * with backoff.
 */
import { eq, max } from 'drizzle-orm';
import { EVM_NETWORKS, NETWORK_LABELS, type EvmNetwork } from '../../shared/enums';
import { transactions, users, wallets } from '../db/schema';
import { currentPlan } from '../plans/current-plan';
import { refreshBitcoinBalance, refreshEvmBalances } from './balances/wallet-balances';
import { syncBitcoinHistory } from './bitcoin/bitcoin-history-sync';
import { syncEvmHistory } from './evm/evm-history-sync';
import { refreshNftHoldings } from './nft/nft-holdings-sync';
import { SyncAbortedError, type RunContext, type SyncRunOptions } from './run-context';
import { ACCOUNT_KIND, acquireLease, finishRun, LeaseLostError, readCursor, releaseLease, type SyncSubject } from './sync-cursors';
import type { SyncDeps } from './sync-deps';
import { isRetryableSyncError, retryAt, syncErrorMessage } from './sync-errors';
import { countedTransactions } from './transaction-store';

export function historyUnavailableMessage(network: EvmNetwork): string {
  return `Transaction history for ${NETWORK_LABELS[network]} is not available on this server yet; balances are kept up to date.`;
}

/** synced: done; failed: recorded, not worth retrying at once; busy: another worker holds it; missing: deleted; skipped: demo data. */
export type SyncOutcome = 'synced' | 'failed' | 'busy' | 'missing' | 'skipped';

const isEvm = (network: string): network is EvmNetwork => (EVM_NETWORKS as readonly string[]).includes(network);

export async function startRun(deps: SyncDeps, subject: SyncSubject, userId: string, options: SyncRunOptions, network: RunContext['owner']['network']): Promise<RunContext> {
  const plan = await currentPlan(deps.db, userId, deps.now());
  const limit = plan.maxNumTransactions;
  const counted = limit === null ? 0 : await countedTransactions(deps.db, subject);
  return {
    deps,
    subject,
    owner: { userId, walletId: 'walletId' in subject ? subject.walletId : null, cexId: 'cexId' in subject ? subject.cexId : null, network },
    remaining: limit === null ? Infinity : Math.max(0, limit - counted),
    limitReached: false,
    options,
  };
}

/**
 * Records a failed run. Returns the error to rethrow when a retry soon can help (the job queue retries with
 * backoff), else null.
 */
export async function recordFailure(deps: SyncDeps, subject: SyncSubject, error: unknown, setAccountError: (message: string) => Promise<void>): Promise<unknown> {
  if (error instanceof SyncAbortedError) {
    await releaseLease(deps.db, subject, deps.workerId);
    return error;
  }
  if (error instanceof LeaseLostError) return null;
  const message = syncErrorMessage(error);
  const retryable = isRetryableSyncError(error);
  deps.logger[retryable ? 'warn' : 'error']('Sync failed', { subject, message, error });
  const now = deps.now();
  const attempts = (await readCursor(deps.db, subject, ACCOUNT_KIND))?.attempts ?? 0;
  await setAccountError(message);
  await finishRun(deps.db, subject, deps.workerId, now, {
    status: 'ERROR',
    lastError: message,
    failed: true,
    nextRunAt: retryAt(now, deps.intervalMinutes, attempts),
  });
  return retryable ? error : null;
}

export async function syncWallet(deps: SyncDeps, walletId: string, options: SyncRunOptions = {}): Promise<SyncOutcome> {
  const { db } = deps;
  const [wallet] = await db
    .select({ id: wallets.id, userId: wallets.userId, address: wallets.address, network: wallets.network, isDemo: users.isDemo })
    .from(wallets)
    .innerJoin(users, eq(users.id, wallets.userId))
    .where(eq(wallets.id, walletId))
    .limit(1);
  if (!wallet) return 'missing';
  if (wallet.isDemo) return 'skipped';
  const subject: SyncSubject = { walletId };
  if (!(await acquireLease(db, subject, deps.workerId, deps.now(), deps.leaseMs))) return 'busy';

  try {
    const ctx = await startRun(deps, subject, wallet.userId, options, wallet.network);
    const owner = { userId: wallet.userId, walletId, cexId: null, network: wallet.network };
    let totalUsd: string;
    let notice: string | null = null;
    if (wallet.network === 'BITCOIN') {
      if (deps.esplora === null) throw new Error('No Esplora server is configured for Bitcoin.');
      await syncBitcoinHistory(ctx, deps.esplora, { walletId, address: wallet.address });
      totalUsd = await refreshBitcoinBalance(deps, owner, deps.esplora, wallet.address);
    } else if (isEvm(wallet.network)) {
      const target = { walletId, userId: wallet.userId, network: wallet.network, address: wallet.address.toLowerCase() };
      // Without any history source for the network the holdings are still kept current; the user is told why
      // no transactions appear.
      if (deps.evmHistory(wallet.network).length > 0) await syncEvmHistory(ctx, target);
      else notice = historyUnavailableMessage(wallet.network);
      totalUsd = await refreshEvmBalances(deps, owner, wallet.network, wallet.address);
      await refreshNftHoldings(deps, owner, wallet.network);
    } else {
      throw new Error(`Unsupported network ${String(wallet.network)}.`);
    }
    const now = deps.now();
    const [activity] = await db.select({ last: max(transactions.createdAt) }).from(transactions).where(eq(transactions.walletId, walletId));
    await db
      .update(wallets)
      .set({
        isSynchronized: true,
        syncError: notice,
        txLimitReached: ctx.limitReached,
        lastSyncedAt: now,
        totalBalance: totalUsd,
        lastActivity: activity?.last ?? null,
      })
      .where(eq(wallets.id, walletId));
    await finishRun(db, subject, deps.workerId, now, {
      status: 'DONE',
      lastError: notice,
      failed: false,
      nextRunAt: new Date(now.getTime() + deps.intervalMinutes * 60_000),
    });
    return 'synced';
  } catch (error) {
    const rethrow = await recordFailure(deps, subject, error, async (message) => {
      await db.update(wallets).set({ syncError: message }).where(eq(wallets.id, walletId));
    });
    if (rethrow !== null) throw rethrow;
    return error instanceof LeaseLostError ? 'busy' : 'failed';
  }
}
