/**
 * The price an NFT last changed hands at, as far as the wallet's own history tells: the native coin or ERC-20
 * token the wallet paid in the transaction that brought the NFT in (what it paid out less what came back in the
 * same transaction), spread evenly over the NFT units received in that transaction. A transaction without such
 * a payment (a gift, an airdrop, a free mint), or one paid in more than one currency, gives no price.
 */
import { fromBaseUnits } from '../../../shared/money';

/** One stored row of the acquiring transaction, as far as pricing needs it. */
export interface SaleLeg {
  direction: 'INCOMING' | 'OUTGOING';
  /** Base units. */
  amount: bigint;
  /** Stored token id (`NETWORK:native` or `NETWORK:0x…`). */
  tokenId: string;
  tokenSymbol: string;
  tokenDecimals: number;
  /** Set on NFT rows. */
  nftId: string | null;
  isSpam: boolean;
  isError: boolean;
}

export interface SalePrice {
  /** Decimal string in `currency`. */
  price: string;
  /** Symbol of the coin or token paid. */
  currency: string;
}

/** The price per NFT unit received in a transaction with these legs, or null when it shows no single payment. */
export function salePrice(legs: readonly SaleLeg[]): SalePrice | null {
  const valid = legs.filter((leg) => !leg.isError && !leg.isSpam);
  const units = valid.filter((leg) => leg.nftId !== null && leg.direction === 'INCOMING').reduce((sum, leg) => sum + leg.amount, 0n);
  if (units <= 0n) return null;

  const paid = new Map<string, { net: bigint; symbol: string; decimals: number }>();
  for (const leg of valid) {
    if (leg.nftId !== null) continue;
    const entry = paid.get(leg.tokenId) ?? { net: 0n, symbol: leg.tokenSymbol, decimals: leg.tokenDecimals };
    entry.net += leg.direction === 'OUTGOING' ? leg.amount : -leg.amount;
    paid.set(leg.tokenId, entry);
  }
  const payments = [...paid.values()].filter((entry) => entry.net > 0n);
  if (payments.length !== 1) return null;
  const [payment] = payments as [{ net: bigint; symbol: string; decimals: number }];
  return { price: fromBaseUnits(payment.net / units, payment.decimals), currency: payment.symbol };
}
