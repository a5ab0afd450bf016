/**
 * Token transfers read from event logs over JSON-RPC (eth_getLogs in block ranges), mapped to the RawEvmTransfer
 * shape the explorer providers return. This is how local chains are synced, where no explorer runs.
 *
 * ERC-20 and ERC-721 share the Transfer(address,address,uint256) topic: an ERC-20 log carries the amount in its
 * data (three topics), an ERC-721 log the token id as a fourth topic. ERC-1155 uses TransferSingle/TransferBatch.
 */
import { decodeAbiParameters, pad, toEventSelector, type Address, type Hex, type PublicClient } from 'viem';
import type { EvmTransferPage, HexAddress, HexHash, RawEvmTransfer } from '../evm-history/types';
import { createChainDetails, type ChainDetails } from './chain-details';
import { isNodeRefusal, transportFailure } from './rpc-errors';

export type LogTransferKind = 'erc20' | 'erc721' | 'erc1155';

export interface GetLogsTransfersParams {
  /** Only transfers from or to this address; every transfer in the range when absent. */
  address?: Address;
  /** Default erc20 and erc721. */
  kinds?: readonly LogTransferKind[];
  fromBlock: bigint;
  /** Inclusive; the chain head when absent. */
  toBlock?: bigint;
  /** Blocks per eth_getLogs request to begin with (default 2000; many public nodes refuse wider ranges). */
  blockRange?: bigint;
  /**
   * Widest range to grow to while answers stay small (default `blockRange`: no growth). A range the node
   * refuses (too wide, too many results, no answer in time) is halved and asked again.
   */
  maxBlockRange?: bigint;
  /** An empty page after this many blocks without one, so a long scan's cursor moves on (default: none). */
  progressBlocks?: bigint;
  /** Shared look-ups (block times, transactions, token metadata); one is created when absent. */
  details?: ChainDetails;
}

export const TRANSFER_TOPIC = toEventSelector('Transfer(address,address,uint256)');
export const TRANSFER_SINGLE_TOPIC = toEventSelector('TransferSingle(address,address,address,uint256,uint256)');
export const TRANSFER_BATCH_TOPIC = toEventSelector('TransferBatch(address,address,address,uint256[],uint256[])');

interface RawLog {
  address: Hex;
  topics: Hex[];
  data: Hex;
  blockNumber: Hex | null;
  transactionHash: Hex | null;
  transactionIndex: Hex | null;
  logIndex: Hex | null;
  removed?: boolean;
}

interface DecodedTransfer {
  kind: LogTransferKind;
  log: RawLog;
  from: Address;
  to: Address;
  value: bigint;
  tokenId: bigint | null;
}

const lower = (value: string): HexAddress => value.toLowerCase() as HexAddress;
const topicAddress = (topic: Hex | undefined): Address | null =>
  topic && topic.length === 66 ? (`0x${topic.slice(26)}` as Address) : null;
const hexToBigInt = (value: Hex | null): bigint => (value === null ? 0n : BigInt(value));

function decode(log: RawLog, kinds: ReadonlySet<LogTransferKind>): DecodedTransfer[] {
  const [topic0, t1, t2, t3] = log.topics;
  try {
    if (topic0 === TRANSFER_TOPIC) {
      const from = topicAddress(t1);
      const to = topicAddress(t2);
      if (!from || !to) return [];
      if (log.topics.length === 3 && kinds.has('erc20') && log.data.length === 66) {
        return [{ kind: 'erc20', log, from, to, value: BigInt(log.data), tokenId: null }];
      }
      if (log.topics.length === 4 && kinds.has('erc721') && t3) {
        return [{ kind: 'erc721', log, from, to, value: 1n, tokenId: BigInt(t3) }];
      }
      return [];
    }
    if (!kinds.has('erc1155')) return [];
    const from = topicAddress(t2);
    const to = topicAddress(t3);
    if (!from || !to) return [];
    if (topic0 === TRANSFER_SINGLE_TOPIC) {
      const [id, value] = decodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], log.data);
      return [{ kind: 'erc1155', log, from, to, value, tokenId: id }];
    }
    if (topic0 === TRANSFER_BATCH_TOPIC) {
      const [ids, values] = decodeAbiParameters([{ type: 'uint256[]' }, { type: 'uint256[]' }], log.data);
      return ids.map((id, i) => ({ kind: 'erc1155' as const, log, from, to, value: values[i] ?? 0n, tokenId: id }));
    }
  } catch {
    // A log that only looks like a transfer (wrong data layout): not a transfer.
  }
  return [];
}

async function fetchLogs(client: PublicClient, fromBlock: bigint, toBlock: bigint, topics: (Hex | Hex[] | null)[]): Promise<RawLog[]> {
  const logs = await client.request({
    method: 'eth_getLogs',
    params: [{ fromBlock: `0x${fromBlock.toString(16)}`, toBlock: `0x${toBlock.toString(16)}`, topics }],
  });
  return logs as unknown as RawLog[];
}

/** The topic filters that select an address's transfers (as sender and as receiver) of the wanted kinds. */
function topicFilters(address: Address | undefined, kinds: ReadonlySet<LogTransferKind>): (Hex | Hex[] | null)[][] {
  const filters: (Hex | Hex[] | null)[][] = [];
  const who = address ? pad(address.toLowerCase() as Hex, { size: 32 }) : null;
  if (kinds.has('erc20') || kinds.has('erc721')) {
    if (who) filters.push([TRANSFER_TOPIC, who], [TRANSFER_TOPIC, null, who]);
    else filters.push([TRANSFER_TOPIC]);
  }
  if (kinds.has('erc1155')) {
    const both: Hex[] = [TRANSFER_SINGLE_TOPIC, TRANSFER_BATCH_TOPIC];
    if (who) filters.push([both, null, who], [both, null, null, who]);
    else filters.push([both]);
  }
  return filters;
}

async function toRawTransfer(t: DecodedTransfer, details: ChainDetails): Promise<RawEvmTransfer> {
  const hash = t.log.transactionHash as HexHash;
  const blockNumber = hexToBigInt(t.log.blockNumber);
  const [timestamp, tx, meta] = await Promise.all([
    details.blockTimestamp(blockNumber),
    details.transaction(hash),
    t.kind === 'erc20' ? details.token(t.log.address) : details.nft(t.log.address),
  ]);
  return {
    kind: t.kind,
    hash: hash.toLowerCase() as HexHash,
    blockNumber,
    timestamp,
    transactionIndex: Number(hexToBigInt(t.log.transactionIndex)),
    logIndex: Number(hexToBigInt(t.log.logIndex)),
    traceId: null,
    from: lower(t.from),
    to: lower(t.to),
    value: t.value,
    tokenAddress: lower(t.log.address),
    tokenSymbol: meta.symbol,
    tokenName: meta.name,
    tokenDecimals: meta.decimals,
    tokenId: t.tokenId,
    gas: tx.gas,
    gasPrice: tx.gasPrice,
    gasUsed: tx.gasUsed,
    // Logs only exist for transactions that succeeded.
    isError: false,
    functionName: null,
    methodId: null,
    contractAddress: null,
  };
}

const order = (a: RawEvmTransfer, b: RawEvmTransfer): number =>
  a.blockNumber !== b.blockNumber
    ? a.blockNumber < b.blockNumber ? -1 : 1
    : (a.logIndex ?? 0) - (b.logIndex ?? 0) || (a.tokenId !== null && b.tokenId !== null ? (a.tokenId < b.tokenId ? -1 : a.tokenId > b.tokenId ? 1 : 0) : 0);

/** Whether a failed eth_getLogs may succeed over a narrower range. */
function mayNarrow(error: unknown): boolean {
  if (isNodeRefusal(error)) return true;
  const failure = transportFailure(error);
  if (!failure) return false;
  return failure.kind === 'client_error' || failure.kind === 'bad_response' || (failure.kind === 'unavailable' && failure.detail.includes('no answer within'));
}

/** Logs per answer below which the next range doubles (up to maxBlockRange). */
const SMALL_ANSWER = 1000;

/**
 * Token transfers in [fromBlock, toBlock], one page per block range that has any (ascending by block and log
 * index); `lastBlock` is the range's end, so a cursor stored from it never skips a block.
 */
export async function* getLogsTransfers(client: PublicClient, params: GetLogsTransfersParams): AsyncGenerator<EvmTransferPage> {
  const kinds = new Set<LogTransferKind>(params.kinds ?? ['erc20', 'erc721']);
  let range = params.blockRange ?? 2000n;
  if (range < 1n) throw new RangeError('blockRange must be at least 1.');
  const maxRange = params.maxBlockRange !== undefined && params.maxBlockRange > range ? params.maxBlockRange : range;
  const toBlock = params.toBlock ?? (await client.getBlockNumber({ cacheTime: 0 }));
  const details = params.details ?? createChainDetails(client);
  const filters = topicFilters(params.address, kinds);
  let reported = params.fromBlock - 1n;

  for (let start = params.fromBlock; start <= toBlock; ) {
    const end = start + range - 1n < toBlock ? start + range - 1n : toBlock;
    let batches: RawLog[][];
    try {
      batches = await Promise.all(filters.map((topics) => fetchLogs(client, start, end, topics)));
    } catch (error) {
      if (range > 1n && mayNarrow(error)) {
        range /= 2n;
        continue;
      }
      throw error;
    }
    const seen = new Set<string>();
    const decoded: DecodedTransfer[] = [];
    for (const log of batches.flat()) {
      if (log.removed || !log.transactionHash || log.blockNumber === null) continue;
      // A transfer to oneself matches both the sender and the receiver filter.
      const key = `${log.transactionHash}:${log.logIndex}`;
      if (seen.has(key)) continue;
      seen.add(key);
      decoded.push(...decode(log, kinds));
    }
    if (decoded.length > 0) {
      const items = await Promise.all(decoded.map((t) => toRawTransfer(t, details)));
      items.sort(order);
      yield { items, lastBlock: end };
      reported = end;
    } else if (params.progressBlocks !== undefined && end - reported >= params.progressBlocks) {
      yield { items: [], lastBlock: end };
      reported = end;
    }
    start = end + 1n;
    if (range < maxRange && seen.size < SMALL_ANSWER) range = range * 2n < maxRange ? range * 2n : maxRange;
  }
  if (params.progressBlocks !== undefined && reported < toBlock && toBlock >= params.fromBlock) yield { items: [], lastBlock: toBlock };
}
