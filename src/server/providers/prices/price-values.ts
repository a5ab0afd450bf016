/** Reading prices out of provider JSON and choosing how long to keep them. */
import Big from 'big.js';

/**
 * A price from a JSON number. JSON.parse has already made it a double; its shortest decimal form (what
 * `String` gives) is the number the provider wrote for any value of up to 17 significant digits, so nothing is
 * lost by going through it. Negative, non-finite or missing values give null.
 */
export function priceFromJson(value: unknown): Big | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return null;
    return new Big(String(value));
  }
  if (typeof value === 'string' && /^\d+(\.\d+)?(e[-+]?\d+)?$/i.test(value)) return new Big(value);
  return null;
}

/** Current prices are kept about a minute. */
export const CURRENT_PRICE_TTL_MS = 60_000;
/** A time this far back has settled prices, kept until evicted. */
export const SETTLED_AFTER_MS = 48 * 3_600_000;

/** Historical prices are kept forever once their time has settled; recent ones like current prices. */
export function historicalTtlMs(at: Date, nowMs: number): number {
  return nowMs - at.getTime() >= SETTLED_AFTER_MS ? Number.POSITIVE_INFINITY : CURRENT_PRICE_TTL_MS;
}

/** Dates in UTC as the sources want them. */
export function isoDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}
