/**
 * Known tokens per network from the committed token lists: lookup by network and address, the list for
 * GET tokens {network} (sorted by symbol, case-insensitively), coin ids for the price providers, and spam checks
 * that know which tokens are listed.
 */
import { isAddress } from 'viem';
import type { Network } from '../../../shared/enums';
import type { TokenRef } from '../prices/types';
import { isLikelySpam, WELL_KNOWN_SYMBOLS } from './spam';
import { COMMITTED_TOKEN_LISTS, parseTokenList, type TokenListEntry } from './token-list';

export interface TokenInfo {
  /** Stable id: "ETHEREUM:native" or "ETHEREUM:0x…" (lower-case address). */
  id: string;
  network: Network;
  symbol: string;
  name: string;
  /** EIP-55 checksummed contract address, or 'native'. */
  address: `0x${string}` | 'native';
  decimals: number;
  /** Null when the list has no logo; the PWA shows a default. */
  image_url: string | null;
  coingecko_id: string | null;
}

export interface TokenRegistry {
  get(network: Network, address: string): TokenInfo | undefined;
  native(network: Network): TokenInfo;
  /** Every listed token of a network, sorted by symbol case-insensitively (then name, then address). */
  list(network: Network): readonly TokenInfo[];
  isKnown(network: Network, address: string): boolean;
  /** CoinGecko id of a listed token, for the price providers. */
  coingeckoIdFor(token: TokenRef): string | null;
  /** Spam heuristics for a token seen on chain, knowing which tokens are listed. */
  isLikelySpam(
    token: { network: Network; address: string; name: string | null; symbol: string | null; decimals: number | null },
    context?: { userSent?: boolean },
  ): boolean;
}

export function tokenId(network: Network, address: string): string {
  return `${network}:${address === 'native' ? 'native' : address.toLowerCase()}`;
}

function compareBySymbol(a: TokenInfo, b: TokenInfo): number {
  const sa = a.symbol.toLowerCase();
  const sb = b.symbol.toLowerCase();
  if (sa !== sb) return sa < sb ? -1 : 1;
  if (a.address === 'native' || b.address === 'native') return a.address === 'native' ? -1 : 1;
  const na = a.name.toLowerCase();
  const nb = b.name.toLowerCase();
  if (na !== nb) return na < nb ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

function toInfo(network: Network, entry: TokenListEntry): TokenInfo {
  // The build script checksums every address (and a test holds it to that), so loading stays cheap.
  const address = entry.address === 'native' ? 'native' : (entry.address as `0x${string}`);
  return {
    id: tokenId(network, address),
    network,
    symbol: entry.symbol,
    name: entry.name,
    address,
    decimals: entry.decimals,
    image_url: entry.image_url,
    coingecko_id: entry.coingecko_id,
  };
}

/** A registry over the committed lists, or over the given raw lists (same JSON shape) in tests. */
export function createTokenRegistry(rawLists: Readonly<Record<Network, unknown>> = COMMITTED_TOKEN_LISTS): TokenRegistry {
  const byNetwork = new Map<Network, { sorted: TokenInfo[]; byId: Map<string, TokenInfo>; native: TokenInfo }>();

  function load(network: Network) {
    let entry = byNetwork.get(network);
    if (entry) return entry;
    const list = parseTokenList(network, rawLists[network]);
    const byId = new Map<string, TokenInfo>();
    for (const raw of list.tokens) {
      const info = toInfo(network, raw);
      if (byId.has(info.id)) throw new Error(`Token list of ${network} lists ${info.id} twice.`);
      byId.set(info.id, info);
    }
    const sorted = [...byId.values()].sort(compareBySymbol);
    const native = sorted.find((t) => t.address === 'native');
    if (!native) throw new Error(`Token list of ${network} has no native coin.`);
    entry = { sorted, byId, native };
    byNetwork.set(network, entry);
    return entry;
  }

  function get(network: Network, address: string): TokenInfo | undefined {
    if (address !== 'native' && !isAddress(address, { strict: false })) return undefined;
    return load(network).byId.get(tokenId(network, address));
  }

  return {
    get,
    native: (network) => load(network).native,
    list: (network) => load(network).sorted,
    isKnown: (network, address) => get(network, address) !== undefined,
    coingeckoIdFor: (token) => get(token.network, token.address)?.coingecko_id ?? null,
    isLikelySpam(token, context) {
      const known = get(token.network, token.address) !== undefined;
      const symbol = (token.symbol ?? '').trim().toUpperCase();
      const nativeSymbol = load(token.network).native.symbol.toUpperCase();
      return isLikelySpam({
        name: token.name,
        symbol: token.symbol,
        decimals: token.decimals,
        known,
        impersonates: !known && (WELL_KNOWN_SYMBOLS.has(symbol) || symbol === nativeSymbol),
        ...(context?.userSent !== undefined ? { userSent: context.userSent } : {}),
      });
    },
  };
}
