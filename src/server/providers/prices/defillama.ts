/**
 * DefiLlama coin prices (no key): `/prices/current/{coins}` and `/prices/historical/{timestamp}/{coins}`, where a
 * coin is `chain:address` for a token and `coingecko:id` for a native coin.
 */
import type Big from 'big.js';
import * as v from 'valibot';
import type { HttpClient } from '../http/http-client';
import { DEFILLAMA_CHAINS, NATIVE_COINS } from './networks';
import { CURRENT_PRICE_TTL_MS, historicalTtlMs, priceFromJson } from './price-values';
import { tokenKey, type PriceFiat, type PriceProvider, type TokenKey, type TokenRef } from './types';

export const DEFILLAMA_BASE_URL = 'https://coins.llama.fi';

export interface DefiLlamaOptions {
  baseUrl?: string;
  /** Coins per request for current prices (default 60; keeps URLs short). */
  batchSize?: number;
  /** How far from the asked time a historical price may be (default "6h"). */
  searchWidth?: string;
  /** Historical times are taken at the start of this step (default one hour), so nearby asks share a cache entry. */
  historicalStepMs?: number;
  /** Requests per second (default 5). */
  perSecond?: number;
  now?: () => number;
}

const PROVIDER = 'DefiLlama';

const pricesSchema = v.looseObject({
  coins: v.record(v.string(), v.looseObject({ price: v.unknown() })),
});

/** The DefiLlama coin ids of a token, preferred first; empty when DefiLlama cannot price it. */
export function defiLlamaCoinIds(token: TokenRef): string[] {
  if (token.address === 'native') return NATIVE_COINS[token.network].coingeckoIds.map((id) => `coingecko:${id}`);
  const chain = DEFILLAMA_CHAINS[token.network];
  return chain ? [`${chain}:${token.address.toLowerCase()}`] : [];
}

export function createDefiLlamaProvider(options: DefiLlamaOptions, http: HttpClient): PriceProvider {
  const baseUrl = (options.baseUrl ?? DEFILLAMA_BASE_URL).replace(/\/+$/, '');
  const batchSize = Math.max(1, options.batchSize ?? 60);
  const searchWidth = options.searchWidth ?? '6h';
  const step = Math.max(1, options.historicalStepMs ?? 3_600_000);
  const rateLimit = { key: 'public', perSecond: options.perSecond ?? 5 };
  const now = options.now ?? Date.now;

  async function fetchCoins(path: string, cacheTtlMs: number, query: Record<string, string>): Promise<Map<string, Big>> {
    const body = await http.getJson({
      url: `${baseUrl}${path}`,
      query,
      schema: pricesSchema,
      cacheTtlMs,
      rateLimit,
      provider: PROVIDER,
    });
    const prices = new Map<string, Big>();
    for (const [coin, entry] of Object.entries(body.coins)) {
      const price = priceFromJson(entry.price);
      if (price) prices.set(coin.toLowerCase(), price);
    }
    return prices;
  }

  return {
    name: PROVIDER,

    async currentPrices(tokens: readonly TokenRef[], _fiat: PriceFiat): Promise<Map<TokenKey, Big>> {
      const wanted = new Map<string, TokenKey[]>();
      for (const token of tokens) {
        const coin = defiLlamaCoinIds(token)[0];
        if (!coin) continue;
        const keys = wanted.get(coin) ?? [];
        keys.push(tokenKey(token));
        wanted.set(coin, keys);
      }
      const coins = [...wanted.keys()].sort();
      const result = new Map<TokenKey, Big>();
      for (let i = 0; i < coins.length; i += batchSize) {
        const batch = coins.slice(i, i + batchSize);
        const prices = await fetchCoins(`/prices/current/${batch.join(',')}`, CURRENT_PRICE_TTL_MS, {});
        for (const coin of batch) {
          const price = prices.get(coin);
          if (!price) continue;
          for (const key of wanted.get(coin) ?? []) result.set(key, price);
        }
      }
      return result;
    },

    async historicalPrice(token: TokenRef, at: Date): Promise<Big | null> {
      const bucket = new Date(Math.floor(at.getTime() / step) * step);
      const timestamp = Math.floor(bucket.getTime() / 1000);
      for (const coin of defiLlamaCoinIds(token)) {
        const prices = await fetchCoins(`/prices/historical/${timestamp}/${coin}`, historicalTtlMs(bucket, now()), {
          searchWidth,
        });
        const price = prices.get(coin);
        if (price) return price;
      }
      return null;
    },
  };
}
