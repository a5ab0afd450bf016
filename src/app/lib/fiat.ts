/** Fiat display for the dashboard and wallet cards: the user's currency symbol and the documented decimals (docs/overview.md). */
import { FIAT_SYMBOLS, type FiatCurrency } from '../../shared/enums';
import { directionSign, formatAmount, toDecimal } from '../../shared/money';

/** Base currencies that are crypto coins (ETH, BNB, BTC) are shown with up to 6 decimals, others with 2. */
const CRYPTO_BASES: ReadonlySet<FiatCurrency> = new Set(['ETH', 'BNB', 'BTC']);

function isDecimal(value: string): boolean {
  try {
    toDecimal(value);
    return true;
  } catch {
    return false;
  }
}

/** '$1,234.50', '-€12.00', 'Ξ0.512345'; '–' when the value is unknown. */
export function formatFiat(value: string | null | undefined, currency: FiatCurrency): string {
  if (value === null || value === undefined || !isDecimal(value)) return '–';
  const crypto = CRYPTO_BASES.has(currency);
  const text = formatAmount(value, crypto ? { maxDecimals: 6 } : { minDecimals: 2, maxDecimals: 2 });
  const symbol = FIAT_SYMBOLS[currency];
  const separator = symbol.length > 1 && /[A-Z]$/.test(symbol) ? ' ' : '';
  return text.startsWith('-') ? `-${symbol}${separator}${text.slice(1)}` : `${symbol}${separator}${text}`;
}

/** A token amount for display: 0 to 6 decimals with grouping, then the symbol ('1,250.5 USDC'). */
export function formatTokenAmount(amount: string, symbol: string): string {
  let text = isDecimal(amount) ? formatAmount(amount) : amount;
  // Dust that rounds away at 6 decimals still is not nothing.
  if (isDecimal(amount) && /^-?0$/.test(text) && !toDecimal(amount).eq(0)) {
    text = `${toDecimal(amount).lt(0) ? '-' : ''}<0.000001`;
  }
  return symbol ? `${text} ${symbol}` : text;
}

/** Last Activity's amount: '+1.5 ETH' received, '-1.5 ETH' sent, '0 ETH' for a zero-value transaction. */
export function activityAmountText(amount: string, symbol: string, incoming: boolean): string {
  const text = formatTokenAmount(amount.replace(/^-/, ''), symbol);
  return `${directionSign(text.split(' ')[0] ?? '', incoming)}${text}`;
}

/** '+$12.00' / '-$3.50' for changes; zero has no sign. */
export function formatFiatChange(value: string | null | undefined, currency: FiatCurrency): string {
  const text = formatFiat(value, currency);
  if (text === '–' || text.startsWith('-') || value === undefined || value === null) return text;
  return toDecimal(value).gt(0) ? `+${text}` : text;
}

/**
 * What the user is told when their currency's values cannot be given yet (no rate known, the server answers
 * in another currency); null when the values are in the currency they chose. The screens poll, so the values
 * switch to the chosen currency as soon as its rate is known.
 */
export function fiatFallbackNotice(chosen: FiatCurrency, shown: FiatCurrency): string | null {
  if (chosen === shown) return null;
  return `Values in ${chosen} are not available yet: they are shown in ${shown} until they are.`;
}
