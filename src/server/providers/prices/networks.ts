/** Network identifiers the price sources use, and each network's native coin. */
import type { Network } from '../../../shared/enums';

/** DefiLlama chain prefixes for `chain:address` coin ids. */
export const DEFILLAMA_CHAINS: Record<Network, string | null> = {
  ETHEREUM: 'ethereum',
  BINANCE_SMART_CHAIN: 'bsc',
  POLYGON: 'polygon',
  FANTOM: 'fantom',
  AVALANCHE: 'avax',
  RONIN: 'ronin',
  BITCOIN: null,
};

/** CoinGecko asset platform ids (for contract-address lookups). */
export const COINGECKO_PLATFORMS: Record<Network, string | null> = {
  ETHEREUM: 'ethereum',
  BINANCE_SMART_CHAIN: 'binance-smart-chain',
  POLYGON: 'polygon-pos',
  FANTOM: 'fantom',
  AVALANCHE: 'avalanche',
  RONIN: 'ronin',
  BITCOIN: null,
};

export interface NativeCoin {
  symbol: string;
  name: string;
  decimals: number;
  /**
   * CoinGecko ids of the coin, preferred first. Polygon's native coin moved from MATIC to POL (1:1), so its
   * older history is found under MATIC's id.
   */
  coingeckoIds: readonly [string, ...string[]];
}

export const NATIVE_COINS: Record<Network, NativeCoin> = {
  ETHEREUM: { symbol: 'ETH', name: 'Ether', decimals: 18, coingeckoIds: ['ethereum'] },
  BINANCE_SMART_CHAIN: { symbol: 'BNB', name: 'BNB', decimals: 18, coingeckoIds: ['binancecoin'] },
  POLYGON: {
    symbol: 'POL',
    name: 'POL (ex-MATIC)',
    decimals: 18,
    coingeckoIds: ['polygon-ecosystem-token', 'matic-network'],
  },
  FANTOM: { symbol: 'FTM', name: 'Fantom', decimals: 18, coingeckoIds: ['fantom'] },
  AVALANCHE: { symbol: 'AVAX', name: 'Avalanche', decimals: 18, coingeckoIds: ['avalanche-2'] },
  RONIN: { symbol: 'RON', name: 'Ronin', decimals: 18, coingeckoIds: ['ronin'] },
  BITCOIN: { symbol: 'BTC', name: 'Bitcoin', decimals: 8, coingeckoIds: ['bitcoin'] },
};
