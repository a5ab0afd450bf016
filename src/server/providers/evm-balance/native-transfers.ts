/**
 * An address's transactions found by reading whole blocks over JSON-RPC: what an explorer's `txlist` gives
 * (every transaction the address sent or received, native value, gas, failures, contract creations), mapped
 * to RawEvmTransfer with kind 'normal'. It reads every block of the range, so it suits local chains and short
 * ranges, not a public chain's full history.
 */
import type { Address, PublicClient } from 'viem';
import type { EvmTransferPage, HexAddress, HexHash, RawEvmTransfer } from '../evm-history/types';
import { createChainDetails, type ChainDetails } from './chain-details';

export interface ScanNativeTransfersParams {
  /** Only transactions from or to this address; every transaction when absent. */
  address?: Address;
  fromBlock: bigint;
  /** Inclusive; the chain head when absent. */
  toBlock?: bigint;
  /** Blocks per page (default 100). */
  pageBlocks?: bigint;
  /** Blocks read at once (default 4). */
  concurrency?: number;
  details?: ChainDetails;
}

const lower = (value: string): HexAddress => value.toLowerCase() as HexAddress;

/** The transactions of one block sent or received by `who` (every one when absent), as kind 'normal'. */
export async function transactionsOfBlock(
  client: PublicClient,
  blockNumber: bigint,
  who: string | undefined,
  details: ChainDetails,
): Promise<RawEvmTransfer[]> {
  const block = await client.getBlock({ blockNumber, includeTransactions: true });
  const timestamp = new Date(Number(block.timestamp) * 1000);
  const matching = block.transactions.filter((tx) => !who || tx.from.toLowerCase() === who || tx.to?.toLowerCase() === who);
  return Promise.all(
    matching.map(async (tx): Promise<RawEvmTransfer> => {
      const receipt = await details.transaction(tx.hash);
      return {
        kind: 'normal',
        hash: tx.hash.toLowerCase() as HexHash,
        blockNumber,
        timestamp,
        transactionIndex: receipt.transactionIndex,
        logIndex: null,
        traceId: null,
        from: lower(tx.from),
        to: tx.to ? lower(tx.to) : null,
        value: tx.value,
        tokenAddress: null,
        tokenSymbol: null,
        tokenName: null,
        tokenDecimals: null,
        tokenId: null,
        gas: tx.gas,
        gasPrice: receipt.gasPrice,
        gasUsed: receipt.gasUsed,
        isError: receipt.isError,
        functionName: null,
        // As explorers give it: the 4-byte selector of a contract call, "0x" for a plain transfer.
        methodId: tx.input.length >= 10 ? tx.input.slice(0, 10).toLowerCase() : '0x',
        contractAddress: receipt.contractAddress ? lower(receipt.contractAddress) : null,
      };
    }),
  );
}

/** Pages of `pageBlocks` blocks that hold a matching transaction, in block and transaction order. */
export async function* scanNativeTransfers(client: PublicClient, params: ScanNativeTransfersParams): AsyncGenerator<EvmTransferPage> {
  const pageBlocks = params.pageBlocks ?? 100n;
  if (pageBlocks < 1n) throw new RangeError('pageBlocks must be at least 1.');
  const concurrency = Math.max(1, params.concurrency ?? 4);
  const toBlock = params.toBlock ?? (await client.getBlockNumber({ cacheTime: 0 }));
  const details = params.details ?? createChainDetails(client);
  const who = params.address?.toLowerCase();

  for (let start = params.fromBlock; start <= toBlock; start += pageBlocks) {
    const end = start + pageBlocks - 1n < toBlock ? start + pageBlocks - 1n : toBlock;
    const items: RawEvmTransfer[] = [];
    for (let block = start; block <= end; block += BigInt(concurrency)) {
      const numbers: bigint[] = [];
      for (let n = block; n <= end && n < block + BigInt(concurrency); n += 1n) numbers.push(n);
      const found = await Promise.all(numbers.map((n) => transactionsOfBlock(client, n, who, details)));
      for (const list of found) items.push(...list.sort((a, b) => (a.transactionIndex ?? 0) - (b.transactionIndex ?? 0)));
    }
    if (items.length > 0) yield { items, lastBlock: end };
  }
}
