/**
 * Money and number rules shared by the server and the PWA (docs/money.md).
 *
 * - Token amounts are `bigint` base units; `toBaseUnits` / `fromBaseUnits` convert exactly.
 * - Fiat values and invoice arithmetic use big.js decimals, never a binary float: invoice math is kept to
 *   5 decimals, a crypto amount from a quote is rounded to 4 decimals, euro is shown with 2 decimals and
 *   other numbers with 0 to 6 decimals. Rounding is half-up.
 */
import Big from 'big.js';

export { Big };
export type Decimal = Big;
/** A decimal as a string ("12.5"), a Big or a bigint; JS numbers are deliberately not accepted. */
export type DecimalInput = string | bigint | Big;

export const INVOICE_DECIMALS = 5;
export const CRYPTO_AMOUNT_DECIMALS = 4;
export const EURO_DECIMALS = 2;
export const DEFAULT_MAX_DISPLAY_DECIMALS = 6;
/** ERC-20 `decimals` is a uint8. */
export const MAX_TOKEN_DECIMALS = 255;

const ROUND_HALF_UP = 1 as const;
const ROUND_DOWN = 0 as const;

/**
 * Constructor used for divisions: 40 decimals truncated, so a later half-up rounding to 4 or 5 decimals
 * rounds the exact quotient correctly (no double rounding).
 */
const Exact = Big();
Exact.DP = 40;
Exact.RM = ROUND_DOWN;

export class MoneyError extends Error {
  override readonly name = 'MoneyError';
}

const DECIMAL_PATTERN = /^(-)?(\d+)(?:\.(\d+))?$/;

function assertDecimals(decimals: number): void {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > MAX_TOKEN_DECIMALS) {
    throw new MoneyError(`Token decimals must be an integer from 0 to ${MAX_TOKEN_DECIMALS}, got ${String(decimals)}.`);
  }
}

/**
 * Converts a decimal string ("1.5", "-0.000001", "42") to base units of a token with `decimals` decimals.
 * Exact. Refuses exponents, signs other than a leading '-', spaces, separators and more fraction digits than
 * the token has (trailing zeros beyond them are accepted: "1.50" is 150 with 2 decimals).
 */
export function toBaseUnits(amount: string, decimals: number): bigint {
  assertDecimals(decimals);
  const match = DECIMAL_PATTERN.exec(amount);
  if (!match) {
    throw new MoneyError(`"${amount}" is not a plain decimal amount (digits with an optional '.' fraction).`);
  }
  const negative = match[1] === '-';
  const whole = match[2] ?? '0';
  let fraction = match[3] ?? '';
  if (fraction.length > decimals) {
    const excess = fraction.slice(decimals);
    if (/[^0]/.test(excess)) {
      throw new MoneyError(`"${amount}" has more than ${decimals} decimal places.`);
    }
    fraction = fraction.slice(0, decimals);
  }
  const units = BigInt(whole + fraction.padEnd(decimals, '0'));
  return negative ? -units : units;
}

/** Converts base units to a trimmed decimal string: 1500000n with 6 decimals is "1.5"; 0n is "0". */
export function fromBaseUnits(units: bigint, decimals: number): string {
  assertDecimals(decimals);
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString();
  let whole: string;
  let fraction: string;
  if (decimals === 0) {
    whole = digits;
    fraction = '';
  } else {
    const padded = digits.padStart(decimals + 1, '0');
    whole = padded.slice(0, padded.length - decimals);
    fraction = padded.slice(padded.length - decimals).replace(/0+$/, '');
  }
  const text = fraction ? `${whole}.${fraction}` : whole;
  return negative && text !== '0' ? `-${text}` : text;
}

const KNOWN_DECIMALS: Readonly<Record<string, number>> = { USDT: 6, USDC: 6, WBTC: 8 };
export const DEFAULT_TOKEN_DECIMALS = 18;

/**
 * Decimals by symbol for native transfer amounts when nothing better is known (docs/money.md: USDT 6, USDC 6,
 * WBTC 8, others 18). A token list or the token contract takes precedence: some chains' bridged USDT/USDC
 * use 18 decimals.
 */
export function tokenDecimals(symbol: string): number {
  return KNOWN_DECIMALS[symbol.trim().toUpperCase()] ?? DEFAULT_TOKEN_DECIMALS;
}

/** Parses a decimal input strictly (plain decimal strings only; no exponents, no floats). */
export function toDecimal(value: DecimalInput): Big {
  if (value instanceof Big) return value;
  if (typeof value === 'bigint') return new Big(value.toString());
  if (!DECIMAL_PATTERN.test(value)) {
    throw new MoneyError(`"${value}" is not a plain decimal amount.`);
  }
  return new Big(value);
}

/** A decimal in plain notation with trailing zeros trimmed ("1.5", never "1.5e-7"). */
export function decimalToString(value: Big): string {
  const text = value.toFixed();
  return text === '-0' ? '0' : text;
}

/** Rounds half-up to `dp` decimals. */
export function roundHalfUp(value: DecimalInput, dp: number): Big {
  return toDecimal(value).round(dp, ROUND_HALF_UP);
}

/** Exact quotient, truncated at 40 decimals (callers round it to what they show). */
export function divide(dividend: DecimalInput, divisor: DecimalInput): Big {
  const d = toDecimal(divisor);
  if (d.eq(0)) throw new MoneyError('Cannot divide by zero.');
  // Re-wrapped so later rounding on the result uses the default half-up mode, not Exact's truncation.
  return new Big(new Exact(toDecimal(dividend)).div(d));
}

/** Invoice arithmetic rounding: 5 decimals, half-up. */
export function roundInvoice(value: DecimalInput): Big {
  return roundHalfUp(value, INVOICE_DECIMALS);
}

/** `percent` % of `value`, with invoice rounding (e.g. the 1.5 % fiat-to-crypto fee). */
export function percentOf(value: DecimalInput, percent: DecimalInput): Big {
  return roundInvoice(divide(toDecimal(value).times(toDecimal(percent)), '100'));
}

export interface InvoiceItemInput {
  quantity: DecimalInput;
  unit_price: DecimalInput;
  discount: DecimalInput;
  discount_is_percent: boolean;
  tax: DecimalInput;
  tax_is_percent: boolean;
}

export interface InvoiceItemTotals {
  /** quantity × unit price less the discount. */
  base: string;
  tax: string;
  /** base + tax. */
  total: string;
}

/**
 * One invoice line (docs/money.md): base = quantity × unit_price minus the discount (a percent of that product, or a
 * fixed amount); tax is a percent of base or a fixed amount; total = base + tax. Every step rounded to 5
 * decimals.
 */
export function invoiceItemTotals(item: InvoiceItemInput): InvoiceItemTotals {
  const gross = roundInvoice(toDecimal(item.quantity).times(toDecimal(item.unit_price)));
  const discount = item.discount_is_percent ? percentOf(gross, item.discount) : roundInvoice(item.discount);
  const base = roundInvoice(gross.minus(discount));
  const tax = item.tax_is_percent ? percentOf(base, item.tax) : roundInvoice(item.tax);
  const total = roundInvoice(base.plus(tax));
  return { base: base.toFixed(INVOICE_DECIMALS), tax: tax.toFixed(INVOICE_DECIMALS), total: total.toFixed(INVOICE_DECIMALS) };
}

export interface InvoiceTotals {
  total_base_amount: string;
  total_tax_amount: string;
  total_amount: string;
}

/** Sums of the invoice lines, 5 decimals. */
export function invoiceTotals(items: readonly InvoiceItemInput[]): InvoiceTotals {
  let base = new Big(0);
  let tax = new Big(0);
  for (const item of items) {
    const line = invoiceItemTotals(item);
    base = base.plus(line.base);
    tax = tax.plus(line.tax);
  }
  return {
    total_base_amount: base.toFixed(INVOICE_DECIMALS),
    total_tax_amount: tax.toFixed(INVOICE_DECIMALS),
    total_amount: base.plus(tax).toFixed(INVOICE_DECIMALS),
  };
}

/** Crypto amount to pay = fiat total / quote rate (fiat per token), rounded half-up to 4 decimals (docs/money.md). */
export function cryptoAmountFromQuote(totalFiat: DecimalInput, quoteRate: DecimalInput): string {
  const quote = toDecimal(quoteRate);
  if (quote.lte(0)) throw new MoneyError('The quote rate must be greater than zero.');
  return divide(totalFiat, quote).round(CRYPTO_AMOUNT_DECIMALS, ROUND_HALF_UP).toFixed(CRYPTO_AMOUNT_DECIMALS);
}

export interface FormatOptions {
  /** Fraction digits always shown (padded with zeros). Default 0. */
  minDecimals?: number;
  /** Fraction digits at most (rounded half-up). Default 6. */
  maxDecimals?: number;
  /** Thousands separators (","). Default true. */
  grouping?: boolean;
}

function groupThousands(whole: string): string {
  return whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Formats a decimal for display: 0 to 6 decimals by default, "1,234.5". */
export function formatAmount(value: DecimalInput, options: FormatOptions = {}): string {
  const minDecimals = options.minDecimals ?? 0;
  const maxDecimals = Math.max(options.maxDecimals ?? DEFAULT_MAX_DISPLAY_DECIMALS, minDecimals);
  const rounded = roundHalfUp(value, maxDecimals);
  const [wholePart = '0', fractionPart = ''] = rounded.abs().toFixed(maxDecimals).split('.');
  let fraction = fractionPart.replace(/0+$/, '');
  if (fraction.length < minDecimals) fraction = fraction.padEnd(minDecimals, '0');
  const whole = options.grouping === false ? wholePart : groupThousands(wholePart);
  const sign = rounded.lt(0) ? '-' : '';
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** Euro amounts: always 2 decimals, "1,234.50". */
export function formatEuro(value: DecimalInput): string {
  return formatAmount(value, { minDecimals: EURO_DECIMALS, maxDecimals: EURO_DECIMALS });
}

const ABBREVIATION_UNITS = [
  { suffix: '', size: new Big(1) },
  { suffix: 'K', size: new Big('1e3') },
  { suffix: 'M', size: new Big('1e6') },
  { suffix: 'B', size: new Big('1e9') },
] as const;

/**
 * Compact labels for chart axes: K, M, B from one thousand, one million, one billion ("1.5K", "-2M", "12B");
 * smaller values as they are. At most `maxDecimals` (default 2) fraction digits; a value that rounds up to the
 * next unit takes it (999,999 is "1M", not "1,000K").
 */
export function abbreviate(value: DecimalInput, maxDecimals = 2): string {
  const number = toDecimal(value);
  const magnitude = number.abs();
  let index = 0;
  for (let i = 1; i < ABBREVIATION_UNITS.length; i += 1) {
    const unit = ABBREVIATION_UNITS[i];
    if (unit && magnitude.gte(unit.size)) index = i;
  }
  const scaledAt = (i: number): Big =>
    divide(magnitude, ABBREVIATION_UNITS[i]?.size ?? new Big(1)).round(maxDecimals, ROUND_HALF_UP);
  let scaled = scaledAt(index);
  if (scaled.gte(1000) && index < ABBREVIATION_UNITS.length - 1) {
    index += 1;
    scaled = scaledAt(index);
  }
  const signed = number.lt(0) ? scaled.neg() : scaled;
  return `${formatAmount(signed, { maxDecimals })}${ABBREVIATION_UNITS[index]?.suffix ?? ''}`;
}

/**
 * The sign shown before a transaction's displayed amount: '+' received, '-' sent, none when the displayed amount
 * is zero (a contract call or a zero-value send), so nothing reads "-0".
 */
export function directionSign(displayedAmount: string, incoming: boolean): '' | '+' | '-' {
  if (/^0(\.0*)?$/.test(displayedAmount.replace(/^[-+]/, ''))) return '';
  return incoming ? '+' : '-';
}
