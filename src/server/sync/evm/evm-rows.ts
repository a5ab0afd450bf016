/**
 * EVM transfers as the wallet's transaction rows: which transfers concern the wallet, their direction, the
 * fee (gas used x gas price, on the sender's native row only), token details from the token lists, NFT ids,
 * spam flags and the log index scheme of event-index.ts.
 */
import type { EvmNetwork } from '../../../shared/enums';
import type { StoredTokenRef } from '../../db/schema';
import type { RawEvmTransfer } from '../../providers/evm-history/types';
import { toStoredToken, type TokenCatalog } from '../token-catalog';
import type { TransactionDraft } from '../transaction-draft';
import { batchLogIndex, internalLogIndex, NATIVE_LOG_INDEX, unindexedLogIndex } from './event-index';

export interface EvmWalletTarget {
  walletId: string;
  userId: string;
  network: EvmNetwork;
  /** Lower-case 0x address. */
  address: string;
}

/** Decimals assumed for a token whose contract states none (docs/chain-data.md: others 18). */
const DEFAULT_DECIMALS = 18;

function tokenOf(target: EvmWalletTarget, item: RawEvmTransfer, catalog: TokenCatalog): StoredTokenRef {
  const address = (item.tokenAddress ?? '').toLowerCase();
  const listed = catalog.known(target.network, address);
  if (listed) return toStoredToken(listed);
  const isNft = item.kind === 'erc721' || item.kind === 'erc1155';
  return {
    id: `${target.network}:${address}`,
    address,
    symbol: item.tokenSymbol ?? '',
    name: item.tokenName ?? '',
    decimals: isNft ? 0 : (item.tokenDecimals ?? DEFAULT_DECIMALS),
    image_url: null,
    network: target.network,
  };
}

const compareBig = (a: bigint, b: bigint): number => (a < b ? -1 : a > b ? 1 : 0);

/** Order of the entries of one ERC-1155 batch: by token id, then amount (a batch may name an id twice). */
const batchOrder = (a: RawEvmTransfer, b: RawEvmTransfer): number => compareBig(a.tokenId ?? 0n, b.tokenId ?? 0n) || compareBig(a.value, b.value);

/**
 * The log index of each item. Entries of one ERC-1155 TransferBatch share hash and log index and are told
 * apart by their place in the batch, so the page must hold the whole batch: the providers hand a block's
 * transfers on together, never split across pages.
 */
function logIndexes(items: readonly RawEvmTransfer[]): number[] {
  const groups = new Map<string, RawEvmTransfer[]>();
  for (const item of items) {
    if (item.kind !== 'erc1155' || item.logIndex === null) continue;
    const key = `${item.hash}:${String(item.logIndex)}`;
    const list = groups.get(key);
    if (list) list.push(item);
    else groups.set(key, [item]);
  }
  for (const list of groups.values()) list.sort(batchOrder);
  const internalSeen = new Map<string, number>();
  return items.map((item) => {
    switch (item.kind) {
      case 'normal':
        return NATIVE_LOG_INDEX;
      case 'internal': {
        if (item.traceId !== null) return internalLogIndex(item.traceId);
        const position = internalSeen.get(item.hash) ?? 0;
        internalSeen.set(item.hash, position + 1);
        return internalLogIndex(`#${String(position)}`);
      }
      default: {
        if (item.logIndex === null) {
          const identity = [item.tokenAddress, item.from, item.to, item.value, item.tokenId].map((part) => String(part ?? '')).join('|');
          return unindexedLogIndex(identity.toLowerCase());
        }
        const logIndex = item.logIndex;
        if (item.kind !== 'erc1155') return logIndex;
        const group = groups.get(`${item.hash}:${String(logIndex)}`) ?? [item];
        return batchLogIndex(logIndex, Math.max(0, group.indexOf(item)));
      }
    }
  });
}

/** The rows a page of transfers gives the wallet, in the page's order. */
export function evmTransferDrafts(target: EvmWalletTarget, items: readonly RawEvmTransfer[], catalog: TokenCatalog): TransactionDraft[] {
  const me = target.address.toLowerCase();
  const indexes = logIndexes(items);
  const drafts: TransactionDraft[] = [];
  items.forEach((item, position) => {
    const from = item.from.toLowerCase();
    const to = (item.to ?? item.contractAddress ?? '').toLowerCase();
    const sent = from === me;
    const received = to === me;
    if (!sent && !received) return;
    const native = item.kind === 'normal' || item.kind === 'internal';
    // A transaction someone else sent the wallet without value concerns it only through its token transfers.
    if (native && !sent && item.value === 0n) return;
    if (item.kind === 'internal' && item.value === 0n) return;
    const direction = sent ? 'OUTGOING' : 'INCOMING';
    const isNft = item.kind === 'erc721' || item.kind === 'erc1155';
    const token = native ? catalog.native(target.network) : tokenOf(target, item, catalog);
    const gas = item.gasUsed ?? item.gas;
    const paysFee = item.kind === 'normal' && sent && item.gasUsed !== null && item.gasPrice !== null;
    drafts.push({
      txHash: item.hash.toLowerCase(),
      logIndex: indexes[position] ?? NATIVE_LOG_INDEX,
      blockNumber: item.blockNumber,
      externalId: null,
      createdAt: item.timestamp,
      direction,
      fromAddress: from,
      toAddress: to,
      amount: item.value,
      token,
      gas,
      gasPrice: item.gasPrice,
      fee: paysFee ? (item.gasUsed ?? 0n) * (item.gasPrice ?? 0n) : null,
      feeTokenId: null,
      nftId: isNft ? (item.tokenId ?? 0n).toString() : null,
      nftImageUrl: null,
      nftUrl: null,
      isSpam:
        !native &&
        catalog.isSpam(
          { network: target.network, address: token.address ?? '', name: item.tokenName, symbol: item.tokenSymbol, decimals: isNft ? null : item.tokenDecimals },
          sent,
        ),
      isError: item.isError,
      method: item.functionName ?? (item.methodId !== null && item.methodId !== '0x' ? item.methodId : null),
    });
  });
  return drafts;
}
