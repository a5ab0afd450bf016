/**
 * Everything a sync needs, injectable so tests point each source at a local chain or a fixture server:
 * history providers, balance readers, Esplora, exchange clients, prices, token knowledge, NFT metadata.
 * createSyncDeps builds them from the server configuration.
 */
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { CHAIN_IDS, type EvmNetwork, type Exchange } from '../../shared/enums';
import type { Config } from '../config/env';
import { loadEncryptionKey } from '../crypto/encryption-key';
import { createSecretBox, type SecretBox } from '../crypto/secret-box';
import type { Database } from '../db/database';
import type { Logger } from '../logging/logger';
import { createEsploraClient, MEMPOOL_SPACE_URL, type EsploraClient } from '../providers/bitcoin/esplora';
import { createRpcBalanceReader, createRpcHistoryProvider, type RpcBalanceReader } from '../providers/evm-balance';
import { createEvmHistoryProviders } from '../providers/evm-history/provider-for-network';
import type { EvmHistoryProvider } from '../providers/evm-history/types';
import { createExchangeClient, type ExchangeClient } from '../providers/exchanges';
import { createHttpClient, type HttpClient } from '../providers/http/http-client';
import { providerRateLimiterFor } from '../providers/http/provider-rate-limiter';
import { createAlchemyFloorPriceProvider } from '../providers/nft/alchemy-floor-price';
import { createNftMetadataReader, type NftMetadataReader } from '../providers/nft/nft-metadata';
import type { NftPriceProvider } from '../providers/nft/types';
import { createDefaultPriceService } from '../providers/prices/default-price-service';
import { createFrankfurterClient } from '../providers/prices/frankfurter';
import { createPriceService, type PriceService } from '../providers/prices/price-service';
import { createDevnetPriceProvider } from './devnet-prices';
import { createTokenCatalog, devnetTokens, type TokenCatalog } from './token-catalog';

export interface ExchangeCredentials {
  exchange: Exchange;
  apiKey: string;
  secret: string;
}

export interface SyncDeps {
  db: Database;
  logger: Logger;
  now: () => Date;
  /** Names this process in sync leases. */
  workerId: string;
  /** How long a sync may go without renewing its lease before another worker takes over. */
  leaseMs: number;
  /** Minutes between syncs of an account. */
  intervalMinutes: number;
  /** History sources for a network, preferred first (the rest stand in during outages). */
  evmHistory(network: EvmNetwork): readonly EvmHistoryProvider[];
  /** Balance reader for a network, or null: balances are then summed from the stored transactions. */
  evmBalances(network: EvmNetwork): RpcBalanceReader | null;
  esplora: EsploraClient | null;
  exchangeClient(credentials: ExchangeCredentials): ExchangeClient;
  /** Opens a sealed exchange key. */
  openSecret(sealed: string): string;
  /** Null: prices stay unknown (rows keep NULL prices until a price source is configured). */
  prices: PriceService | null;
  catalog: TokenCatalog;
  nftMetadata: NftMetadataReader | null;
  /** Collection floor prices; null or unset: NFTs are priced from what the wallet paid. */
  nftPrices?: NftPriceProvider | null;
  /** Explorer pages fetched ahead of the one being stored (default READ_AHEAD_PAGES; 1 stores each page alone). */
  readAheadPages?: number;
}

/** Public JSON-RPC nodes used when no RPC URL is configured for a network. */
export const PUBLIC_RPC_URLS: Record<EvmNetwork, string> = {
  ETHEREUM: 'https://ethereum-rpc.publicnode.com',
  POLYGON: 'https://polygon-bor-rpc.publicnode.com',
  FANTOM: 'https://fantom-rpc.publicnode.com',
  BINANCE_SMART_CHAIN: 'https://bsc-rpc.publicnode.com',
  RONIN: 'https://api.roninchain.com/rpc',
  AVALANCHE: 'https://avalanche-c-chain-rpc.publicnode.com',
};

export function newWorkerId(): string {
  return `${hostname()}:${String(process.pid)}:${randomBytes(4).toString('hex')}`;
}

export interface CreateSyncDepsOptions {
  db: Database;
  config: Config;
  logger: Logger;
  now?: () => Date;
  fetch?: typeof fetch;
  http?: HttpClient;
}

export function createSyncDeps(options: CreateSyncDepsOptions): SyncDeps {
  const { config, logger } = options;
  const chain = config.chain;
  // On PostgreSQL every process (API servers, workers) keeps to one budget per provider host and key, exchange
  // APIs included; on PGlite each client limits on its own.
  const sharedLimiter = providerRateLimiterFor({ db: options.db, config, logger });
  const http =
    options.http ??
    createHttpClient({ ...(options.fetch ? { fetch: options.fetch } : {}), logger, ...(sharedLimiter ? { rateLimiter: sharedLimiter } : {}) });
  const catalog = createTokenCatalog(undefined, chain.devnet ? devnetTokens() : []);

  const explorers = createEvmHistoryProviders(
    {
      ...(chain.etherscanApiKey ? { etherscanApiKey: chain.etherscanApiKey } : {}),
      ...(chain.blockscoutApiKey ? { blockscoutApiKey: chain.blockscoutApiKey } : {}),
      baseUrls: {
        ...(chain.etherscanBaseUrl ? { etherscan: chain.etherscanBaseUrl } : {}),
        ...(chain.routescanBaseUrl ? { routescan: chain.routescanBaseUrl } : {}),
        blockscout: chain.blockscoutUrls,
      },
      // The network's JSON-RPC node reads history itself where no explorer serves the network.
      rpc: { clientFor: (network) => evmBalances(network).client },
      logger,
    },
    http,
  );

  const rpcEndpoint = (network: EvmNetwork) =>
    chain.devnet?.[network] ?? { rpcUrl: chain.rpcUrls[network] ?? PUBLIC_RPC_URLS[network], chainId: CHAIN_IDS[network] };
  const readers = new Map<EvmNetwork, RpcBalanceReader>();
  const evmBalances = (network: EvmNetwork): RpcBalanceReader => {
    let reader = readers.get(network);
    if (!reader) {
      reader = createRpcBalanceReader(rpcEndpoint(network), { http });
      readers.set(network, reader);
    }
    return reader;
  };
  const devnetHistory = chain.devnet
    ? createRpcHistoryProvider({ endpoints: chain.devnet, clientOptions: { http } })
    : null;

  let box: SecretBox | undefined;
  const openSecret = (sealed: string): string => {
    box ??= createSecretBox(loadEncryptionKey({ ENCRYPTION_KEY: chain.encryptionKey }, config.dataDir));
    return box.open(sealed);
  };

  const fetchImpl = options.fetch;
  const now = options.now ?? (() => new Date());
  // The local chains' coins have no market: with DEVNET=1 and no price source configured, a fixed table.
  const useDevnetPrices = chain.devnet !== null && chain.defillamaBaseUrl === undefined && chain.coingeckoApiKey === undefined && chain.coingeckoBaseUrl === undefined;
  return {
    db: options.db,
    logger,
    now,
    workerId: newWorkerId(),
    leaseMs: chain.syncLeaseSeconds * 1000,
    intervalMinutes: chain.syncIntervalMinutes,
    evmHistory: (network) => (devnetHistory?.supports(network) ? [devnetHistory] : explorers.candidates(network)),
    evmBalances,
    esplora: createEsploraClient({ baseUrl: chain.esploraBaseUrl ?? MEMPOOL_SPACE_URL }, http),
    exchangeClient: (credentials) =>
      createExchangeClient(
        {
          exchange: credentials.exchange,
          apiKey: credentials.apiKey,
          secret: credentials.secret,
          ...(chain.exchangeBaseUrls[credentials.exchange] ? { urls: { base: chain.exchangeBaseUrls[credentials.exchange] as string } } : {}),
        },
        { now: () => now().getTime(), ...(fetchImpl ? { fetch: fetchImpl } : {}), ...(sharedLimiter ? { limiter: sharedLimiter } : {}) },
      ),
    openSecret,
    prices: useDevnetPrices
      ? createPriceService({
          providers: [createDevnetPriceProvider()],
          ecb: createFrankfurterClient(chain.frankfurterBaseUrl ? { baseUrl: chain.frankfurterBaseUrl } : {}, http),
        })
      : createDefaultPriceService(
          {
            ...(chain.defillamaBaseUrl ? { defillamaBaseUrl: chain.defillamaBaseUrl } : {}),
            ...(chain.coingeckoApiKey ? { coingeckoApiKey: chain.coingeckoApiKey } : {}),
            coingeckoPlan: chain.coingeckoPlan,
            ...(chain.coingeckoBaseUrl ? { coingeckoBaseUrl: chain.coingeckoBaseUrl } : {}),
            ...(chain.frankfurterBaseUrl ? { frankfurterBaseUrl: chain.frankfurterBaseUrl } : {}),
          },
          { http, coingeckoIdFor: (token) => catalog.coingeckoIdFor(token), logger },
        ),
    catalog,
    nftMetadata: createNftMetadataReader({
      http,
      clientFor: (network) => evmBalances(network).client,
      ...(chain.ipfsGateway ? { ipfsGateway: chain.ipfsGateway } : {}),
    }),
    nftPrices: chain.alchemyApiKey
      ? createAlchemyFloorPriceProvider({ http, apiKey: chain.alchemyApiKey, ...(chain.alchemyNftBaseUrl ? { baseUrl: chain.alchemyNftBaseUrl } : {}) })
      : null,
  };
}
