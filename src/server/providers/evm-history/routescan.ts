/**
 * Routescan's Etherscan-compatible API, one host for many chains with the chain id in the path:
 * `https://api.routescan.io/v2/network/mainnet/evm/<chainId>/etherscan/api`. A key is optional.
 */
import { CHAIN_IDS, type EvmNetwork } from '../../../shared/enums';
import type { HttpClient, HttpLogger } from '../http/http-client';
import { createEtherscanCompatibleProvider } from './etherscan-compatible';
import { keyFingerprint } from './key-fingerprint';
import type { EvmHistoryProvider } from './types';

export const ROUTESCAN_URL = 'https://api.routescan.io';

/**
 * Networks of this product that Routescan indexes without a key: Avalanche C-Chain (43114), Ethereum (1) and
 * Fantom Opera (250). BNB Smart Chain (56) is not among them (Routescan answers "chain not supported").
 */
export const ROUTESCAN_NETWORKS: readonly EvmNetwork[] = ['AVALANCHE', 'ETHEREUM', 'FANTOM'];

export interface RoutescanOptions {
  /** Origin (and optional path prefix) in front of `/v2/network/…`. */
  baseUrl?: string;
  networks?: readonly EvmNetwork[];
  apiKey?: string;
  perSecond?: number;
  pageSize?: number;
  logger?: HttpLogger;
}

export function routescanEndpoint(baseUrl: string, network: EvmNetwork): string {
  return `${baseUrl.replace(/\/+$/, '')}/v2/network/mainnet/evm/${CHAIN_IDS[network]}/etherscan/api`;
}

export function createRoutescanProvider(options: RoutescanOptions, http: HttpClient): EvmHistoryProvider {
  const baseUrl = options.baseUrl ?? ROUTESCAN_URL;
  const networks = new Set(options.networks ?? ROUTESCAN_NETWORKS);
  return createEtherscanCompatibleProvider(
    {
      name: 'routescan',
      displayName: 'Routescan',
      endpointFor: (network) => (networks.has(network) ? routescanEndpoint(baseUrl, network) : undefined),
      queryFor: () => (options.apiKey ? { apikey: options.apiKey } : {}),
      rateLimit: { key: keyFingerprint(options.apiKey), perSecond: options.perSecond ?? 2 },
      ...(options.pageSize !== undefined ? { pageSize: options.pageSize } : {}),
      ...(options.logger ? { logger: options.logger } : {}),
    },
    http,
  );
}
