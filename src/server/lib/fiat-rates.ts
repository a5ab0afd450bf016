/**
 * US dollars to the user's fiat currency. Stored values are USD; every data answer is in the user's
 * fiat_currency. Rates come from the stored daily FX rates (fx_rates: units of a currency per US dollar), and
 * when none is stored, from the providers (ECB rates, coin prices for ETH, BNB and BTC). A fiat whose rate
 * no source knows is answered in USD and says so through `fiat_currency`: a missing rate never breaks a screen
 * and is never guessed.
 */
import { and, desc, eq, gte, inArray, lte } from 'drizzle-orm';
import type { FiatCurrency } from '../../shared/enums';
import { Big, decimalToString, fromBaseUnits, roundHalfUp, toDecimal, type DecimalInput } from '../../shared/money';
import type { Database } from '../db/database';
import { fxRates } from '../db/schema';
import type { Logger } from '../logging/logger';

/** Current units of each fiat per US dollar from the price providers; currencies without one are absent. */
export interface UsdRateSource {
  usdRates(fiats: readonly FiatCurrency[]): Promise<Map<FiatCurrency, Big>>;
}

/** Fiat values keep 2 decimals; the crypto "fiats" 8. Prices keep 10 significant places after the point. */
const CRYPTO_FIATS: ReadonlySet<FiatCurrency> = new Set(['ETH', 'BNB', 'BTC']);
export const PRICE_DECIMALS = 10;

export const valueDecimals = (fiat: FiatCurrency): number => (CRYPTO_FIATS.has(fiat) ? 8 : 2);

/** yyyy-MM-dd of the UTC day containing `at`. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/** How far back a stored rate still stands for a day (weekends and holidays have no fixing). */
const STALE_RATE_DAYS = 7;

const shiftDay = (day: string, days: number): string =>
  utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000));

/**
 * A conversion in effect for one answer: `fiat` is the currency the values are in (the user's, or USD when no
 * rate is known), `rate` the units of it per US dollar now.
 */
export interface FiatContext {
  fiat: FiatCurrency;
  rate: Big;
  /** A USD value in `fiat`, rounded for display. */
  value(usd: DecimalInput): string;
  /** A USD price of one token in `fiat`. */
  price(usd: DecimalInput): string;
  /** The fiat value of `units` base units at a USD price; null without a price. */
  holding(units: bigint, decimals: number, priceUsd: string | null): string | null;
}

export function fiatContext(fiat: FiatCurrency, rate: Big): FiatContext {
  const decimals = valueDecimals(fiat);
  const value = (usd: DecimalInput): string => decimalToString(roundHalfUp(toDecimal(usd).times(rate), decimals));
  return {
    fiat,
    rate,
    value,
    price: (usd) => decimalToString(roundHalfUp(toDecimal(usd).times(rate), PRICE_DECIMALS)),
    holding: (units, tokenDecimals, priceUsd) =>
      priceUsd === null ? null : value(new Big(fromBaseUnits(units, tokenDecimals)).times(toDecimal(priceUsd))),
  };
}

export interface FiatRates {
  /** Units of `fiat` per US dollar now; null when no source knows. */
  current(fiat: FiatCurrency): Promise<Big | null>;
  /** The same for several currencies at once (one query, one request per provider). */
  currentMany(fiats: readonly FiatCurrency[]): Promise<Map<FiatCurrency, Big | null>>;
  /** The conversion for an answer in `fiat` (USD when no rate is known). */
  context(fiat: FiatCurrency): Promise<FiatContext>;
  /**
   * Rates of past days (yyyy-MM-dd): each day's stored rate, or the latest stored within a week before it;
   * days without one are absent (not yet filled by the FX job: no value, except today's at the current rate).
   */
  onDays(fiat: FiatCurrency, days: readonly string[]): Promise<Map<string, Big>>;
}

export interface FiatRatesDeps {
  db: Database;
  now: () => Date;
  /** The FX and price providers; consulted only for currencies without a stored rate. */
  source?: UsdRateSource | undefined;
  logger?: Logger;
}

const ONE = new Big(1);

export function createFiatRates(deps: FiatRatesDeps): FiatRates {
  /** The latest stored rate of each currency within a week before today. */
  async function stored(fiats: readonly FiatCurrency[], today: string): Promise<Map<FiatCurrency, Big>> {
    const rows = await deps.db
      .select({ currency: fxRates.currency, perUsd: fxRates.perUsd })
      .from(fxRates)
      .where(
        and(
          inArray(fxRates.currency, [...fiats]),
          lte(fxRates.day, today),
          gte(fxRates.day, shiftDay(today, -STALE_RATE_DAYS)),
        ),
      )
      .orderBy(desc(fxRates.day));
    const result = new Map<FiatCurrency, Big>();
    for (const row of rows) {
      const currency = row.currency as FiatCurrency;
      const rate = toDecimal(row.perUsd);
      if (!result.has(currency) && rate.gt(0)) result.set(currency, rate);
    }
    return result;
  }

  async function currentMany(fiats: readonly FiatCurrency[]): Promise<Map<FiatCurrency, Big | null>> {
    const result = new Map<FiatCurrency, Big | null>();
    const wanted = [...new Set(fiats)].filter((fiat) => {
      if (fiat === 'USD') result.set(fiat, ONE);
      return fiat !== 'USD';
    });
    if (wanted.length === 0) return result;
    const fromStore = await stored(wanted, utcDay(deps.now()));
    const missing = wanted.filter((fiat) => !fromStore.has(fiat));
    let fromSource = new Map<FiatCurrency, Big>();
    if (missing.length > 0 && deps.source !== undefined) {
      try {
        fromSource = await deps.source.usdRates(missing);
      } catch (error) {
        deps.logger?.warn('No FX rates available; answering in USD', { missing, error });
      }
    }
    for (const fiat of wanted) {
      const rate = fromStore.get(fiat) ?? fromSource.get(fiat);
      result.set(fiat, rate !== undefined && rate.gt(0) ? rate : null);
    }
    return result;
  }

  const current = async (fiat: FiatCurrency): Promise<Big | null> => (await currentMany([fiat])).get(fiat) ?? null;

  return {
    current,
    currentMany,
    async context(fiat) {
      const rate = await current(fiat);
      return rate === null ? fiatContext('USD', ONE) : fiatContext(fiat, rate);
    },
    async onDays(fiat, days) {
      const result = new Map<string, Big>();
      if (days.length === 0) return result;
      if (fiat === 'USD') {
        for (const day of days) result.set(day, ONE);
        return result;
      }
      const sorted = [...new Set(days)].sort();
      const first = sorted[0] ?? '';
      const last = sorted[sorted.length - 1] ?? '';
      const rows = await deps.db
        .select({ day: fxRates.day, perUsd: fxRates.perUsd })
        .from(fxRates)
        .where(
          and(eq(fxRates.currency, fiat), gte(fxRates.day, shiftDay(first, -STALE_RATE_DAYS)), lte(fxRates.day, last)),
        )
        .orderBy(fxRates.day);
      let index = 0;
      let latest: { day: string; rate: Big } | null = null;
      for (const day of sorted) {
        while (index < rows.length && (rows[index]?.day ?? '') <= day) {
          const row = rows[index];
          if (row !== undefined) latest = { day: row.day, rate: toDecimal(row.perUsd) };
          index += 1;
        }
        if (latest !== null && latest.day >= shiftDay(day, -STALE_RATE_DAYS) && latest.rate.gt(0)) {
          result.set(day, latest.rate);
        }
      }
      return result;
    },
  };
}
