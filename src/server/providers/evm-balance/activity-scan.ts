/**
 * History pages for one account from the blocks where its state changed (account-activity.ts): each active
 * block is read by `read` (the account's transactions of that block, or the internal transfers traced in it),
 * and quiet stretches are reported as pages without items, so the cursor keeps moving over long scans.
 */
import type { PublicClient } from 'viem';
import type { EvmTransferPage, RawEvmTransfer } from '../evm-history/types';
import { accountActivity, keepsState, oldestKeptState, type AccountStates } from './account-activity';

export interface ActivityScanParams {
  fromBlock: bigint;
  /** Inclusive; the chain head when absent. */
  toBlock?: bigint;
  states: AccountStates;
  /** What concerns the account in a block where its state changed. */
  read(block: bigint): Promise<RawEvmTransfer[]>;
  /** An empty page after this many blocks without one (default 100,000). */
  progressBlocks?: bigint;
  /** Told when the node has dropped the states before some block, which therefore cannot be scanned. */
  onStatesPruned?(oldestKept: bigint): void;
}

export async function* scanAccountActivity(client: PublicClient, params: ActivityScanParams): AsyncGenerator<EvmTransferPage> {
  const toBlock = params.toBlock ?? (await client.getBlockNumber({ cacheTime: 0 }));
  if (toBlock < params.fromBlock) return;
  const progressBlocks = params.progressBlocks ?? 100_000n;
  const { states } = params;

  // States after `lo` and after `toBlock` bound the stretch; block 0 holds no transactions.
  let lo = params.fromBlock > 0n ? params.fromBlock - 1n : 0n;
  const atHi = await states.at(toBlock);
  if (!(await keepsState(states, lo))) {
    lo = await oldestKeptState(states, lo, toBlock);
    params.onStatesPruned?.(lo);
  }
  const atLo = await states.at(lo);

  let reported = lo;
  for await (const event of accountActivity(states, lo, atLo, toBlock, atHi)) {
    if (event.type === 'active') {
      const items = await params.read(event.block);
      if (items.length > 0 || event.block - reported >= progressBlocks) {
        yield { items, lastBlock: event.block };
        reported = event.block;
      }
    } else if (event.through - reported >= progressBlocks) {
      yield { items: [], lastBlock: event.through };
      reported = event.through;
    }
  }
  if (reported < toBlock) yield { items: [], lastBlock: toBlock };
}
