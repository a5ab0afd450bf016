/**
 * Frankfurter (European Central Bank reference rates, no key): `/latest` and `/{yyyy-mm-dd}` with `base` and
 * `symbols`. A date without a fixing (weekend, holiday) answers with the working day before it.
 */
import type Big from 'big.js';
import * as v from 'valibot';
import type { HttpClient } from '../http/http-client';
import { CURRENT_PRICE_TTL_MS, historicalTtlMs, isoDay, priceFromJson } from './price-values';

export const FRANKFURTER_BASE_URL = 'https://api.frankfurter.dev/v1';

/** Currencies of the ECB reference rates (plus EUR itself); RUB is not fixed since March 2022. */
export const ECB_CURRENCIES: ReadonlySet<string> = new Set([
  'AUD', 'BGN', 'BRL', 'CAD', 'CHF', 'CNY', 'CZK', 'DKK', 'EUR', 'GBP', 'HKD', 'HUF', 'IDR', 'ILS', 'INR', 'ISK',
  'JPY', 'KRW', 'MXN', 'MYR', 'NOK', 'NZD', 'PHP', 'PLN', 'RON', 'RUB', 'SEK', 'SGD', 'THB', 'TRY', 'USD', 'ZAR',
]);

export interface FrankfurterOptions {
  baseUrl?: string;
  /** Requests per second (default 5). */
  perSecond?: number;
  now?: () => number;
}

export interface FrankfurterClient {
  readonly name: string;
  /**
   * Units of each currency per one unit of `base`, latest or on `at`'s UTC day. Currencies without a rate are
   * absent from the map.
   */
  rates(base: string, currencies: readonly string[], at?: Date): Promise<Map<string, Big>>;
}

const PROVIDER = 'Frankfurter';

const ratesSchema = v.looseObject({
  base: v.string(),
  date: v.string(),
  rates: v.record(v.string(), v.unknown()),
});

export function createFrankfurterClient(options: FrankfurterOptions, http: HttpClient): FrankfurterClient {
  const baseUrl = (options.baseUrl ?? FRANKFURTER_BASE_URL).replace(/\/+$/, '');
  const rateLimit = { key: 'public', perSecond: options.perSecond ?? 5 };
  const now = options.now ?? Date.now;

  return {
    name: PROVIDER,
    async rates(base, currencies, at) {
      const symbols = [...new Set(currencies.map((c) => c.toUpperCase()))].filter((c) => c !== base).sort();
      const result = new Map<string, Big>();
      if (symbols.length === 0) return result;
      const body = await http.getJson({
        url: `${baseUrl}/${at ? isoDay(at) : 'latest'}`,
        query: { base, symbols: symbols.join(',') },
        schema: ratesSchema,
        cacheTtlMs: at ? historicalTtlMs(at, now()) : CURRENT_PRICE_TTL_MS,
        rateLimit,
        provider: PROVIDER,
      });
      for (const [currency, value] of Object.entries(body.rates)) {
        const rate = priceFromJson(value);
        if (rate && rate.gt(0)) result.set(currency.toUpperCase(), rate);
      }
      return result;
    },
  };
}
