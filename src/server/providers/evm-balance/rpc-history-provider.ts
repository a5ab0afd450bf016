/**
 * EvmHistoryProvider over plain JSON-RPC, for chains without an explorer (the local devnet chains): token
 * transfers from event logs, normal transactions by reading blocks. Internal transfers need call tracing,
 * which this path does not do: that kind yields nothing here.
 */
import type { PublicClient } from 'viem';
import type { EvmNetwork } from '../../../shared/enums';
import type { EvmHistoryProvider, EvmTransferPage, ListTransfersParams } from '../evm-history/types';
import { createChainDetails, type TokenMetadata } from './chain-details';
import { scanNativeTransfers } from './native-transfers';
import { createRpcPublicClient, type RpcClientOptions } from './rpc-client';
import { getLogsTransfers } from './transfer-logs';

export interface RpcHistoryEndpoint {
  rpcUrl: string;
  chainId: number;
}

export interface RpcHistoryProviderConfig {
  endpoints: Partial<Record<EvmNetwork, RpcHistoryEndpoint>>;
  /** Blocks per eth_getLogs request (default 2000). */
  logBlockRange?: bigint;
  /** Blocks per page of the block scan (default 100). */
  scanPageBlocks?: bigint;
  clientOptions?: RpcClientOptions;
  /** Ready clients per network (tests, or sharing the balance reader's client). */
  clients?: Partial<Record<EvmNetwork, PublicClient>>;
}

export function createRpcHistoryProvider(config: RpcHistoryProviderConfig): EvmHistoryProvider {
  const clients = new Map<EvmNetwork, PublicClient>();
  const tokenCaches = new Map<EvmNetwork, Map<string, Promise<TokenMetadata>>>();

  const clientFor = (network: EvmNetwork): PublicClient => {
    let client = clients.get(network) ?? config.clients?.[network];
    if (!client) {
      const endpoint = config.endpoints[network];
      if (!endpoint) throw new Error(`No JSON-RPC endpoint is configured for ${network}.`);
      client = createRpcPublicClient(endpoint, config.clientOptions);
    }
    clients.set(network, client);
    return client;
  };

  return {
    name: 'rpc',
    displayName: 'JSON-RPC node',
    supports: (network) => config.endpoints[network] !== undefined || config.clients?.[network] !== undefined,
    async *listTransfers(params: ListTransfersParams): AsyncGenerator<EvmTransferPage> {
      const client = clientFor(params.network);
      let tokens = tokenCaches.get(params.network);
      if (!tokens) {
        tokens = new Map();
        tokenCaches.set(params.network, tokens);
      }
      const details = createChainDetails(client, tokens);
      switch (params.kind) {
        case 'normal':
          yield* scanNativeTransfers(client, { ...params, pageBlocks: config.scanPageBlocks, details });
          return;
        case 'erc20':
        case 'erc721':
        case 'erc1155':
          yield* getLogsTransfers(client, { ...params, kinds: [params.kind], blockRange: config.logBlockRange, details });
          return;
        case 'internal':
          return;
      }
    },
  };
}
