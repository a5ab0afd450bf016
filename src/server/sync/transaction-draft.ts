import type { Network } from '../../shared/enums';
import type { NewTransactionRow, StoredTokenRef, TransactionDirection } from '../db/schema';
import type { Leg, LegKind } from './classify';

/** A transaction row before it is stored: amounts as bigint base units. */
export interface TransactionDraft {
  txHash: string;
  logIndex: number;
  blockNumber: bigint | null;
  externalId: string | null;
  createdAt: Date;
  direction: TransactionDirection;
  fromAddress: string;
  toAddress: string;
  amount: bigint;
  token: StoredTokenRef;
  gas: bigint | null;
  gasPrice: bigint | null;
  fee: bigint | null;
  feeTokenId: string | null;
  nftId: string | null;
  nftImageUrl: string | null;
  nftUrl: string | null;
  isSpam: boolean;
  isError: boolean;
  method: string | null;
}

/** Whose rows these are. */
export interface RowOwner {
  userId: string;
  walletId: string | null;
  cexId: string | null;
  network: Network | null;
}

const text = (value: bigint | null): string | null => (value === null ? null : value.toString());

export function draftLeg(draft: TransactionDraft): Leg {
  return {
    txHash: draft.txHash,
    logIndex: draft.logIndex,
    direction: draft.direction,
    amount: draft.amount,
    token: draft.token,
    isSpam: draft.isSpam,
    isError: draft.isError,
    isNft: draft.nftId !== null,
    method: draft.method,
  };
}

export function draftRow(owner: RowOwner, draft: TransactionDraft, kind: LegKind): NewTransactionRow {
  return {
    userId: owner.userId,
    walletId: owner.walletId,
    cexId: owner.cexId,
    network: owner.network,
    txHash: draft.txHash,
    logIndex: draft.logIndex,
    blockNumber: draft.blockNumber,
    externalId: draft.externalId,
    createdAt: draft.createdAt,
    direction: draft.direction,
    fromAddress: draft.fromAddress,
    toAddress: draft.toAddress,
    amount: draft.amount.toString(),
    tokenId: draft.token.id,
    tokenAddress: draft.token.address,
    tokenSymbol: draft.token.symbol,
    tokenName: draft.token.name,
    tokenDecimals: draft.token.decimals,
    tokenImage: draft.token.image_url,
    kind: kind.kind,
    gas: text(draft.gas),
    gasPrice: text(draft.gasPrice),
    fee: text(draft.fee),
    feeTokenId: draft.feeTokenId,
    nftId: draft.nftId,
    nftImageUrl: draft.nftImageUrl,
    nftUrl: draft.nftUrl,
    swappedAmount: text(kind.swappedAmount),
    swappedToken: kind.swappedToken,
    axieBreedAxsCost: text(kind.axieBreedAxsCost),
    axieBreedSlpCost: text(kind.axieBreedSlpCost),
    isSpam: draft.isSpam,
    isError: draft.isError,
    method: draft.method,
  };
}
