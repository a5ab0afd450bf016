/** Price providers: current and historical token prices in US dollars. */
import type Big from 'big.js';
import type { Network } from '../../../shared/enums';

/** A token on a network: its contract address, or 'native' for the chain's own coin. */
export interface TokenRef {
  network: Network;
  address: `0x${string}` | 'native';
}

/** Map key of a token: "ETHEREUM:native", "POLYGON:0xc2132d05d31c914a87c6611c10748aeb04b58e8f". */
export type TokenKey = string;

export function tokenKey(token: TokenRef): TokenKey {
  return `${token.network}:${token.address.toLowerCase()}`;
}

/** Prices are asked in US dollars; conversion to the user's fiat is the price service's job. */
export type PriceFiat = 'USD';

export interface PriceProvider {
  /** Display name, e.g. "DefiLlama". */
  readonly name: string;
  /**
   * Current USD prices by `tokenKey`. Tokens the provider has no price for are absent from the map.
   * Throws `ProviderError` when the provider cannot be reached.
   */
  currentPrices(tokens: readonly TokenRef[], fiat: PriceFiat): Promise<Map<TokenKey, Big>>;
  /** USD price at (or close before) `at`; null when the provider has none. Throws `ProviderError` on outages. */
  historicalPrice(token: TokenRef, at: Date): Promise<Big | null>;
}
