/**
 * What the sync knows about tokens: the committed token lists (names, decimals, logos, spam checks, CoinGecko
 * ids), plus tokens an installation adds (the devnet's mock USDC and USDT with DEVNET=1), and the mapping of
 * exchange asset codes (BTC, USDT, ...) to a priced token.
 */
import { getAddress } from 'viem';
import type { Exchange, Network } from '../../shared/enums';
import { CONTRACT_ADDRESSES, TOKEN_DEFINITIONS } from '../devnet/contracts';
import type { StoredTokenRef } from '../db/schema';
import type { TokenRef } from '../providers/prices/types';
import { createTokenRegistry, tokenId, type TokenInfo, type TokenRegistry } from '../providers/tokens/token-registry';

export interface TokenCatalog {
  native(network: Network): StoredTokenRef;
  /** A listed (or added) token; undefined for unknown contracts. */
  known(network: Network, address: string): TokenInfo | undefined;
  isSpam(token: { network: Network; address: string; name: string | null; symbol: string | null; decimals: number | null }, userSent: boolean): boolean;
  coingeckoIdFor(token: TokenRef): string | null;
  /** The token an exchange asset code is priced as (BTC → Bitcoin, USDT → Ethereum USDT, ...), or null. */
  priceRefForAsset(asset: string): TokenRef | null;
  /** An exchange asset as a token (id `BINANCE:BTC`). */
  exchangeToken(exchange: Exchange, asset: string, decimals: number): StoredTokenRef;
}

/** Order in which networks are searched for an exchange asset's symbol. */
const ASSET_NETWORK_ORDER: readonly Network[] = ['BITCOIN', 'ETHEREUM', 'BINANCE_SMART_CHAIN', 'POLYGON', 'AVALANCHE', 'FANTOM', 'RONIN'];

export function toStoredToken(info: TokenInfo): StoredTokenRef {
  return {
    id: info.id,
    address: info.address === 'native' ? null : info.address.toLowerCase(),
    symbol: info.symbol,
    name: info.name,
    decimals: info.decimals,
    image_url: info.image_url,
    network: info.network,
  };
}

/** The devnet's mock USDC and USDT on ETHEREUM and POLYGON, priced and shown as the real tokens. */
export function devnetTokens(registry: TokenRegistry = createTokenRegistry()): TokenInfo[] {
  const result: TokenInfo[] = [];
  for (const network of ['ETHEREUM', 'POLYGON'] as const) {
    for (const symbol of ['USDC', 'USDT'] as const) {
      const real = registry.list(network).find((token) => token.symbol === symbol);
      const address = getAddress(CONTRACT_ADDRESSES[symbol]);
      result.push({
        id: tokenId(network, address),
        network,
        symbol,
        name: TOKEN_DEFINITIONS[symbol].name,
        address,
        decimals: TOKEN_DEFINITIONS[symbol].decimals,
        image_url: real?.image_url ?? null,
        coingecko_id: real?.coingecko_id ?? null,
      });
    }
  }
  return result;
}

export function createTokenCatalog(registry: TokenRegistry = createTokenRegistry(), extra: readonly TokenInfo[] = []): TokenCatalog {
  const added = new Map(extra.map((token) => [token.id, token]));
  const bySymbol = new Map<string, TokenRef>();

  const known = (network: Network, address: string): TokenInfo | undefined =>
    added.get(tokenId(network, address)) ?? registry.get(network, address);

  function priceRefForAsset(asset: string): TokenRef | null {
    const symbol = asset.toUpperCase();
    const cached = bySymbol.get(symbol);
    if (cached) return cached;
    let found: TokenRef | null = null;
    for (const network of ASSET_NETWORK_ORDER) {
      const native = registry.native(network);
      if (native.symbol.toUpperCase() === symbol) {
        found = { network, address: 'native' };
        break;
      }
    }
    if (!found) {
      for (const network of ASSET_NETWORK_ORDER) {
        const token = registry.list(network).find((t) => t.symbol.toUpperCase() === symbol);
        if (token) {
          found = { network, address: token.address };
          break;
        }
      }
    }
    if (found) bySymbol.set(symbol, found);
    return found;
  }

  return {
    native: (network) => toStoredToken(registry.native(network)),
    known,
    isSpam(token, userSent) {
      if (added.has(tokenId(token.network, token.address))) return false;
      return registry.isLikelySpam(token, { userSent });
    },
    coingeckoIdFor(token) {
      return added.get(tokenId(token.network, token.address))?.coingecko_id ?? registry.coingeckoIdFor(token);
    },
    priceRefForAsset,
    exchangeToken(exchange, asset, decimals) {
      const ref = priceRefForAsset(asset);
      const info = ref ? known(ref.network, ref.address) : undefined;
      return {
        id: `${exchange}:${asset.toUpperCase()}`,
        address: null,
        symbol: asset.toUpperCase(),
        name: info?.name ?? asset.toUpperCase(),
        decimals,
        image_url: info?.image_url ?? null,
        network: null,
      };
    },
  };
}
