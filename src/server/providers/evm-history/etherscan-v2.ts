/**
 * Etherscan API V2: one endpoint and one key for every chain, the chain chosen by `chainid`.
 * https://docs.etherscan.io/etherscan-v2
 */
import { CHAIN_IDS, type EvmNetwork } from '../../../shared/enums';
import type { HttpClient, HttpLogger } from '../http/http-client';
import { createEtherscanCompatibleProvider } from './etherscan-compatible';
import { keyFingerprint } from './key-fingerprint';
import type { EvmHistoryProvider } from './types';

export const ETHERSCAN_V2_URL = 'https://api.etherscan.io/v2/api';

/** Networks of this product that Etherscan V2 lists (BSC and Avalanche need a paid plan). */
export const ETHERSCAN_V2_NETWORKS: readonly EvmNetwork[] = ['ETHEREUM', 'POLYGON', 'BINANCE_SMART_CHAIN', 'AVALANCHE'];

export interface EtherscanV2Options {
  apiKey: string;
  baseUrl?: string;
  networks?: readonly EvmNetwork[];
  /** Requests per second for the key (the free plan allows a few). */
  perSecond?: number;
  pageSize?: number;
  logger?: HttpLogger;
}

export function createEtherscanV2Provider(options: EtherscanV2Options, http: HttpClient): EvmHistoryProvider {
  if (!options.apiKey) throw new Error('Etherscan V2 needs an API key.');
  const baseUrl = options.baseUrl ?? ETHERSCAN_V2_URL;
  const networks = new Set(options.networks ?? ETHERSCAN_V2_NETWORKS);
  return createEtherscanCompatibleProvider(
    {
      name: 'etherscan',
      displayName: 'Etherscan',
      endpointFor: (network) => (networks.has(network) ? baseUrl : undefined),
      queryFor: (network) => ({ chainid: CHAIN_IDS[network], apikey: options.apiKey }),
      rateLimit: { key: keyFingerprint(options.apiKey), perSecond: options.perSecond ?? 4 },
      ...(options.pageSize !== undefined ? { pageSize: options.pageSize } : {}),
      ...(options.logger ? { logger: options.logger } : {}),
    },
    http,
  );
}
