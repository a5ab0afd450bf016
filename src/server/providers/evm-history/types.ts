/**
 * EVM transaction history as the sync engine consumes it, whatever the source (explorer APIs here,
 * JSON-RPC logs on local chains). Addresses are lowercase; amounts are bigint base units.
 */
import type { EvmNetwork } from '../../../shared/enums';

export const EVM_TRANSFER_KINDS = ['normal', 'internal', 'erc20', 'erc721', 'erc1155'] as const;
export type EvmTransferKind = (typeof EVM_TRANSFER_KINDS)[number];

export type HexAddress = `0x${string}`;
export type HexHash = `0x${string}`;

export interface RawEvmTransfer {
  kind: EvmTransferKind;
  hash: HexHash;
  blockNumber: bigint;
  timestamp: Date;
  /** Position of the transaction in its block, when the source gives it. */
  transactionIndex: number | null;
  /** Log index of a token transfer in its block, when the source gives it; null for native value. */
  logIndex: number | null;
  /** Position of an internal transfer in the call trace (e.g. `0_1`), when given. */
  traceId: string | null;
  from: HexAddress;
  /** Null for a contract creation. */
  to: HexAddress | null;
  /** Native value in wei, the token amount in base units, or 1 for an ERC-721 transfer. */
  value: bigint;
  /** Token contract for erc20 / erc721 / erc1155; null for native value. */
  tokenAddress: HexAddress | null;
  tokenSymbol: string | null;
  tokenName: string | null;
  tokenDecimals: number | null;
  /** NFT id for erc721 / erc1155. */
  tokenId: bigint | null;
  gas: bigint | null;
  gasPrice: bigint | null;
  gasUsed: bigint | null;
  isError: boolean;
  functionName: string | null;
  methodId: string | null;
  /** Contract created by a normal or internal transaction. */
  contractAddress: HexAddress | null;
}

/**
 * One page of transfers in ascending block order. Everything below `lastBlock` has been delivered;
 * transfers in `lastBlock` itself may continue on the next page, so a stored cursor resumes from
 * `lastBlock` (inclusive) and relies on idempotent writes. A page may hold no items: a long scan over
 * JSON-RPC reports its progress that way, so the cursor moves on through stretches without activity.
 */
export interface EvmTransferPage {
  items: RawEvmTransfer[];
  lastBlock: bigint;
}

export interface ListTransfersParams {
  network: EvmNetwork;
  address: HexAddress;
  kind: EvmTransferKind;
  fromBlock: bigint;
  /** Inclusive; the chain head when absent. */
  toBlock?: bigint;
}

export interface EvmHistoryProvider {
  /** Stable identifier, e.g. `etherscan`. */
  readonly name: string;
  /** Name shown to users, e.g. `Etherscan`. */
  readonly displayName: string;
  supports(network: EvmNetwork): boolean;
  /**
   * Used only when no source before it serves the network (none is configured, or each refuses the network),
   * never in place of one that is merely down: a JSON-RPC node reading history itself is slow, and mixing it
   * with an explorer over the same blocks could name the same internal transfer twice.
   */
  readonly lastResort?: boolean;
  /** Pages in ascending block order; an address with no activity yields no page with items. */
  listTransfers(params: ListTransfersParams): AsyncIterable<EvmTransferPage>;
}
