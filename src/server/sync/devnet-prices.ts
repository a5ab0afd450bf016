/**
 * Prices of the local devnet's coins (DEVNET=1 without a configured price source), so the local chains show
 * values with no network: a fixed table, the same now and at any past time.
 */
import { Big } from '../../shared/money';
import type { PriceProvider, TokenRef } from '../providers/prices/types';
import { tokenKey } from '../providers/prices/types';
import { devnetTokens } from './token-catalog';

/** USD per whole coin on the devnet. */
export const DEVNET_PRICES_USD: Readonly<Record<string, string>> = {
  'ETHEREUM:native': '2500',
  'POLYGON:native': '0.5',
  ...Object.fromEntries(devnetTokens().map((token) => [token.id, '1'])),
};

export function createDevnetPriceProvider(): PriceProvider {
  const priceOf = (token: TokenRef): Big | null => {
    const text = DEVNET_PRICES_USD[tokenKey(token)];
    return text === undefined ? null : new Big(text);
  };
  return {
    name: 'Devnet prices',
    currentPrices(tokens) {
      const result = new Map<string, Big>();
      for (const token of tokens) {
        const price = priceOf(token);
        if (price) result.set(tokenKey(token), price);
      }
      return Promise.resolve(result);
    },
    historicalPrice: (token) => Promise.resolve(priceOf(token)),
  };
}
