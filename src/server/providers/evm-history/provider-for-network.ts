/**
 * Chooses the EVM history source per network: Etherscan V2 when a key is configured and it serves
 * the network, otherwise Blockscout, then Routescan. The others stay available as fallbacks. Last comes
 * the network's JSON-RPC node, reading history itself where no explorer serves the network (BNB Smart
 * Chain without an Etherscan key that covers it) or every explorer refuses it.
 *
 * By default: Ethereum (Blockscout, Routescan), Polygon (Blockscout), Avalanche (Routescan), Fantom
 * (Routescan), Ronin (its Blockscout explorer), BNB Smart Chain (Etherscan with a paid key, else JSON-RPC).
 */
import type { PublicClient } from 'viem';
import { EVM_NETWORKS, type EvmNetwork } from '../../../shared/enums';
import { createRpcHistoryProvider } from '../evm-balance/rpc-history-provider';
import type { HttpClient, HttpLogger } from '../http/http-client';
import { createBlockscoutProvider } from './blockscout';
import { createEtherscanV2Provider, type EtherscanV2Options } from './etherscan-v2';
import { createRoutescanProvider } from './routescan';
import type { EvmHistoryProvider } from './types';

export interface EvmHistoryConfig {
  etherscanApiKey?: string;
  blockscoutApiKey?: string;
  routescanApiKey?: string;
  baseUrls?: {
    /** Etherscan V2 endpoint (default https://api.etherscan.io/v2/api). */
    etherscan?: string;
    /** Routescan origin (default https://api.routescan.io). */
    routescan?: string;
    /** Blockscout API endpoint per network, merged over the public instances. */
    blockscout?: Partial<Record<EvmNetwork, string>>;
  };
  /** Override which networks Etherscan V2 / Routescan are used for. */
  etherscanNetworks?: readonly EvmNetwork[];
  routescanNetworks?: readonly EvmNetwork[];
  /**
   * The JSON-RPC node of each network, read as the last resort (account-state scan, event logs, call
   * traces). Without it, a network no explorer serves has no history source.
   */
  rpc?: {
    clientFor: (network: EvmNetwork) => PublicClient;
    /** Networks with a node (default every EVM network). */
    networks?: readonly EvmNetwork[];
  };
  pageSize?: number;
  logger?: HttpLogger;
}

export interface EvmHistoryProviders {
  /** Every configured provider, in order of preference. */
  readonly all: readonly EvmHistoryProvider[];
  /** The preferred provider for a network, or null when none serves it. */
  forNetwork(network: EvmNetwork): EvmHistoryProvider | null;
  /**
   * Providers serving a network, preferred first (the rest are fallbacks during outages); the JSON-RPC
   * node, when configured, comes last as a last resort (see EvmHistoryProvider.lastResort).
   */
  candidates(network: EvmNetwork): EvmHistoryProvider[];
  /** Networks no configured provider serves. */
  unserved(): EvmNetwork[];
}

export function createEvmHistoryProviders(config: EvmHistoryConfig, http: HttpClient): EvmHistoryProviders {
  const common = {
    ...(config.pageSize !== undefined ? { pageSize: config.pageSize } : {}),
    ...(config.logger ? { logger: config.logger } : {}),
  };
  const all: EvmHistoryProvider[] = [];
  if (config.etherscanApiKey) {
    const options: EtherscanV2Options = { apiKey: config.etherscanApiKey, ...common };
    if (config.baseUrls?.etherscan) options.baseUrl = config.baseUrls.etherscan;
    if (config.etherscanNetworks) options.networks = config.etherscanNetworks;
    all.push(createEtherscanV2Provider(options, http));
  }
  all.push(
    createBlockscoutProvider(
      {
        ...common,
        ...(config.baseUrls?.blockscout ? { baseUrls: config.baseUrls.blockscout } : {}),
        ...(config.blockscoutApiKey ? { apiKey: config.blockscoutApiKey } : {}),
      },
      http,
    ),
  );
  all.push(
    createRoutescanProvider(
      {
        ...common,
        ...(config.baseUrls?.routescan ? { baseUrl: config.baseUrls.routescan } : {}),
        ...(config.routescanNetworks ? { networks: config.routescanNetworks } : {}),
        ...(config.routescanApiKey ? { apiKey: config.routescanApiKey } : {}),
      },
      http,
    ),
  );

  if (config.rpc) {
    all.push(
      createRpcHistoryProvider({
        clientFor: config.rpc.clientFor,
        ...(config.rpc.networks ? { networks: config.rpc.networks } : {}),
        scan: 'state',
        lastResort: true,
        ...(config.logger ? { logger: config.logger } : {}),
      }),
    );
  }

  const candidates = (network: EvmNetwork) => all.filter((provider) => provider.supports(network));
  return {
    all,
    candidates,
    forNetwork: (network) => candidates(network)[0] ?? null,
    unserved: () => EVM_NETWORKS.filter((network) => candidates(network).length === 0),
  };
}
