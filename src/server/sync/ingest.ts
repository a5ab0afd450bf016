/**
 * Storing transfer pages for a wallet outside a scheduled run (benchmarks, imports): the same path a sync
 * takes (drafts, classification, idempotent multi-row inserts, cursor per page), under the wallet's lease and
 * without a plan limit.
 */
import type { EvmTransferKind, EvmTransferPage } from '../providers/evm-history/types';
import { ingestEvmPages } from './evm/evm-history-sync';
import type { EvmWalletTarget } from './evm/evm-rows';
import type { RunContext } from './run-context';
import { acquireLease, releaseLease } from './sync-cursors';
import type { SyncDeps } from './sync-deps';

/** Returns how many rows counting toward plan limits were added. */
export async function ingestWalletTransfers(deps: SyncDeps, target: EvmWalletTarget, kind: EvmTransferKind, pages: AsyncIterable<EvmTransferPage>): Promise<number> {
  const subject = { walletId: target.walletId };
  if (!(await acquireLease(deps.db, subject, deps.workerId, deps.now(), deps.leaseMs))) {
    throw new Error('The wallet is being synced by another worker.');
  }
  const start = Number.MAX_SAFE_INTEGER;
  const ctx: RunContext = {
    deps,
    subject,
    owner: { userId: target.userId, walletId: target.walletId, cexId: null, network: target.network },
    remaining: start,
    limitReached: false,
    options: {},
  };
  try {
    await ingestEvmPages(ctx, target, kind, pages);
  } finally {
    await releaseLease(deps.db, subject, deps.workerId);
  }
  return start - ctx.remaining;
}
