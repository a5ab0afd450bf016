/**
 * A Binance account on the fixture exchange for the exchange sync tests: its keys, the check that a request is
 * signed with them, the account row (keys sealed as the product seals them) and sync dependencies that read the
 * fixture server for the exchange and prices.
 */
import { randomBytes } from 'node:crypto';
import { loadConfig } from '../../../src/server/config/env';
import { createSecretBox } from '../../../src/server/crypto/secret-box';
import type { Database } from '../../../src/server/db/database';
import { centralisedExchanges } from '../../../src/server/db/schema';
import { createLogger } from '../../../src/server/logging/logger';
import { createExchangeClient } from '../../../src/server/providers/exchanges';
import { createHttpClient } from '../../../src/server/providers/http/http-client';
import type { RateLimiter } from '../../../src/server/providers/http/rate-limiter';
import { createSyncDeps, type SyncDeps } from '../../../src/server/sync/sync-deps';
import type { FixtureRequest, RouteAnswer } from '../../fixtures/provider-server';
import { loopbackFetch } from './loopback-fetch';

export const BINANCE_API_KEY = 'read-only-key-0123456789abcdef';
const SECRET = 'secret-abcdef0123456789';
const box = createSecretBox(randomBytes(32));

/** Answers `answer` to a request signed with the account's key, Binance's invalid-key error otherwise. */
export const signed =
  (answer: RouteAnswer) =>
  (req: FixtureRequest): RouteAnswer =>
    req.headers['x-mbx-apikey'] === BINANCE_API_KEY && req.query.get('signature') ? answer : 'binance/error-invalid-key.json';

/** Stores a Binance account of `userId` with `apiKey` (the account's own key unless a test wants another). */
export async function addBinanceAccount(db: Database, userId: string, apiKey = BINANCE_API_KEY): Promise<string> {
  const [row] = await db
    .insert(centralisedExchanges)
    .values({ userId, exchange: 'BINANCE', apiKeySealed: box.seal(apiKey), secretKeySealed: box.seal(SECRET), apiKeyHint: 'read…cdef' })
    .returning({ id: centralisedExchanges.id });
  if (!row) throw new Error('insert failed');
  return row.id;
}

export interface BinanceSyncOptions {
  db: Database;
  /** The fixture server: Binance at its root, DefiLlama under /llama, CoinGecko under /cg, Frankfurter under /fx. */
  serverUrl: string;
  now: () => Date;
  /** The limiter exchange requests wait on, and its clock. */
  limiter: RateLimiter;
  limiterNow?: () => number;
}

/** Sync dependencies reading the fixture server, with keys opened by the account's secret box. */
export function binanceSyncDeps(options: BinanceSyncOptions): SyncDeps {
  const config = loadConfig({
    SECRET_KEY: 'sync-exchange-secret-key-0123456789abcdef',
    DATA_DIR: '/nonexistent-test-data-dir',
    BINANCE_BASE_URL: options.serverUrl,
    DEFILLAMA_BASE_URL: `${options.serverUrl}/llama`,
    COINGECKO_BASE_URL: `${options.serverUrl}/cg`,
    FRANKFURTER_BASE_URL: `${options.serverUrl}/fx`,
  });
  const logger = createLogger('silent');
  const base = createSyncDeps({
    db: options.db,
    config,
    logger,
    now: options.now,
    fetch: loopbackFetch,
    http: createHttpClient({ fetch: loopbackFetch, sleep: () => Promise.resolve(), logger }),
  });
  return {
    ...base,
    openSecret: (sealed) => box.open(sealed),
    exchangeClient: (credentials) =>
      createExchangeClient(
        { ...credentials, urls: { base: options.serverUrl } },
        {
          now: () => options.now().getTime(),
          fetch: loopbackFetch,
          limiter: options.limiter,
          ...(options.limiterNow ? { limiterNow: options.limiterNow } : {}),
        },
      ),
  };
}
