/**
 * CoinGecko prices. Without a key or with a demo key it uses the public API (api.coingecko.com, header
 * `x-cg-demo-api-key`); with a pro key the pro API (pro-api.coingecko.com, header `x-cg-pro-api-key`).
 * Current token prices come from `/simple/token_price/{platform}` and `/simple/price`, historical ones from
 * `/coins/{id}/history` (the price at 00:00 UTC of the day), with a token's coin id found through
 * `/coins/{platform}/contract/{address}` when the token list does not know it.
 */
import Big from 'big.js';
import * as v from 'valibot';
import { isProviderError, type HttpClient } from '../http/http-client';
import { COINGECKO_PLATFORMS, NATIVE_COINS } from './networks';
import { CURRENT_PRICE_TTL_MS, historicalTtlMs, priceFromJson } from './price-values';
import { tokenKey, type PriceFiat, type PriceProvider, type TokenKey, type TokenRef } from './types';

export const COINGECKO_PUBLIC_BASE_URL = 'https://api.coingecko.com/api/v3';
export const COINGECKO_PRO_BASE_URL = 'https://pro-api.coingecko.com/api/v3';

export interface CoinGeckoOptions {
  apiKey?: string;
  /** 'demo' (default) uses the public API; 'pro' needs a key and uses the pro API. */
  plan?: 'demo' | 'pro';
  /** Overrides the base URL the plan chooses. */
  baseUrl?: string;
  /** Requests per second (default 0.5 on the public API, 8 on pro). */
  perSecond?: number;
  /** Contract addresses per `/simple/token_price` request (default 1 on the public API, 50 on pro). */
  contractsPerRequest?: number;
  /** Coin id of a token when known (e.g. from the token list), saving a contract lookup. */
  coinIdFor?: (token: TokenRef) => string | null | undefined;
  now?: () => number;
}

export interface CoinGeckoClient extends PriceProvider {
  /** `/simple/price`: prices of coins by id in the given vs-currencies (lowercase codes). */
  simplePrices(ids: readonly string[], vsCurrencies: readonly string[]): Promise<Map<string, Map<string, Big>>>;
  /** `/coins/{id}/history`: the coin's prices in every vs-currency at 00:00 UTC of `at`'s day; null if none. */
  coinHistory(id: string, at: Date): Promise<Map<string, Big> | null>;
  /** The CoinGecko coin id of a token contract; null when CoinGecko does not list it. */
  coinIdForContract(token: TokenRef): Promise<string | null>;
  /**
   * Units of each fiat currency per US dollar, crossed through bitcoin's price in both (CoinGecko quotes
   * bitcoin in every fiat it supports). Current rates without `at`, else that day's.
   */
  usdCrossRates(currencies: readonly string[], at?: Date): Promise<Map<string, Big>>;
}

const PROVIDER = 'CoinGecko';

const pricesByIdSchema = v.record(v.string(), v.record(v.string(), v.unknown()));
const historySchema = v.looseObject({
  id: v.optional(v.string()),
  market_data: v.optional(v.looseObject({ current_price: v.optional(v.record(v.string(), v.unknown())) })),
});
const contractSchema = v.looseObject({ id: v.string() });

/** dd-mm-yyyy in UTC, the date format of `/coins/{id}/history`. */
export function coinGeckoDate(at: Date): string {
  const day = String(at.getUTCDate()).padStart(2, '0');
  const month = String(at.getUTCMonth() + 1).padStart(2, '0');
  return `${day}-${month}-${at.getUTCFullYear()}`;
}

function readPrices(entry: Record<string, unknown> | undefined): Map<string, Big> {
  const prices = new Map<string, Big>();
  for (const [currency, value] of Object.entries(entry ?? {})) {
    const price = priceFromJson(value);
    if (price) prices.set(currency.toLowerCase(), price);
  }
  return prices;
}

export function createCoinGeckoClient(options: CoinGeckoOptions, http: HttpClient): CoinGeckoClient {
  const plan = options.plan ?? 'demo';
  if (plan === 'pro' && !options.apiKey) throw new Error('A CoinGecko pro plan needs an API key.');
  const baseUrl = (options.baseUrl ?? (plan === 'pro' ? COINGECKO_PRO_BASE_URL : COINGECKO_PUBLIC_BASE_URL)).replace(
    /\/+$/,
    '',
  );
  const headers: Record<string, string> = options.apiKey
    ? { [plan === 'pro' ? 'x-cg-pro-api-key' : 'x-cg-demo-api-key']: options.apiKey }
    : {};
  const rateLimit = { key: options.apiKey ? `key:${plan}` : 'public', perSecond: options.perSecond ?? (plan === 'pro' ? 8 : 0.5) };
  const contractsPerRequest = Math.max(1, options.contractsPerRequest ?? (plan === 'pro' ? 50 : 1));
  const now = options.now ?? Date.now;

  function get<const S extends v.GenericSchema>(path: string, query: Record<string, string>, schema: S, cacheTtlMs: number) {
    return http.getJson({ url: `${baseUrl}${path}`, query, headers, schema, cacheTtlMs, rateLimit, provider: PROVIDER });
  }

  const client: CoinGeckoClient = {
    name: PROVIDER,

    async simplePrices(ids, vsCurrencies) {
      const result = new Map<string, Map<string, Big>>();
      if (ids.length === 0) return result;
      const body = await get(
        '/simple/price',
        { ids: [...new Set(ids)].sort().join(','), vs_currencies: vsCurrencies.map((c) => c.toLowerCase()).join(',') },
        pricesByIdSchema,
        CURRENT_PRICE_TTL_MS,
      );
      for (const [id, entry] of Object.entries(body)) result.set(id, readPrices(entry));
      return result;
    },

    async coinHistory(id, at) {
      let body: v.InferOutput<typeof historySchema>;
      try {
        body = await get(
          `/coins/${encodeURIComponent(id)}/history`,
          { date: coinGeckoDate(at), localization: 'false' },
          historySchema,
          historicalTtlMs(at, now()),
        );
      } catch (error) {
        if (isProviderError(error) && error.kind === 'not_found') return null;
        throw error;
      }
      const prices = readPrices(body.market_data?.current_price);
      return prices.size > 0 ? prices : null;
    },

    async coinIdForContract(token) {
      if (token.address === 'native') return NATIVE_COINS[token.network].coingeckoIds[0];
      const platform = COINGECKO_PLATFORMS[token.network];
      if (!platform) return null;
      try {
        const body = await get(
          `/coins/${platform}/contract/${token.address.toLowerCase()}`,
          {},
          contractSchema,
          Number.POSITIVE_INFINITY,
        );
        return body.id;
      } catch (error) {
        if (isProviderError(error) && error.kind === 'not_found') return null;
        throw error;
      }
    },

    async usdCrossRates(currencies, at) {
      const wanted = currencies.map((c) => c.toLowerCase());
      const prices = at
        ? await client.coinHistory('bitcoin', at)
        : (await client.simplePrices(['bitcoin'], ['usd', ...wanted])).get('bitcoin');
      const rates = new Map<string, Big>();
      const usd = prices?.get('usd');
      if (!prices || !usd || usd.eq(0)) return rates;
      for (const currency of wanted) {
        const price = prices.get(currency);
        if (price) rates.set(currency.toUpperCase(), new Big(price).div(usd));
      }
      return rates;
    },

    async currentPrices(tokens: readonly TokenRef[], _fiat: PriceFiat): Promise<Map<TokenKey, Big>> {
      const result = new Map<TokenKey, Big>();
      const natives = new Map<string, TokenKey[]>();
      const byPlatform = new Map<string, Map<string, TokenKey[]>>();
      for (const token of tokens) {
        if (token.address === 'native') {
          const id = NATIVE_COINS[token.network].coingeckoIds[0];
          natives.set(id, [...(natives.get(id) ?? []), tokenKey(token)]);
          continue;
        }
        const platform = COINGECKO_PLATFORMS[token.network];
        if (!platform) continue;
        const contracts = byPlatform.get(platform) ?? new Map<string, TokenKey[]>();
        const address = token.address.toLowerCase();
        contracts.set(address, [...(contracts.get(address) ?? []), tokenKey(token)]);
        byPlatform.set(platform, contracts);
      }
      if (natives.size > 0) {
        const prices = await client.simplePrices([...natives.keys()], ['usd']);
        for (const [id, keys] of natives) {
          const price = prices.get(id)?.get('usd');
          if (price) for (const key of keys) result.set(key, price);
        }
      }
      for (const [platform, contracts] of byPlatform) {
        const addresses = [...contracts.keys()].sort();
        for (let i = 0; i < addresses.length; i += contractsPerRequest) {
          const batch = addresses.slice(i, i + contractsPerRequest);
          const body = await get(
            `/simple/token_price/${platform}`,
            { contract_addresses: batch.join(','), vs_currencies: 'usd' },
            pricesByIdSchema,
            CURRENT_PRICE_TTL_MS,
          );
          for (const [address, entry] of Object.entries(body)) {
            const price = readPrices(entry).get('usd');
            if (!price) continue;
            for (const key of contracts.get(address.toLowerCase()) ?? []) result.set(key, price);
          }
        }
      }
      return result;
    },

    async historicalPrice(token: TokenRef, at: Date): Promise<Big | null> {
      const ids =
        token.address === 'native'
          ? [...NATIVE_COINS[token.network].coingeckoIds]
          : [options.coinIdFor?.(token) ?? (await client.coinIdForContract(token))].filter(
              (id): id is string => typeof id === 'string' && id.length > 0,
            );
      for (const id of ids) {
        const price = (await client.coinHistory(id, at))?.get('usd');
        if (price) return price;
      }
      return null;
    },
  };
  return client;
}
