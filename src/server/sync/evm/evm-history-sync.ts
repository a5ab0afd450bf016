/**
 * A wallet's EVM history, kind by kind (normal, internal, ERC-20, ERC-721, ERC-1155), each from its stored
 * block cursor. Pages are committed with their cursor, while the next ones are fetched (read-ahead.ts); the
 * preferred provider's outage (or its refusal of the network) hands the same cursor to the next provider; the
 * plan's limit stops ingestion.
 */
import { EVM_TRANSFER_KINDS, type EvmHistoryProvider, type EvmTransferKind, type EvmTransferPage, type HexAddress } from '../../providers/evm-history/types';
import type { EvmNetwork } from '../../../shared/enums';
import { readAhead } from '../read-ahead';
import { commitPage, consume, type RunContext } from '../run-context';
import { readCursor, writeCursor } from '../sync-cursors';
import { providerErrorIn } from '../sync-errors';
import { storeWalletDrafts } from '../transaction-store';
import { evmTransferDrafts, type EvmWalletTarget } from './evm-rows';

/** Pages fetched ahead of the one being stored; those that have arrived are stored in one transaction. */
export const READ_AHEAD_PAGES = 4;

/** Stores pages of one kind for the wallet, moving the kind's cursor with each page. Returns false at the limit. */
export async function ingestEvmPages(ctx: RunContext, target: EvmWalletTarget, kind: EvmTransferKind, pages: AsyncIterable<EvmTransferPage>): Promise<boolean> {
  const owner = { ...ctx.owner, walletId: target.walletId, network: target.network };
  for await (const batch of readAhead(pages, ctx.deps.readAheadPages ?? READ_AHEAD_PAGES)) {
    // Rows are made page by page (a page's log indexes are its own), then stored together.
    const drafts = batch.flatMap((page) => evmTransferDrafts(target, page.items, ctx.deps.catalog));
    const page = batch[batch.length - 1] as EvmTransferPage;
    let stopped = false;
    await commitPage(ctx, async (tx) => {
      const result = await storeWalletDrafts(tx, owner, drafts, ctx.remaining);
      consume(ctx, result.counted, result.truncated);
      // At the limit the cursor stays at the last stored row's block, where a larger plan resumes.
      const lastBlock = result.truncated ? (result.lastKept?.blockNumber ?? null) : page.lastBlock;
      if (lastBlock !== null) await writeCursor(tx, ctx.subject, kind, { lastBlock }, ctx.deps.now());
      stopped = result.truncated;
    });
    if (stopped) return false;
  }
  return true;
}

/**
 * One kind from the first provider that serves it. An outage (rate limit, no answer) hands the cursor to the
 * next provider; so does a provider that does not serve the network at all. A last-resort provider (the
 * JSON-RPC node) is only used when every provider before it refused the network, never for an outage.
 */
async function ingestKindWithFallback(ctx: RunContext, target: EvmWalletTarget, kind: EvmTransferKind, providers: readonly EvmHistoryProvider[]): Promise<boolean> {
  let firstError: unknown;
  // The first outage: what to report when every source failed, since a retry can help with it.
  let outage: unknown;
  for (const provider of providers) {
    if (provider.lastResort === true && outage !== undefined) continue;
    const cursor = await readCursor(ctx.deps.db, ctx.subject, kind);
    const fromBlock = cursor?.lastBlock ?? 0n;
    try {
      return await ingestEvmPages(
        ctx,
        target,
        kind,
        provider.listTransfers({ network: target.network, address: target.address as HexAddress, kind, fromBlock }),
      );
    } catch (error) {
      const failure = providerErrorIn(error);
      if (failure === null || !(failure.retryable || failure.networkNotServed)) throw error;
      if (failure.retryable) outage ??= error;
      firstError ??= error;
      ctx.deps.logger.warn(`${provider.displayName} failed for ${target.network} ${kind}; trying the next source`, { detail: failure.detail });
    }
  }
  throw outage ?? firstError ?? new Error(`No history source serves ${target.network}.`);
}

/** Syncs every transfer kind; false when the plan's limit stopped it. Needs at least one provider. */
export async function syncEvmHistory(ctx: RunContext, target: EvmWalletTarget): Promise<boolean> {
  const providers = ctx.deps.evmHistory(target.network as EvmNetwork);
  if (providers.length === 0) throw new Error(`No history source serves ${target.network}.`);
  for (const kind of EVM_TRANSFER_KINDS) {
    if (!(await ingestKindWithFallback(ctx, target, kind, providers))) return false;
  }
  return true;
}
