/**
 * Books the demo wallets' transactions: turns each generated transaction into transaction rows the way the sync
 * stores chain data (one row per value movement; the fee on the sender's native row, which exists with a zero
 * amount when only tokens moved; kinds from the sync's classifier; lower-case EVM addresses), keeps the running
 * balance of every token in base units and refuses anything that would overdraw the wallet.
 */
import type { Network } from '../../shared/enums';
import { NATIVE_LOG_INDEX, type NewTransactionRow, type TransactionDirection } from '../db/schema';
import type { TokenInfo } from '../providers/tokens/token-registry';
import { classifyLegs, type Leg } from '../sync/classify';
import { internalLogIndex } from '../sync/evm/event-index';
import { toStoredToken } from '../sync/token-catalog';
import { usdText, valueOf } from './demo-fixed';

/** Log index of a value transfer made by the first internal call (trace "0") of a transaction. */
export const FIRST_TRACE_LOG_INDEX = internalLogIndex('0');

export interface DemoNft {
  /** Token id as a decimal string. */
  id: string;
  imageUrl: string;
  url: string;
}

export interface DemoMovement {
  direction: TransactionDirection;
  token: TokenInfo;
  /** Base units, above zero (zero only for the sender's native row of a transaction that moved tokens). */
  amount: bigint;
  /** NATIVE_LOG_INDEX, FIRST_TRACE_LOG_INDEX or the token transfer's log index. */
  logIndex: number;
  counterparty: string;
  /** USD price of one whole token at the time (fixed-point, 8 decimals). */
  priceUsd: bigint;
  nft?: DemoNft;
}

export interface DemoTransaction {
  at: Date;
  hash: string;
  blockNumber: bigint;
  movements: readonly DemoMovement[];
  /** Gas limit used and gas price in wei (EVM only). */
  gas?: bigint;
  gasPrice?: bigint;
  /** Network fee paid by the wallet, in base units of the native coin (only when the wallet sent it). */
  fee?: bigint;
  /** USD price of the native coin at the time, for the fee's zero-value native row. */
  nativePriceUsd?: bigint;
  method?: string;
}

export interface LedgerWallet {
  userId: string;
  walletId: string;
  address: string;
  network: Network;
}

export class DemoLedgerError extends Error {
  override readonly name = 'DemoLedgerError';
}

export class DemoLedger {
  readonly rows: NewTransactionRow[] = [];
  private readonly balances = new Map<string, { token: TokenInfo; amount: bigint }>();
  private readonly nfts = new Map<string, { token: TokenInfo; nft: DemoNft; amount: bigint; acquiredAt: Date }>();
  private lastActivity: Date | null = null;

  constructor(
    readonly wallet: LedgerWallet,
    readonly native: TokenInfo,
  ) {}

  balance(token: Pick<TokenInfo, 'id'>): bigint {
    return this.balances.get(token.id)?.amount ?? 0n;
  }

  /** Current fungible holdings with a balance above zero. */
  holdings(): { token: TokenInfo; amount: bigint }[] {
    return [...this.balances.values()].filter((h) => h.amount > 0n).map((h) => ({ ...h }));
  }

  /** NFTs held now, with when they arrived. */
  nftHoldings(): { token: TokenInfo; nft: DemoNft; amount: bigint; acquiredAt: Date }[] {
    return [...this.nfts.values()].filter((h) => h.amount > 0n).map((h) => ({ ...h }));
  }

  get lastActivityAt(): Date | null {
    return this.lastActivity;
  }

  /** Whether the wallet can pay the outgoing movements of `tx` and its fee. */
  canAfford(movements: readonly Pick<DemoMovement, 'direction' | 'token' | 'amount' | 'nft'>[], fee = 0n): boolean {
    const needed = new Map<string, bigint>([[this.native.id, fee]]);
    for (const m of movements) {
      if (m.direction !== 'OUTGOING') continue;
      if (m.nft !== undefined) {
        if ((this.nfts.get(nftKey(m.token, m.nft))?.amount ?? 0n) < m.amount) return false;
      } else {
        needed.set(m.token.id, (needed.get(m.token.id) ?? 0n) + m.amount);
      }
    }
    for (const [tokenId, amount] of needed) {
      if ((this.balances.get(tokenId)?.amount ?? 0n) < amount) return false;
    }
    return true;
  }

  record(tx: DemoTransaction): void {
    if (tx.movements.length === 0) throw new DemoLedgerError('A transaction needs at least one movement.');
    if (!this.canAfford(tx.movements, tx.fee ?? 0n)) {
      throw new DemoLedgerError(`Transaction ${tx.hash} would overdraw the demo wallet.`);
    }
    if (this.lastActivity !== null && tx.at.getTime() < this.lastActivity.getTime()) {
      throw new DemoLedgerError('Demo transactions must be booked in time order.');
    }
    const movements = [...tx.movements];
    let feeRow = movements.findIndex((m) => m.logIndex === NATIVE_LOG_INDEX && m.direction === 'OUTGOING');
    if (tx.fee !== undefined && feeRow < 0) {
      // Only tokens moved: the transaction itself is the sender's zero-value native row that carries the fee.
      const counterparty = movements.find((m) => m.direction === 'OUTGOING')?.counterparty ?? movements[0]?.counterparty ?? '';
      movements.unshift({
        direction: 'OUTGOING',
        token: this.native,
        amount: 0n,
        logIndex: NATIVE_LOG_INDEX,
        counterparty,
        priceUsd: tx.nativePriceUsd ?? 0n,
      });
      feeRow = 0;
    }
    const legs: Leg[] = movements.map((m) => ({
      txHash: tx.hash,
      logIndex: m.logIndex,
      direction: m.direction,
      amount: m.amount,
      token: toStoredToken(m.token),
      isSpam: false,
      isError: false,
      isNft: m.nft !== undefined,
      method: tx.method ?? null,
    }));
    const kinds = classifyLegs(this.wallet.network, legs);
    const own = this.wallet.network === 'BITCOIN' ? this.wallet.address : this.wallet.address.toLowerCase();
    const other = (address: string) => (this.wallet.network === 'BITCOIN' ? address : address.toLowerCase());

    movements.forEach((m, index) => {
      if (m.amount < 0n || (m.amount === 0n && !(index === feeRow && tx.fee !== undefined))) {
        throw new DemoLedgerError('Movement amounts must be above zero.');
      }
      const sign = m.direction === 'INCOMING' ? 1n : -1n;
      if (m.nft === undefined) this.apply(m.token, sign * m.amount);
      else this.applyNft(m.token, m.nft, sign * m.amount, tx.at);
      const kind = kinds.get(`${tx.hash}:${String(m.logIndex)}`);
      if (kind === undefined) throw new DemoLedgerError(`Transaction ${tx.hash} has two movements at log index ${String(m.logIndex)}.`);
      const priced = m.priceUsd > 0n;
      this.rows.push({
        userId: this.wallet.userId,
        walletId: this.wallet.walletId,
        network: this.wallet.network,
        txHash: tx.hash,
        logIndex: m.logIndex,
        blockNumber: tx.blockNumber,
        createdAt: tx.at,
        direction: m.direction,
        fromAddress: m.direction === 'INCOMING' ? other(m.counterparty) : own,
        toAddress: m.direction === 'INCOMING' ? own : other(m.counterparty),
        amount: m.amount.toString(),
        tokenId: m.token.id,
        tokenAddress: m.token.address === 'native' ? null : m.token.address.toLowerCase(),
        tokenSymbol: m.token.symbol,
        tokenName: m.token.name,
        tokenDecimals: m.token.decimals,
        tokenImage: m.token.image_url,
        kind: kind.kind,
        gas: tx.gas?.toString() ?? null,
        gasPrice: tx.gasPrice?.toString() ?? null,
        fee: index === feeRow && tx.fee !== undefined ? tx.fee.toString() : null,
        feeTokenId: null,
        priceUsd: priced ? usdText(m.priceUsd) : null,
        valueUsd: priced ? usdText(valueOf(m.amount, m.token.decimals, m.priceUsd)) : null,
        priceCheckedAt: tx.at,
        nftId: m.nft?.id ?? null,
        nftImageUrl: m.nft?.imageUrl ?? null,
        nftUrl: m.nft?.url ?? null,
        swappedAmount: kind.swappedAmount?.toString() ?? null,
        swappedToken: kind.swappedToken,
        axieBreedAxsCost: null,
        axieBreedSlpCost: null,
        isSpam: false,
        isError: false,
        method: tx.method ?? null,
      });
    });
    if (tx.fee !== undefined && tx.fee > 0n) this.apply(this.native, -tx.fee);
    this.lastActivity = tx.at;
  }

  private apply(token: TokenInfo, delta: bigint): void {
    const entry = this.balances.get(token.id) ?? { token, amount: 0n };
    entry.amount += delta;
    if (entry.amount < 0n) throw new DemoLedgerError(`Balance of ${token.symbol} would go below zero.`);
    this.balances.set(token.id, entry);
  }

  private applyNft(token: TokenInfo, nft: DemoNft, delta: bigint, at: Date): void {
    const key = nftKey(token, nft);
    const entry = this.nfts.get(key) ?? { token, nft, amount: 0n, acquiredAt: at };
    if (delta > 0n && entry.amount === 0n) entry.acquiredAt = at;
    entry.amount += delta;
    if (entry.amount < 0n) throw new DemoLedgerError(`NFT ${token.symbol} #${nft.id} is not held.`);
    this.nfts.set(key, entry);
  }
}

const nftKey = (token: TokenInfo, nft: DemoNft): string => `${token.id}#${nft.id}`;

export { NATIVE_LOG_INDEX };
