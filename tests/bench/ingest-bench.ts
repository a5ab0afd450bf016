/**
 * Sync ingestion rate: a wallet's synthetic explorer history (synthetic-history.ts: native transfers, ERC-20
 * transfers of listed tokens and swaps) is served over HTTP by a local Etherscan API V2 stand-in on 127.0.0.1
 * (explorer-fixture.ts, every page rendered before the clock starts) and the wallet is synced the way a worker
 * syncs it: `syncWallet` with the Etherscan V2 provider (pages of 1,000, restarting after the 10,000-row result
 * window), the provider HTTP client (fetch, JSON, envelope and row validation), rows built, classified and inserted
 * page by page with the cursor, then the balances summed from the stored rows and the wallet marked synchronized.
 *
 * Left out, on purpose: the provider's request pacing (Etherscan's key allows a few requests a second; that is the
 * remote quota, not this engine, so the client is given a limiter that never waits), prices and JSON-RPC balance
 * reads (no price source, balances from the rows).
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/database';
import { transactions, users, wallets } from '../../src/server/db/schema';
import { loadConfig } from '../../src/server/config/env';
import type { Logger } from '../../src/server/logging/logger';
import { DEFAULT_PAGE_SIZE, DEFAULT_RESULT_WINDOW } from '../../src/server/providers/evm-history/etherscan-compatible';
import { createHttpClient } from '../../src/server/providers/http/http-client';
import type { RateLimiter } from '../../src/server/providers/http/rate-limiter';
import type { EvmHistoryProvider, EvmTransferPage } from '../../src/server/providers/evm-history/types';
import { createSyncDeps } from '../../src/server/sync/sync-deps';
import { syncWallet } from '../../src/server/sync/wallet-sync';
import { startExplorerFixture, type ExplorerFixtureStats } from './explorer-fixture';
import { syntheticHistory } from './synthetic-history';

export const INGEST_BUDGET_PER_SECOND = 10_000;

export interface IngestFigures {
  rows: number;
  /** The whole sync, from the first request to the wallet marked synchronized. */
  seconds: number;
  perSecond: number;
  /** From the start until the last page was committed (the rest: balances and the wallet's summary). */
  historySeconds: number;
  /** Of that, waiting for the provider's pages: HTTP, JSON, envelope and row validation, mapping to transfers. */
  readingSeconds: number;
  explorer: ExplorerFixtureStats;
}

/** The bench's outgoing HTTP: the loopback fixture only. */
const loopbackOnly: typeof fetch = (input, init) => {
  const url = new URL(input instanceof Request ? input.url : input.toString());
  if (url.hostname !== '127.0.0.1') return Promise.reject(new Error(`The ingestion bench reaches no ${url.origin}.`));
  return fetch(input, init);
};

/** Request pacing off (see the module comment); everything else of the HTTP client as in production. */
const unpaced: RateLimiter = {
  acquire: () => Promise.resolve(),
  holdUntil: () => undefined,
};

/** The provider's pages as they are, the time spent waiting for each added to `waited.ms`. */
async function* timedPages(pages: AsyncIterable<EvmTransferPage>, waited: { ms: number }): AsyncGenerator<EvmTransferPage> {
  const iterator = pages[Symbol.asyncIterator]();
  for (;;) {
    const started = performance.now();
    const next = await iterator.next();
    waited.ms += performance.now() - started;
    if (next.done === true) return;
    yield next.value;
  }
}

const timedProvider = (provider: EvmHistoryProvider, waited: { ms: number }): EvmHistoryProvider => ({
  ...provider,
  listTransfers: (params) => timedPages(provider.listTransfers(params), waited),
});

export async function measureIngestion(db: Database, options: { logger: Logger; transfers: number }): Promise<IngestFigures> {
  const now = new Date();
  const address = `0x${randomBytes(20).toString('hex')}`;
  const [user] = await db
    .insert(users)
    .values({ authKey: `wallet:${address}`, address, type: 'METAMASK', fullAccess: true, createdAt: now, updatedAt: now })
    .returning({ id: users.id });
  if (user === undefined) throw new Error('No ingestion user.');
  const [wallet] = await db
    .insert(wallets)
    .values({ userId: user.id, name: 'Ingestion', address, network: 'ETHEREUM', createdAt: now })
    .returning({ id: wallets.id });
  if (wallet === undefined) throw new Error('No ingestion wallet.');
  // Unlimited plan: every transfer is stored.
  await db.execute(sql`insert into subscriptions (user_id, plan_code) values (${user.id}, 'ENTERPRISE')`);

  const history = syntheticHistory(address, options.transfers, now);
  const explorer = await startExplorerFixture({
    address,
    lists: { txlist: history.txlist, tokentx: history.tokentx },
    pageSize: DEFAULT_PAGE_SIZE,
    resultWindow: DEFAULT_RESULT_WINDOW,
  });
  try {
    const config = loadConfig({
      SECRET_KEY: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'error',
      DATA_DIR: '/nonexistent-bench-data-dir',
      ETHERSCAN_API_KEY: 'bench-key',
      ETHERSCAN_BASE_URL: explorer.url,
    });
    const http = createHttpClient({ fetch: loopbackOnly, logger: options.logger, rateLimiter: unpaced });
    const base = createSyncDeps({ db, config, logger: options.logger, http });
    const reading = { ms: 0 };
    const deps = {
      ...base,
      evmHistory: (network: Parameters<typeof base.evmHistory>[0]) => base.evmHistory(network).map((provider) => timedProvider(provider, reading)),
      evmBalances: () => null,
      prices: null,
      nftMetadata: null,
    };

    let lastPageAt = Number.NaN;
    const started = performance.now();
    const outcome = await syncWallet(deps, wallet.id, { onPageStored: () => (lastPageAt = performance.now()) });
    const seconds = (performance.now() - started) / 1000;
    if (outcome !== 'synced') throw new Error(`The ingestion sync ended ${outcome}.`);

    const [stored] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(transactions)
      .where(eq(transactions.walletId, wallet.id));
    const rows = stored?.n ?? 0;
    if (rows !== options.transfers) throw new Error(`Ingestion stored ${String(rows)} rows of ${String(options.transfers)}.`);
    return { rows, seconds, perSecond: rows / seconds, historySeconds: (lastPageAt - started) / 1000, readingSeconds: reading.ms / 1000, explorer: explorer.stats() };
  } finally {
    await explorer.close();
  }
}
