/**
 * The fungible assets of the demo wallets: tokens from the committed token registry (so symbols, names,
 * decimals and logos are the real ones) and the trend of each synthetic price series.
 */
import type { Network } from '../../shared/enums';
import { createTokenRegistry, type TokenInfo, type TokenRegistry } from '../providers/tokens/token-registry';
import type { MarketSeriesSpec } from './demo-market';

export type DemoAssetSymbol = 'ETH' | 'USDC' | 'USDT' | 'DAI' | 'LINK' | 'UNI' | 'WBTC' | 'BTC';

export interface DemoAsset {
  symbol: DemoAssetSymbol;
  token: TokenInfo;
  /** How its price series is made: its own trend, or tracking another asset's series. */
  market: { kind: 'trend'; spec: MarketSeriesSpec } | { kind: 'tracks'; symbol: DemoAssetSymbol; spreadBp: number };
}

interface AssetDefinition {
  symbol: DemoAssetSymbol;
  network: Network;
  /** Contract address in the token list, or 'native'. */
  address: string;
  market: DemoAsset['market'];
}

const stable: MarketSeriesSpec = { waypoints: ['1', '1'], dailyVolatilityBp: 6, reversionBp: 3500 };

const DEFINITIONS: readonly AssetDefinition[] = [
  {
    symbol: 'ETH',
    network: 'ETHEREUM',
    address: 'native',
    market: {
      kind: 'trend',
      spec: {
        waypoints: ['1650', '1860', '1570', '2320', '3680', '3010', '2480', '3360'],
        dailyVolatilityBp: 330,
        reversionBp: 450,
      },
    },
  },
  { symbol: 'USDC', network: 'ETHEREUM', address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', market: { kind: 'trend', spec: stable } },
  { symbol: 'USDT', network: 'ETHEREUM', address: '0xdAC17F958D2ee523a2206206994597C13D831ec7', market: { kind: 'trend', spec: stable } },
  { symbol: 'DAI', network: 'ETHEREUM', address: '0x6B175474E89094C44Da98b954EedeAC495271d0F', market: { kind: 'trend', spec: stable } },
  {
    symbol: 'LINK',
    network: 'ETHEREUM',
    address: '0x514910771AF9Ca656af840dff83E8264EcF986CA',
    market: {
      kind: 'trend',
      spec: { waypoints: ['6.2', '7.4', '5.9', '14.6', '18.1', '13.2', '11.1', '15.4'], dailyVolatilityBp: 430, reversionBp: 500 },
    },
  },
  {
    symbol: 'UNI',
    network: 'ETHEREUM',
    address: '0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984',
    market: {
      kind: 'trend',
      spec: { waypoints: ['4.8', '5.6', '4.3', '6.6', '11.2', '7.6', '6.9', '9.3'], dailyVolatilityBp: 450, reversionBp: 500 },
    },
  },
  { symbol: 'WBTC', network: 'ETHEREUM', address: '0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599', market: { kind: 'tracks', symbol: 'BTC', spreadBp: 15 } },
  {
    symbol: 'BTC',
    network: 'BITCOIN',
    address: 'native',
    market: {
      kind: 'trend',
      spec: {
        waypoints: ['27100', '29600', '26200', '42300', '68400', '61200', '57900', '71300'],
        dailyVolatilityBp: 260,
        reversionBp: 450,
      },
    },
  },
];

/** The demo assets, resolved against the token registry (throws if a listed token went missing). */
export function demoAssets(registry: TokenRegistry = createTokenRegistry()): Map<DemoAssetSymbol, DemoAsset> {
  const assets = new Map<DemoAssetSymbol, DemoAsset>();
  for (const definition of DEFINITIONS) {
    const token =
      definition.address === 'native' ? registry.native(definition.network) : registry.get(definition.network, definition.address);
    if (token === undefined || token.symbol !== definition.symbol) {
      throw new Error(`Demo asset ${definition.symbol} is not in the ${definition.network} token list.`);
    }
    assets.set(definition.symbol, { symbol: definition.symbol, token, market: definition.market });
  }
  return assets;
}

/** Prefix of every demo price key: no real token id starts with it. */
export const DEMO_PRICE_KEY_PREFIX = 'demo:';

/** Key of a demo price series in price_history: kept apart from real quotes so they never mix. */
export const demoPriceKey = (token: Pick<TokenInfo, 'id'>): string => `${DEMO_PRICE_KEY_PREFIX}${token.id}`;
