/**
 * Frankfurter (European Central Bank reference rates, no key): `/latest`, `/{yyyy-mm-dd}` and the time series
 * `/{from}..{to}`, with `base` and `symbols`. A date without a fixing (weekend, holiday) answers with the
 * working day before it; a series holds the working days only.
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
  /**
   * The fixings between two UTC days (yyyy-MM-dd, both included): per fixing day, units of each currency per
   * one unit of `base`. Days without a fixing are absent.
   */
  series(base: string, currencies: readonly string[], fromDay: string, toDay: string): Promise<Map<string, Map<string, Big>>>;
}

const PROVIDER = 'Frankfurter';

const ratesSchema = v.looseObject({
  base: v.string(),
  date: v.string(),
  rates: v.record(v.string(), v.unknown()),
});

const seriesSchema = v.looseObject({
  base: v.string(),
  rates: v.record(v.string(), v.record(v.string(), v.unknown())),
});

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function positiveRates(rates: Record<string, unknown>): Map<string, Big> {
  const result = new Map<string, Big>();
  for (const [currency, value] of Object.entries(rates)) {
    const rate = priceFromJson(value);
    if (rate && rate.gt(0)) result.set(currency.toUpperCase(), rate);
  }
  return result;
}

const symbolsOf = (base: string, currencies: readonly string[]): string[] =>
  [...new Set(currencies.map((c) => c.toUpperCase()))].filter((c) => c !== base).sort();

export function createFrankfurterClient(options: FrankfurterOptions, http: HttpClient): FrankfurterClient {
  const baseUrl = (options.baseUrl ?? FRANKFURTER_BASE_URL).replace(/\/+$/, '');
  const rateLimit = { key: 'public', perSecond: options.perSecond ?? 5 };
  const now = options.now ?? Date.now;

  return {
    name: PROVIDER,
    async rates(base, currencies, at) {
      const symbols = symbolsOf(base, currencies);
      if (symbols.length === 0) return new Map();
      const body = await http.getJson({
        url: `${baseUrl}/${at ? isoDay(at) : 'latest'}`,
        query: { base, symbols: symbols.join(',') },
        schema: ratesSchema,
        cacheTtlMs: at ? historicalTtlMs(at, now()) : CURRENT_PRICE_TTL_MS,
        rateLimit,
        provider: PROVIDER,
      });
      return positiveRates(body.rates);
    },
    async series(base, currencies, fromDay, toDay) {
      if (!DAY.test(fromDay) || !DAY.test(toDay) || fromDay > toDay) throw new RangeError(`Invalid day range ${fromDay}..${toDay}`);
      const symbols = symbolsOf(base, currencies);
      const result = new Map<string, Map<string, Big>>();
      if (symbols.length === 0) return result;
      const body = await http.getJson({
        url: `${baseUrl}/${fromDay}..${toDay}`,
        query: { base, symbols: symbols.join(',') },
        schema: seriesSchema,
        cacheTtlMs: historicalTtlMs(new Date(`${toDay}T23:59:59Z`), now()),
        rateLimit,
        provider: PROVIDER,
      });
      for (const [day, rates] of Object.entries(body.rates)) {
        if (!DAY.test(day) || day < fromDay || day > toDay) continue;
        const dayRates = positiveRates(rates);
        if (dayRates.size > 0) result.set(day, dayRates);
      }
      return result;
    },
  };
}
