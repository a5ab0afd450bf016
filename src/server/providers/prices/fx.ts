/**
 * Fiat conversion from US dollars for the fiat list of docs/chain-data.md. ECB currencies through Frankfurter; the
 * crypto "fiats" ETH, BNB and BTC through the coin's USD price; currencies the ECB does not fix (VND, and RUB
 * since March 2022) through a cross-rate source when one is configured (CoinGecko's bitcoin quotes).
 */
import type Big from 'big.js';
import type { FiatCurrency } from '../../../shared/enums';
import { divide, toDecimal, type DecimalInput } from '../../../shared/money';
import { ECB_CURRENCIES, type FrankfurterClient } from './frankfurter';

export const CRYPTO_FIATS = ['ETH', 'BNB', 'BTC'] as const;
export type CryptoFiat = (typeof CRYPTO_FIATS)[number];

export function isCryptoFiat(fiat: FiatCurrency): fiat is CryptoFiat {
  return (CRYPTO_FIATS as readonly string[]).includes(fiat);
}

/** The ECB's last rouble fixing was on 1 March 2022. */
const ECB_RUB_LAST_FIXING = Date.UTC(2022, 2, 1, 23, 59, 59);

/** Does the ECB publish a rate for `fiat` (now, or on `at`'s day)? */
export function ecbFixes(fiat: string, at?: Date): boolean {
  if (!ECB_CURRENCIES.has(fiat)) return false;
  if (fiat === 'RUB') return at !== undefined && at.getTime() <= ECB_RUB_LAST_FIXING;
  return true;
}

export interface CrossRateSource {
  /** Units of each currency per US dollar (upper-case codes in the map). */
  usdCrossRates(currencies: readonly string[], at?: Date): Promise<Map<string, Big>>;
}

export interface FxServiceOptions {
  ecb: FrankfurterClient;
  crossRates?: CrossRateSource;
  /** USD price of one ETH, BNB or BTC, now or at `at`; null when unknown. */
  cryptoUsdPrice: (coin: CryptoFiat, at?: Date) => Promise<Big | null>;
}

export interface FxService {
  /** Units of `fiat` per US dollar; null when no source has a rate. */
  usdRate(fiat: FiatCurrency, at?: Date): Promise<Big | null>;
  /** A US-dollar value in `fiat`; null when no source has a rate. */
  fromUsd(valueUsd: DecimalInput, fiat: FiatCurrency, at?: Date): Promise<Big | null>;
  /** One rate lookup for many values: a function converting US dollars to `fiat`, or null without a rate. */
  converter(fiat: FiatCurrency, at?: Date): Promise<((valueUsd: DecimalInput) => Big) | null>;
  /**
   * Units of `fiat` per US dollar on each fixing day between two UTC days (yyyy-MM-dd, both included), in one
   * request; null when `fiat` has no such series (the crypto fiats, currencies the ECB does not fix), which are
   * then asked day by day.
   */
  usdRateSeries(fiat: FiatCurrency, fromDay: string, toDay: string): Promise<Map<string, Big> | null>;
}

export function createFxService(options: FxServiceOptions): FxService {
  async function fiatRate(fiat: FiatCurrency, at?: Date): Promise<Big | null> {
    if (ecbFixes(fiat, at)) {
      const rate = (await options.ecb.rates('USD', [fiat], at)).get(fiat);
      if (rate) return rate;
    }
    if (!options.crossRates) return null;
    return (await options.crossRates.usdCrossRates([fiat], at)).get(fiat) ?? null;
  }

  async function converter(fiat: FiatCurrency, at?: Date): Promise<((valueUsd: DecimalInput) => Big) | null> {
    if (fiat === 'USD') return (value) => toDecimal(value);
    if (isCryptoFiat(fiat)) {
      // Divide by the coin's price rather than multiplying by a rounded reciprocal.
      const price = await options.cryptoUsdPrice(fiat, at);
      return price && price.gt(0) ? (value) => divide(value, price) : null;
    }
    const rate = await fiatRate(fiat, at);
    return rate ? (value) => toDecimal(value).times(rate) : null;
  }

  return {
    converter,
    async usdRate(fiat, at) {
      const convert = await converter(fiat, at);
      return convert ? convert('1') : null;
    },
    async usdRateSeries(fiat, fromDay, toDay) {
      if (fiat === 'USD' || fiat === 'RUB' || !ecbFixes(fiat)) return null;
      const series = await options.ecb.series('USD', [fiat], fromDay, toDay);
      const result = new Map<string, Big>();
      for (const [day, rates] of series) {
        const rate = rates.get(fiat);
        if (rate) result.set(day, rate);
      }
      return result;
    },
    async fromUsd(valueUsd, fiat, at) {
      const value = toDecimal(valueUsd);
      const convert = await converter(fiat, at);
      return convert ? convert(value) : null;
    },
  };
}
