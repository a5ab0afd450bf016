/**
 * Blockscout's Etherscan-compatible RPC API (`https://<instance>/api?module=account&…`), one
 * instance per network; an API key is optional and only raises the rate limit.
 * https://docs.blockscout.com/devs/apis/rpc/account
 */
import type { EvmNetwork } from '../../../shared/enums';
import type { HttpClient, HttpLogger } from '../http/http-client';
import { createEtherscanCompatibleProvider } from './etherscan-compatible';
import { keyFingerprint } from './key-fingerprint';
import type { EvmHistoryProvider } from './types';

/**
 * Public Blockscout instances for networks of this product. The Ronin explorer (explorer.roninchain.com) runs
 * Blockscout, so its Etherscan-compatible RPC API answers at /api like the others.
 */
export const BLOCKSCOUT_URLS: Partial<Record<EvmNetwork, string>> = {
  ETHEREUM: 'https://eth.blockscout.com/api',
  POLYGON: 'https://polygon.blockscout.com/api',
  RONIN: 'https://explorer.roninchain.com/api',
};

export interface BlockscoutOptions {
  /** Per-network API endpoints, merged over BLOCKSCOUT_URLS. */
  baseUrls?: Partial<Record<EvmNetwork, string>>;
  apiKey?: string;
  perSecond?: number;
  pageSize?: number;
  logger?: HttpLogger;
}

export function createBlockscoutProvider(options: BlockscoutOptions, http: HttpClient): EvmHistoryProvider {
  const urls: Partial<Record<EvmNetwork, string>> = { ...BLOCKSCOUT_URLS, ...options.baseUrls };
  return createEtherscanCompatibleProvider(
    {
      name: 'blockscout',
      displayName: 'Blockscout',
      endpointFor: (network) => urls[network],
      queryFor: () => (options.apiKey ? { apikey: options.apiKey } : {}),
      rateLimit: { key: keyFingerprint(options.apiKey), perSecond: options.perSecond ?? 5 },
      ...(options.pageSize !== undefined ? { pageSize: options.pageSize } : {}),
      ...(options.logger ? { logger: options.logger } : {}),
    },
    http,
  );
}
