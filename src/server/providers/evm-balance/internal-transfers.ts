/**
 * Internal transfers over JSON-RPC, in the shape explorers' `txlistinternal` gives them (kind 'internal', the
 * trace position as traceId, gas and gas used of the call, no gas price): either for a run of blocks (a local
 * chain, traced range by range) or for single blocks chosen by the caller (the active blocks of an account).
 */
import type { PublicClient } from 'viem';
import type { EvmTransferPage, RawEvmTransfer } from '../evm-history/types';
import type { BlockTracer } from './block-tracer';
import type { InternalMove } from './call-traces';
import { createChainDetails, type ChainDetails } from './chain-details';

export async function toInternalTransfer(move: InternalMove, details: ChainDetails): Promise<RawEvmTransfer> {
  return {
    kind: 'internal',
    hash: move.hash,
    blockNumber: move.blockNumber,
    timestamp: await details.blockTimestamp(move.blockNumber),
    transactionIndex: move.transactionIndex,
    logIndex: null,
    traceId: move.traceId,
    from: move.from,
    to: move.to,
    value: move.value,
    tokenAddress: null,
    tokenSymbol: null,
    tokenName: null,
    tokenDecimals: null,
    tokenId: null,
    gas: move.gas,
    gasPrice: null,
    gasUsed: move.gasUsed,
    isError: move.isError,
    functionName: null,
    methodId: null,
    contractAddress: move.contractAddress,
  };
}

/** The internal transfers of blocks `from`..`to` concerning `who` (every one when absent). */
export async function internalTransfersIn(
  tracer: BlockTracer,
  details: ChainDetails,
  from: bigint,
  to: bigint,
  who: string | undefined,
): Promise<RawEvmTransfer[]> {
  const moves = await tracer.internalMoves(from, to, who?.toLowerCase());
  return Promise.all(moves.map((move) => toInternalTransfer(move, details)));
}

export interface TraceInternalTransfersParams {
  /** Only transfers from or to this address; every one when absent. */
  address?: string;
  fromBlock: bigint;
  /** Inclusive; the chain head when absent. */
  toBlock?: bigint;
  /** Blocks per request range and page (default 100). */
  pageBlocks?: bigint;
  details?: ChainDetails;
}

/** Pages of `pageBlocks` blocks that hold an internal transfer, in block and call order. */
export async function* traceInternalTransfers(
  client: PublicClient,
  tracer: BlockTracer,
  params: TraceInternalTransfersParams,
): AsyncGenerator<EvmTransferPage> {
  const pageBlocks = params.pageBlocks ?? 100n;
  if (pageBlocks < 1n) throw new RangeError('pageBlocks must be at least 1.');
  const toBlock = params.toBlock ?? (await client.getBlockNumber({ cacheTime: 0 }));
  const details = params.details ?? createChainDetails(client);
  for (let start = params.fromBlock; start <= toBlock; start += pageBlocks) {
    const end = start + pageBlocks - 1n < toBlock ? start + pageBlocks - 1n : toBlock;
    const items = await internalTransfersIn(tracer, details, start, end, params.address);
    if (items.length > 0) yield { items, lastBlock: end };
  }
}
