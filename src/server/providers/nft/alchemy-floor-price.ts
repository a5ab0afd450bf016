/**
 * Collection floor prices from Alchemy's NFT API v3 (`GET /nft/v3/getFloorPrice?contractAddress=…`): the
 * OpenSea and LooksRare floors of a contract, each either `{ floorPrice, priceCurrency, collectionUrl,
 * retrievedAt }` or `{ error }`. Alchemy serves floors for Ethereum mainnet only; other networks have none.
 * The key goes in the Authorization header (Alchemy's documented alternative to the key in the path), so it
 * never appears in URLs, logs or error text.
 */
import * as v from 'valibot';
import type { EvmNetwork } from '../../../shared/enums';
import { Big, decimalToString } from '../../../shared/money';
import { isProviderError, type HttpClient } from '../http/http-client';
import type { NftFloorPrice, NftPriceProvider } from './types';

/** Origin of the NFT API per network Alchemy serves floor prices on. */
export const ALCHEMY_NFT_URLS: Partial<Record<EvmNetwork, string>> = {
  ETHEREUM: 'https://eth-mainnet.g.alchemy.com',
};

/** Marketplaces in order of preference when their floors are in different currencies. */
const MARKETPLACES = ['openSea', 'looksRare'] as const;

export interface AlchemyFloorPriceOptions {
  http: HttpClient;
  apiKey: string;
  /** Replaces the origin for every served network (a proxy or a test server). */
  baseUrl?: string;
  /** How long a floor is kept (default 10 minutes: every wallet synced in that time shares one lookup). */
  cacheTtlMs?: number;
  /** Requests per second (default 5). */
  perSecond?: number;
  /** Further attempts on outages and rate limits (default 2; the sync tries again on its next run). */
  retries?: number;
}

const marketplaceSchema = v.looseObject({
  floorPrice: v.optional(v.nullable(v.union([v.number(), v.string()]))),
  priceCurrency: v.optional(v.nullable(v.string())),
  error: v.optional(v.nullable(v.string())),
});

/** Marketplace name → floor or error; further marketplaces Alchemy may add are read too. */
const responseSchema = v.record(v.string(), v.unknown());

function trimBase(base: string): string {
  return base.replace(/\/+$/, '');
}

/**
 * A positive floor as an exact decimal. JSON numbers go through their shortest text (`String(n)`) into big.js,
 * which also reads the exponent form JavaScript gives very small or large numbers ("1e-7").
 */
export function floorDecimal(value: number | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const text = typeof value === 'number' ? String(value) : value.trim();
  let decimal: Big;
  try {
    decimal = new Big(text);
  } catch {
    return null;
  }
  return decimal.gt(0) ? decimalToString(decimal) : null;
}

interface Quote {
  price: Big;
  currency: string;
}

function quoteOf(raw: unknown): Quote | null {
  const parsed = v.safeParse(marketplaceSchema, raw);
  if (!parsed.success) return null;
  const { floorPrice, priceCurrency, error } = parsed.output;
  if (typeof error === 'string' && error.trim() !== '') return null;
  const price = floorDecimal(floorPrice);
  const currency = priceCurrency?.trim() ?? '';
  if (price === null || currency === '') return null;
  return { price: new Big(price), currency };
}

/**
 * The floor of the answer: the lowest floor among the marketplaces quoting in the currency of the most
 * preferred marketplace that has one (OpenSea, then LooksRare, then any other in the order given).
 */
export function floorFromResponse(body: Record<string, unknown>): NftFloorPrice | null {
  const names = [...MARKETPLACES.filter((name) => name in body), ...Object.keys(body).filter((name) => !(MARKETPLACES as readonly string[]).includes(name))];
  const quotes = names.map((name) => quoteOf(body[name])).filter((quote): quote is Quote => quote !== null);
  const [preferred] = quotes;
  if (!preferred) return null;
  let lowest = preferred;
  for (const quote of quotes) {
    if (quote.currency === preferred.currency && quote.price.lt(lowest.price)) lowest = quote;
  }
  return { price: decimalToString(lowest.price), currency: lowest.currency };
}

export function createAlchemyFloorPriceProvider(options: AlchemyFloorPriceOptions): NftPriceProvider {
  const cacheTtlMs = options.cacheTtlMs ?? 600_000;
  const perSecond = options.perSecond ?? 5;
  const retries = options.retries ?? 2;

  return {
    name: 'Alchemy',
    async floorPrice({ network, contract }) {
      const origin = ALCHEMY_NFT_URLS[network];
      if (origin === undefined) return null;
      let body: Record<string, unknown>;
      try {
        body = await options.http.getJson({
          url: `${trimBase(options.baseUrl ?? origin)}/nft/v3/getFloorPrice`,
          query: { contractAddress: contract.toLowerCase() },
          headers: { authorization: `Bearer ${options.apiKey}` },
          schema: responseSchema,
          cacheTtlMs,
          rateLimit: { key: 'alchemy-nft', perSecond },
          retries,
          timeoutMs: 15_000,
          provider: 'Alchemy',
        });
      } catch (error) {
        // A 400 names an address Alchemy does not take as an NFT contract: it has no floor, now or later.
        if (isProviderError(error) && error.status === 400) return null;
        throw error;
      }
      return floorFromResponse(body);
    },
  };
}
