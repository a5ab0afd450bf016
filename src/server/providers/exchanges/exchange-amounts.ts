import { Big, MoneyError, roundHalfUp, toBaseUnits, tokenDecimals } from '../../../shared/money';
import { ProviderError } from '../http/provider-error';

/** Exchanges such as Binance state every amount with at most 8 decimals. */
export const EXCHANGE_MIN_DECIMALS = 8;

const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;
const KNOWN: Readonly<Record<string, number>> = { BTC: 8 };

/**
 * Decimals an exchange amount of `asset` is counted in: the token's decimals (USDT 6, USDC 6, WBTC 8, BTC 8,
 * others 18) but never fewer than the exchange's own precision, so no amount it reports is ever rounded.
 */
export function exchangeDecimals(asset: string, minimum = EXCHANGE_MIN_DECIMALS): number {
  return Math.max(KNOWN[asset.toUpperCase()] ?? tokenDecimals(asset), minimum);
}

export interface AmountContext {
  host: string;
  provider: string;
  field: string;
}

function badResponse(context: AmountContext, detail: string): ProviderError {
  return new ProviderError({ kind: 'bad_response', host: context.host, provider: context.provider, detail: `${context.field}: ${detail}` });
}

/**
 * The exact decimal text of a value from ccxt (run with `number = String`, so amounts arrive as strings).
 * An integer JavaScript number is exact and accepted; any other number is refused rather than trusted.
 */
export function decimalText(value: unknown, context: AmountContext): string {
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (PLAIN_DECIMAL.test(trimmed)) return trimmed;
    // ccxt normalises exponents, but a raw field may still carry one ("1e-8").
    if (/^-?\d+(\.\d+)?e[-+]?\d+$/i.test(trimmed)) return new Big(trimmed).toFixed();
    throw badResponse(context, `"${value}" is not a decimal amount`);
  }
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  throw badResponse(context, `expected a decimal string, got ${typeof value}`);
}

/** Base units of a decimal text; refuses (never rounds) an amount with more decimals than `decimals`. */
export function toExchangeUnits(text: string, decimals: number, context: AmountContext): bigint {
  try {
    return toBaseUnits(text, decimals);
  } catch (error) {
    if (error instanceof MoneyError) throw badResponse(context, error.message);
    throw error;
  }
}

/** An optional amount: undefined and null stay null. */
export function optionalUnits(value: unknown, decimals: number, context: AmountContext): bigint | null {
  if (value === undefined || value === null) return null;
  return toExchangeUnits(decimalText(value, context), decimals, context);
}

/** price x amount rounded half-up to `decimals`, for exchanges that do not state the quote amount. */
export function costUnits(price: string, amount: string, decimals: number): bigint {
  return toBaseUnits(roundHalfUp(new Big(price).times(amount), decimals).toFixed(decimals), decimals);
}
