/**
 * Prices for the rest of the server: token prices from the configured providers (the first that knows a token
 * wins; the others fill gaps and stand in during outages), converted from US dollars to the user's fiat at the
 * time asked. Caching is done by the HTTP client: historical answers are kept once their time has settled,
 * current ones about a minute.
 */
import type Big from 'big.js';
import type { FiatCurrency, Network } from '../../../shared/enums';
import type { DecimalInput } from '../../../shared/money';
import { isProviderError, type ProviderError } from '../http/http-client';
import type { FrankfurterClient } from './frankfurter';
import { createFxService, type CrossRateSource, type CryptoFiat, type FxService } from './fx';
import { tokenKey, type PriceProvider, type TokenKey, type TokenRef } from './types';

export interface PriceServiceOptions {
  /** In order of preference; at least one. */
  providers: readonly PriceProvider[];
  ecb: FrankfurterClient;
  /** For currencies the ECB does not fix (VND, RUB). */
  crossRates?: CrossRateSource;
  logger?: { warn(msg: string, meta?: object): void };
}

export interface PriceService {
  currentPricesUsd(tokens: readonly TokenRef[]): Promise<Map<TokenKey, Big>>;
  historicalPriceUsd(token: TokenRef, at: Date): Promise<Big | null>;
  /** Current prices of one whole token in `fiat`, by `tokenKey`; unknown ones are absent. */
  currentPrices(tokens: readonly TokenRef[], fiat: FiatCurrency): Promise<Map<TokenKey, Big>>;
  /** Price of one whole token in `fiat` at `at`; null when unknown (to be filled in later, never guessed). */
  historicalPrice(token: TokenRef, at: Date, fiat: FiatCurrency): Promise<Big | null>;
  /** The token fiat quote: current price of one token in `fiat`. */
  quoteRate(token: TokenRef, fiat: FiatCurrency): Promise<Big | null>;
  /** A US-dollar value in `fiat`, now or at `at`. */
  usdToFiat(valueUsd: DecimalInput, fiat: FiatCurrency, at?: Date): Promise<Big | null>;
  /** Units of `fiat` per US dollar. */
  usdRate(fiat: FiatCurrency, at?: Date): Promise<Big | null>;
  /** Units of `fiat` per US dollar on each fixing day of a range; null when only day-by-day rates exist. */
  usdRateSeries(fiat: FiatCurrency, fromDay: string, toDay: string): Promise<Map<string, Big> | null>;
}

const CRYPTO_FIAT_NETWORKS: Record<CryptoFiat, Network> = {
  ETH: 'ETHEREUM',
  BNB: 'BINANCE_SMART_CHAIN',
  BTC: 'BITCOIN',
};

/** Thrown when every provider failed; carries the first provider's error as the cause. */
function allFailed(errors: readonly unknown[]): unknown {
  return errors.find((e): e is ProviderError => isProviderError(e)) ?? errors[0];
}

export function createPriceService(options: PriceServiceOptions): PriceService {
  if (options.providers.length === 0) throw new Error('A price service needs at least one price provider.');
  const providers = options.providers;
  const warn = (msg: string, meta?: object): void => options.logger?.warn(msg, meta);

  async function currentPricesUsd(tokens: readonly TokenRef[]): Promise<Map<TokenKey, Big>> {
    const result = new Map<TokenKey, Big>();
    let missing = dedupe(tokens);
    const errors: unknown[] = [];
    let answered = false;
    for (const provider of providers) {
      if (missing.length === 0) break;
      try {
        const prices = await provider.currentPrices(missing, 'USD');
        answered = true;
        for (const [key, price] of prices) result.set(key, price);
        missing = missing.filter((token) => !result.has(tokenKey(token)));
      } catch (error) {
        if (!isProviderError(error)) throw error;
        errors.push(error);
        warn(`${provider.name}: current prices failed; trying the next source`, { detail: error.detail });
      }
    }
    if (!answered && errors.length > 0) throw allFailed(errors);
    return result;
  }

  async function historicalPriceUsd(token: TokenRef, at: Date): Promise<Big | null> {
    const errors: unknown[] = [];
    let answered = false;
    for (const provider of providers) {
      try {
        const price = await provider.historicalPrice(token, at);
        answered = true;
        if (price) return price;
      } catch (error) {
        if (!isProviderError(error)) throw error;
        errors.push(error);
        warn(`${provider.name}: historical price failed; trying the next source`, { detail: error.detail });
      }
    }
    if (!answered && errors.length > 0) throw allFailed(errors);
    return null;
  }

  const fx: FxService = createFxService({
    ecb: options.ecb,
    ...(options.crossRates ? { crossRates: options.crossRates } : {}),
    cryptoUsdPrice: async (coin, at) => {
      const token: TokenRef = { network: CRYPTO_FIAT_NETWORKS[coin], address: 'native' };
      if (at) return historicalPriceUsd(token, at);
      return (await currentPricesUsd([token])).get(tokenKey(token)) ?? null;
    },
  });

  async function currentPrices(tokens: readonly TokenRef[], fiat: FiatCurrency): Promise<Map<TokenKey, Big>> {
    const usd = await currentPricesUsd(tokens);
    const result = new Map<TokenKey, Big>();
    if (usd.size === 0) return result;
    const convert = await fx.converter(fiat);
    if (!convert) return result;
    for (const [key, price] of usd) result.set(key, convert(price));
    return result;
  }

  return {
    currentPricesUsd,
    historicalPriceUsd,
    currentPrices,
    async historicalPrice(token, at, fiat) {
      const usd = await historicalPriceUsd(token, at);
      return usd ? fx.fromUsd(usd, fiat, at) : null;
    },
    async quoteRate(token, fiat) {
      return (await currentPrices([token], fiat)).get(tokenKey(token)) ?? null;
    },
    usdToFiat: (valueUsd, fiat, at) => fx.fromUsd(valueUsd, fiat, at),
    usdRate: (fiat, at) => fx.usdRate(fiat, at),
    usdRateSeries: (fiat, fromDay, toDay) => fx.usdRateSeries(fiat, fromDay, toDay),
  };
}

function dedupe(tokens: readonly TokenRef[]): TokenRef[] {
  const seen = new Map<TokenKey, TokenRef>();
  for (const token of tokens) if (!seen.has(tokenKey(token))) seen.set(tokenKey(token), token);
  return [...seen.values()];
}
