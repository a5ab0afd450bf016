/**
 * Fixed-point USD arithmetic for the demo data: prices and values are bigints with 8 decimals (1 USD is
 * 100,000,000), token amounts are base units. Exact and fast enough to generate years of data at start-up.
 */
import { fromBaseUnits, toBaseUnits } from '../../shared/money';

export const USD_DECIMALS = 8;
export const USD_SCALE = 10n ** BigInt(USD_DECIMALS);

/** "1650.5" to 165050000000n. */
export const usd = (decimal: string): bigint => toBaseUnits(decimal, USD_DECIMALS);

/** 165050000000n to "1650.5". */
export const usdText = (fixed: bigint): string => fromBaseUnits(fixed, USD_DECIMALS);

/** a / b rounded half away from zero (b > 0). */
export function divRound(a: bigint, b: bigint): bigint {
  const half = b / 2n;
  return a >= 0n ? (a + half) / b : -((-a + half) / b);
}

/** USD value (8 decimals, rounded half-up) of `amount` base units of a token with `decimals` at `price`. */
export const valueOf = (amount: bigint, decimals: number, price: bigint): bigint =>
  divRound(amount * price, 10n ** BigInt(decimals));

/** Base units of a token worth `value` USD at `price` (rounded down). */
export const unitsFor = (value: bigint, price: bigint, decimals: number): bigint =>
  (value * 10n ** BigInt(decimals)) / price;

/** A USD amount in [min, max] whole dollars with cents, drawn from `int`. */
export const usdBetween = (int: (min: number, max: number) => number, min: number, max: number): bigint =>
  BigInt(int(min * 100, max * 100)) * (USD_SCALE / 100n);
