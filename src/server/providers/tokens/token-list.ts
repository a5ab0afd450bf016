/**
 * The committed token lists (lists/*.json, written by src/scripts/build-token-lists.mjs), checked when loaded.
 */
import * as v from 'valibot';
import type { Network } from '../../../shared/enums';
import avalanche from './lists/avalanche.json';
import binanceSmartChain from './lists/binance-smart-chain.json';
import bitcoin from './lists/bitcoin.json';
import ethereum from './lists/ethereum.json';
import fantom from './lists/fantom.json';
import polygon from './lists/polygon.json';
import ronin from './lists/ronin.json';

const addressSchema = v.union([
  v.literal('native'),
  v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/, 'Token addresses are 0x and 40 hex digits.')),
]);

export const tokenListEntrySchema = v.object({
  symbol: v.pipe(v.string(), v.minLength(1)),
  name: v.pipe(v.string(), v.minLength(1)),
  address: addressSchema,
  decimals: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(255)),
  image_url: v.nullable(v.pipe(v.string(), v.url())),
  coingecko_id: v.nullable(v.pipe(v.string(), v.minLength(1))),
});
export type TokenListEntry = v.InferOutput<typeof tokenListEntrySchema>;

export const tokenListSchema = v.object({
  network: v.string(),
  sources: v.array(v.string()),
  tokens: v.array(tokenListEntrySchema),
});
export type TokenList = v.InferOutput<typeof tokenListSchema>;

export const COMMITTED_TOKEN_LISTS: Readonly<Record<Network, unknown>> = {
  ETHEREUM: ethereum,
  BINANCE_SMART_CHAIN: binanceSmartChain,
  POLYGON: polygon,
  FANTOM: fantom,
  AVALANCHE: avalanche,
  RONIN: ronin,
  BITCOIN: bitcoin,
};

/** Parses a token list for `network`; throws with the list's problems when it is malformed. */
export function parseTokenList(network: Network, raw: unknown): TokenList {
  const parsed = v.safeParse(tokenListSchema, raw);
  if (!parsed.success) throw new Error(`Token list of ${network} is malformed: ${v.summarize(parsed.issues)}`);
  if (parsed.output.network !== network) {
    throw new Error(`Token list of ${network} says it is for ${parsed.output.network}.`);
  }
  const natives = parsed.output.tokens.filter((t) => t.address === 'native');
  if (natives.length !== 1) throw new Error(`Token list of ${network} must have exactly one native coin.`);
  return parsed.output;
}
