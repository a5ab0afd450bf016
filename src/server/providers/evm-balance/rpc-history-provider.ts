/**
 * EvmHistoryProvider over plain JSON-RPC, for chains without an explorer. Token transfers come from event logs
 * (eth_getLogs over block ranges that widen while answers stay small and narrow when the node refuses them).
 * Normal transactions are found one of two ways:
 * - `blocks`: every block of the range is read (local chains such as the devnet, and short ranges);
 * - `state`: the account's nonce and balance are bisected over the range and only the blocks where they changed
 *   are read (public chains, where reading every block is out of the question). Where the node no longer keeps
 *   old states, the scan starts at the oldest state it keeps.
 * Internal transfers come from call traces where the node offers them (trace_filter, trace_block or
 * debug_traceBlockByNumber with callTracer, found out once per network); a node without tracing yields none.
 * With `state` only the active blocks are traced, so an internal transfer that was undone (inside a reverted
 * call) and left the balance as it was is not seen; it moved nothing.
 */
import type { PublicClient } from 'viem';
import { EVM_NETWORKS, NETWORK_LABELS, type EvmNetwork } from '../../../shared/enums';
import type { EvmHistoryProvider, EvmTransferPage, ListTransfersParams, RawEvmTransfer } from '../evm-history/types';
import type { HttpLogger } from '../http/http-client';
import { LruCache } from '../http/lru-cache';
import { createAccountStates, type AccountState } from './account-activity';
import { scanAccountActivity } from './activity-scan';
import { detectBlockTracer, type BlockTracer } from './block-tracer';
import { createChainDetails, type ChainDetails, type TokenMetadata } from './chain-details';
import { internalTransfersIn, traceInternalTransfers } from './internal-transfers';
import { scanNativeTransfers, transactionsOfBlock } from './native-transfers';
import { createRpcPublicClient, type RpcClientOptions } from './rpc-client';
import { getLogsTransfers } from './transfer-logs';

export interface RpcHistoryEndpoint {
  rpcUrl: string;
  chainId: number;
}

/** How normal transactions are found: reading every block, or following the account's state. */
export type RpcHistoryScan = 'blocks' | 'state';

export interface RpcHistoryProviderConfig {
  endpoints?: Partial<Record<EvmNetwork, RpcHistoryEndpoint>>;
  /** Ready clients per network (tests, or sharing the balance reader's client). */
  clients?: Partial<Record<EvmNetwork, PublicClient>>;
  /** A client for networks in neither `endpoints` nor `clients` (the balance readers' clients). */
  clientFor?: (network: EvmNetwork) => PublicClient;
  /** Networks `clientFor` serves (default every EVM network). */
  networks?: readonly EvmNetwork[];
  /** Default 'blocks'. */
  scan?: RpcHistoryScan;
  /** See EvmHistoryProvider.lastResort. */
  lastResort?: boolean;
  /** Blocks per eth_getLogs request to begin with (default 2000). */
  logBlockRange?: bigint;
  /** Widest eth_getLogs range to grow to (default: `logBlockRange` with 'blocks', 500,000 with 'state'). */
  maxLogBlockRange?: bigint;
  /** Blocks per page of the block scan and of range tracing (default 100). */
  scanPageBlocks?: bigint;
  /** With 'state': an empty page after this many blocks without one (default 100,000). */
  progressBlocks?: bigint;
  clientOptions?: RpcClientOptions;
  logger?: HttpLogger;
}

const STATE_MAX_LOG_RANGE = 500_000n;

export function createRpcHistoryProvider(config: RpcHistoryProviderConfig): EvmHistoryProvider {
  const scan = config.scan ?? 'blocks';
  const clients = new Map<EvmNetwork, PublicClient>();
  const tokenCaches = new Map<EvmNetwork, Map<string, Promise<TokenMetadata>>>();
  const tracers = new Map<EvmNetwork, Promise<BlockTracer | null>>();
  const warned = new Set<string>();
  const states = new LruCache<Promise<AccountState>>(20_000, Date.now);
  const viaClientFor = new Set(config.networks ?? EVM_NETWORKS);

  const supports = (network: EvmNetwork): boolean =>
    config.endpoints?.[network] !== undefined ||
    config.clients?.[network] !== undefined ||
    (config.clientFor !== undefined && viaClientFor.has(network));

  const clientOf = (network: EvmNetwork): PublicClient => {
    let client = clients.get(network) ?? config.clients?.[network];
    if (!client) {
      const endpoint = config.endpoints?.[network];
      if (endpoint) client = createRpcPublicClient(endpoint, config.clientOptions);
      else if (config.clientFor && viaClientFor.has(network)) client = config.clientFor(network);
      else throw new Error(`No JSON-RPC endpoint is configured for ${network}.`);
    }
    clients.set(network, client);
    return client;
  };

  const warnOnce = (key: string, message: string, meta: object): void => {
    if (warned.has(key)) return;
    warned.add(key);
    config.logger?.warn(message, meta);
  };

  const tracerOf = (network: EvmNetwork, client: PublicClient): Promise<BlockTracer | null> => {
    let tracer = tracers.get(network);
    if (!tracer) {
      tracer = detectBlockTracer(client, scan === 'blocks' ? 'ranges' : 'blocks');
      tracers.set(network, tracer);
      // A node that could not be reached is asked again next time.
      tracer.catch(() => tracers.delete(network));
    }
    return tracer;
  };

  const detailsOf = (network: EvmNetwork, client: PublicClient): ChainDetails => {
    let tokens = tokenCaches.get(network);
    if (!tokens) {
      tokens = new Map();
      tokenCaches.set(network, tokens);
    }
    return createChainDetails(client, tokens);
  };

  async function* internal(params: ListTransfersParams, client: PublicClient, details: ChainDetails): AsyncGenerator<EvmTransferPage> {
    const tracer = await tracerOf(params.network, client);
    if (!tracer) {
      warnOnce(`trace:${params.network}`, `The JSON-RPC node for ${NETWORK_LABELS[params.network]} offers no call tracing; internal transfers are not read`, {
        network: params.network,
      });
      return;
    }
    if (scan === 'blocks') {
      yield* traceInternalTransfers(client, tracer, { ...params, pageBlocks: config.scanPageBlocks, details });
      return;
    }
    yield* activity(params, client, (block) => internalTransfersIn(tracer, details, block, block, params.address));
  }

  function activity(params: ListTransfersParams, client: PublicClient, read: (block: bigint) => Promise<RawEvmTransfer[]>) {
    return scanAccountActivity(client, {
      fromBlock: params.fromBlock,
      ...(params.toBlock !== undefined ? { toBlock: params.toBlock } : {}),
      states: createAccountStates(client, params.address, { store: states, prefix: params.network }),
      read,
      ...(config.progressBlocks !== undefined ? { progressBlocks: config.progressBlocks } : {}),
      onStatesPruned: (oldest) =>
        warnOnce(`pruned:${params.network}:${params.address}`, `The JSON-RPC node for ${NETWORK_LABELS[params.network]} keeps no account states before block ${oldest.toString()}; earlier native transactions are not read`, {
          network: params.network,
          block: oldest.toString(),
        }),
    });
  }

  return {
    name: 'rpc',
    displayName: 'JSON-RPC node',
    ...(config.lastResort ? { lastResort: true } : {}),
    supports,
    async *listTransfers(params: ListTransfersParams): AsyncGenerator<EvmTransferPage> {
      const client = clientOf(params.network);
      const details = detailsOf(params.network, client);
      switch (params.kind) {
        case 'normal':
          if (scan === 'blocks') {
            yield* scanNativeTransfers(client, { ...params, pageBlocks: config.scanPageBlocks, details });
          } else {
            const who = params.address.toLowerCase();
            yield* activity(params, client, (block) => transactionsOfBlock(client, block, who, details));
          }
          return;
        case 'erc20':
        case 'erc721':
        case 'erc1155':
          yield* getLogsTransfers(client, {
            ...params,
            kinds: [params.kind],
            blockRange: config.logBlockRange,
            ...(scan === 'state'
              ? { maxBlockRange: config.maxLogBlockRange ?? STATE_MAX_LOG_RANGE, progressBlocks: config.progressBlocks ?? 100_000n }
              : config.maxLogBlockRange !== undefined
                ? { maxBlockRange: config.maxLogBlockRange }
                : {}),
            details,
          });
          return;
        case 'internal':
          yield* internal(params, client, details);
          return;
      }
    },
  };
}
