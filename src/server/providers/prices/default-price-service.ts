/**
 * The price service as the server runs it: DefiLlama first (no key), CoinGecko as the second source and for
 * the cross rates of currencies the ECB does not fix, Frankfurter for ECB rates. Base URLs are configurable so
 * tests and self-hosted mirrors can stand in.
 */
import type { HttpClient } from '../http/http-client';
import { createCoinGeckoClient } from './coingecko';
import { createDefiLlamaProvider } from './defillama';
import { createFrankfurterClient } from './frankfurter';
import { createPriceService, type PriceService } from './price-service';
import type { TokenRef } from './types';

export interface PriceSettings {
  defillamaBaseUrl?: string;
  coingeckoApiKey?: string;
  /** 'pro' needs `coingeckoApiKey`; default 'demo' (public API). */
  coingeckoPlan?: 'demo' | 'pro';
  coingeckoBaseUrl?: string;
  frankfurterBaseUrl?: string;
}

export interface PriceServiceDeps {
  http: HttpClient;
  /** CoinGecko ids of listed tokens (the token registry), saving contract lookups. */
  coingeckoIdFor?: (token: TokenRef) => string | null;
  logger?: { warn(msg: string, meta?: object): void };
  now?: () => number;
}

export function createDefaultPriceService(settings: PriceSettings, deps: PriceServiceDeps): PriceService {
  const now = deps.now ? { now: deps.now } : {};
  const coingecko = createCoinGeckoClient(
    {
      ...(settings.coingeckoApiKey ? { apiKey: settings.coingeckoApiKey } : {}),
      ...(settings.coingeckoPlan ? { plan: settings.coingeckoPlan } : {}),
      ...(settings.coingeckoBaseUrl ? { baseUrl: settings.coingeckoBaseUrl } : {}),
      ...(deps.coingeckoIdFor ? { coinIdFor: deps.coingeckoIdFor } : {}),
      ...now,
    },
    deps.http,
  );
  const defillama = createDefiLlamaProvider(
    { ...(settings.defillamaBaseUrl ? { baseUrl: settings.defillamaBaseUrl } : {}), ...now },
    deps.http,
  );
  const ecb = createFrankfurterClient(
    { ...(settings.frankfurterBaseUrl ? { baseUrl: settings.frankfurterBaseUrl } : {}), ...now },
    deps.http,
  );
  return createPriceService({
    providers: [defillama, coingecko],
    ecb,
    crossRates: coingecko,
    ...(deps.logger ? { logger: deps.logger } : {}),
  });
}
