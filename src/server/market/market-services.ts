/**
 * The market data every request shares (the price service, token registry and FX rates), built once per app
 * with its Services (configuration, fetch, logger) so caches and rate limits are shared by every request.
 */
import type { FiatCurrency, Network } from '../../shared/enums';
import type { Config } from '../config/env';
import type { Database } from '../db/database';
import { divide, type Big } from '../../shared/money';
import type { Logger } from '../logging/logger';
import { createHttpClient } from '../providers/http/http-client';
import { providerRateLimiterFor } from '../providers/http/provider-rate-limiter';
import { createCoinGeckoClient, type CoinGeckoClient } from '../providers/prices/coingecko';
import { createDefaultPriceService } from '../providers/prices/default-price-service';
import { createFrankfurterClient, type FrankfurterClient } from '../providers/prices/frankfurter';
import { ecbFixes, isCryptoFiat, type CryptoFiat } from '../providers/prices/fx';
import type { PriceService } from '../providers/prices/price-service';
import { tokenKey, type TokenRef } from '../providers/prices/types';
import { createTokenRegistry, type TokenRegistry } from '../providers/tokens/token-registry';
import { createFiatRates, type FiatRates, type UsdRateSource } from '../lib/fiat-rates';

export interface MarketServices {
  prices: PriceService;
  tokens: TokenRegistry;
  fiat: FiatRates;
}

const COIN_OF: Record<CryptoFiat, Network> = { ETH: 'ETHEREUM', BNB: 'BINANCE_SMART_CHAIN', BTC: 'BITCOIN' };

/**
 * Current FX for many currencies with one request per source: ECB rates from Frankfurter, the crypto
 * "currencies" from their coins' prices, the rest (VND, RUB) from CoinGecko's cross rates. A source that
 * fails leaves its currencies out.
 */
function batchedUsdRates(deps: {
  ecb: FrankfurterClient;
  crossRates: Pick<CoinGeckoClient, 'usdCrossRates'>;
  prices: PriceService;
  logger: Logger;
}): UsdRateSource {
  const attempt = async <T>(what: string, run: () => Promise<T>, fallback: T): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      deps.logger.warn(`FX source failed: ${what}`, { error });
      return fallback;
    }
  };
  return {
    async usdRates(fiats) {
      const result = new Map<FiatCurrency, Big>();
      const ecb = fiats.filter((fiat) => ecbFixes(fiat));
      const coins = fiats.filter(isCryptoFiat);
      const crossed = fiats.filter((fiat) => !ecbFixes(fiat) && !isCryptoFiat(fiat));
      const refs: TokenRef[] = coins.map((coin) => ({ network: COIN_OF[coin], address: 'native' }));
      const [ecbRates, coinPrices, crossRates] = await Promise.all([
        ecb.length === 0 ? new Map<string, Big>() : attempt('ECB', () => deps.ecb.rates('USD', ecb), new Map<string, Big>()),
        refs.length === 0 ? new Map<string, Big>() : attempt('coin prices', () => deps.prices.currentPricesUsd(refs), new Map<string, Big>()),
        crossed.length === 0 ? new Map<string, Big>() : attempt('cross rates', () => deps.crossRates.usdCrossRates(crossed), new Map<string, Big>()),
      ]);
      for (const fiat of ecb) {
        const rate = ecbRates.get(fiat);
        if (rate !== undefined) result.set(fiat, rate);
      }
      coins.forEach((coin, index) => {
        const ref = refs[index];
        const price = ref === undefined ? undefined : coinPrices.get(tokenKey(ref));
        if (price !== undefined && price.gt(0)) result.set(coin, divide('1', price));
      });
      for (const fiat of crossed) {
        const rate = crossRates.get(fiat);
        if (rate !== undefined) result.set(fiat, rate);
      }
      return result;
    },
  };
}

let sharedRegistry: TokenRegistry | undefined;

export function createMarketServices(s: { db: Database; config: Config; now: () => Date; fetch: typeof fetch; logger: Logger }): MarketServices {
  const tokens = (sharedRegistry ??= createTokenRegistry());
  const chain = s.config.chain;
  // Requests wait for these answers, so failures give up sooner than a background sync's would.
  const http = createHttpClient({
    fetch: s.fetch,
    logger: s.logger,
    backoffBaseMs: 200,
    backoffMaxMs: 2000,
    // On PostgreSQL the buckets are shared with every other process (and this process's syncs).
    rateLimiter: providerRateLimiterFor({ db: s.db, config: s.config, logger: s.logger }),
  });
  const coingeckoSettings = {
    ...(chain.coingeckoApiKey === undefined ? {} : { apiKey: chain.coingeckoApiKey }),
    plan: chain.coingeckoPlan,
    ...(chain.coingeckoBaseUrl === undefined ? {} : { baseUrl: chain.coingeckoBaseUrl }),
  };
  const prices = createDefaultPriceService(
    {
      ...(chain.defillamaBaseUrl === undefined ? {} : { defillamaBaseUrl: chain.defillamaBaseUrl }),
      ...(chain.coingeckoApiKey === undefined ? {} : { coingeckoApiKey: chain.coingeckoApiKey }),
      coingeckoPlan: chain.coingeckoPlan,
      ...(chain.coingeckoBaseUrl === undefined ? {} : { coingeckoBaseUrl: chain.coingeckoBaseUrl }),
      ...(chain.frankfurterBaseUrl === undefined ? {} : { frankfurterBaseUrl: chain.frankfurterBaseUrl }),
    },
    { http, coingeckoIdFor: (token) => tokens.coingeckoIdFor(token), logger: s.logger },
  );
  const source = batchedUsdRates({
    ecb: createFrankfurterClient(chain.frankfurterBaseUrl === undefined ? {} : { baseUrl: chain.frankfurterBaseUrl }, http),
    crossRates: createCoinGeckoClient(coingeckoSettings, http),
    prices,
    logger: s.logger,
  });
  const fiat = createFiatRates({ db: s.db, now: s.now, source, logger: s.logger });
  return { prices, tokens, fiat };
}
