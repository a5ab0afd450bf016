/**
 * A real `npm run worker` process killed with SIGKILL in the middle of a wallet's sync (no clean-up: its lease
 * and its pg-boss job stay behind), then a second worker started: once the dead worker's lease lapses
 * (SYNC_LEASE_SECONDS) the second one resumes from the committed cursor and ends with exactly the rows of an
 * uninterrupted sync of the same history: no duplicates, no gaps, cursors at the end.
 *
 * The history comes from an Etherscan-compatible explorer on a local fixture server: 4,400 normal transactions
 * (three per block, so pages end inside a block) in five pages of 1,000, and one page of token transfers. The
 * server holds back the first worker's request for the third page, so the kill lands at a known point: two
 * pages committed, the third fetched but never answered. PostgreSQL only (the worker process needs it).
 */
import { hostname } from 'node:os';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { subscriptions, syncCursors, transactions, wallets } from '../../src/server/db/schema';
import { loadConfig } from '../../src/server/config/env';
import { createLogger } from '../../src/server/logging/logger';
import { createHttpClient } from '../../src/server/providers/http/http-client';
import { createSyncDeps } from '../../src/server/sync/sync-deps';
import { syncWallet } from '../../src/server/sync/wallet-sync';
import { byQuery, startProviderServer, type Fixture, type FixtureRequest, type ProviderServer, type RouteHandler } from '../fixtures/provider-server';
import { availableDrivers } from './helpers/drivers';
import { BLOCKED_MARKER } from './helpers/loopback-only-preload';
import { loopbackFetch } from './helpers/loopback-fetch';
import { openTestDatabase, type TestDatabase } from './helpers/test-database';
import { startWorker, type WorkerProcess } from './helpers/worker-process';
import { addUser, addWallet, walletBalances, walletRows } from './sync-support';

const PRELOAD = fileURLToPath(new URL('./helpers/loopback-only-preload.ts', import.meta.url));

const WALLET = '0x5a0b54d5dc17e0aadc383d2db43b0a0d3e029c4c';
const OTHER = '0x8ba1f109551bd432803012645ac136ddd64dba72';
const USDT = '0xdac17f958d2ee523a2206206994597c13d831ec7';
/** Rows per explorer page the sync asks for (its `offset`). */
const PAGE_SIZE = 1000;
const NORMAL_COUNT = 4_400;
const PER_BLOCK = 3;
const FIRST_BLOCK = 18_000_000;
const TOKEN_COUNT = 40;
/** The first worker's request for this txlist page is held until the worker is dead. */
const HELD_PAGE = 3;
/** Long enough that the second worker is up before the dead worker's lease lapses: it then resumes through the
 * due-work scan every worker runs once its own lease length after starting. */
const LEASE_SECONDS = 8;

const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;

interface ExplorerRow {
  blockNumber: string;
  [field: string]: string;
}

/** Normal transaction i: in block FIRST_BLOCK + i / 3, alternately received and sent. */
function normalRow(i: number): ExplorerRow {
  const block = FIRST_BLOCK + Math.floor(i / PER_BLOCK);
  const incoming = i % 2 === 0;
  return {
    blockNumber: String(block),
    timeStamp: String(1_700_000_000 + (block - FIRST_BLOCK) * 12),
    hash: hash(0x100000 + i),
    nonce: String(i),
    blockHash: hash(block),
    transactionIndex: String(i % PER_BLOCK),
    from: incoming ? OTHER : WALLET,
    to: incoming ? WALLET : OTHER,
    value: (BigInt(i + 1) * 10n ** 12n).toString(),
    gas: '21000',
    gasPrice: (20_000_000_000n + BigInt(i)).toString(),
    isError: '0',
    txreceipt_status: '1',
    input: '0x',
    contractAddress: '',
    cumulativeGasUsed: '21000',
    gasUsed: '21000',
    confirmations: '100',
    methodId: '0x',
    functionName: '',
  };
}

/** Token transfer j: USDT received, in every 100th block of the same range. */
function tokenRow(j: number): ExplorerRow {
  const block = FIRST_BLOCK + j * 100 + 1;
  return {
    blockNumber: String(block),
    timeStamp: String(1_700_000_000 + (block - FIRST_BLOCK) * 12),
    hash: hash(0x900000 + j),
    nonce: String(j),
    blockHash: hash(block),
    from: OTHER,
    contractAddress: USDT,
    to: WALLET,
    value: (BigInt(j + 1) * 1_000_000n).toString(),
    tokenName: 'Tether USD',
    tokenSymbol: 'USDT',
    tokenDecimal: '6',
    transactionIndex: '7',
    logIndex: String(j % 5),
    gas: '60000',
    gasPrice: '20000000000',
    gasUsed: '50000',
    cumulativeGasUsed: '900000',
    input: 'deprecated',
    confirmations: '100',
  };
}

const NORMAL_ROWS = Array.from({ length: NORMAL_COUNT }, (_, i) => normalRow(i));
const TOKEN_ROWS = Array.from({ length: TOKEN_COUNT }, (_, j) => tokenRow(j));
const lastBlockOf = (rows: readonly ExplorerRow[]) => BigInt((rows.at(-1) as ExplorerRow).blockNumber);

const NO_TRANSACTIONS: Fixture = { source: 'synthetic', note: 'Etherscan reply for an empty list.', body: { status: '0', message: 'No transactions found', result: [] } };

/** Answers like an Etherscan-compatible explorer over a block-sorted list: startblock, endblock, page, offset. */
function explorerList(rows: readonly ExplorerRow[]) {
  return (req: FixtureRequest): Fixture => {
    const start = BigInt(req.query.get('startblock') ?? '0');
    const endText = req.query.get('endblock');
    const end = endText === null || endText === '' ? null : BigInt(endText);
    const page = Number(req.query.get('page') ?? '1');
    const offset = Number(req.query.get('offset') ?? '10000');
    const matching = rows.filter((row) => {
      const block = BigInt(row.blockNumber);
      return block >= start && (end === null || block <= end);
    });
    const slice = matching.slice((page - 1) * offset, page * offset);
    if (slice.length === 0) return NO_TRANSACTIONS;
    return { source: 'synthetic', note: 'Generated page of an Etherscan-compatible list.', body: { status: '1', message: 'OK', result: slice } };
  };
}

/** Holds back the first worker's request for HELD_PAGE (from block 0) until released. */
class PageGate {
  armed = false;
  arrived = false;
  private releaseResolve: () => void = () => undefined;
  private readonly released = new Promise<void>((resolve) => (this.releaseResolve = resolve));

  async pass(req: FixtureRequest): Promise<void> {
    if (!this.armed || req.query.get('page') !== String(HELD_PAGE) || req.query.get('startblock') !== '0') return;
    this.arrived = true;
    await this.released;
  }

  release(): void {
    this.releaseResolve();
  }
}

let gate = new PageGate();
const listNormal = explorerList(NORMAL_ROWS);
/** Every txlist request: where it starts and when it came. */
const txlistRequests: { startblock: string; page: string; at: number }[] = [];

const explorer: Record<string, RouteHandler> = {
  txlist: async (req) => {
    txlistRequests.push({ startblock: req.query.get('startblock') ?? '', page: req.query.get('page') ?? '', at: Date.now() });
    await gate.pass(req);
    return listNormal(req);
  },
  txlistinternal: NO_TRANSACTIONS,
  tokentx: explorerList(TOKEN_ROWS),
  tokennfttx: NO_TRANSACTIONS,
  token1155tx: NO_TRANSACTIONS,
};

const NATIVE_BALANCE = 123_456_789_000_000_000n;
const USDT_BALANCE = 820_000_000n;
const CHAIN_HEAD = 18_100_000n;
const hex = (value: bigint) => `0x${value.toString(16)}`;

/** The JSON-RPC node balances are read from: no Multicall3, so plain eth_getBalance and balanceOf calls. */
function jsonRpc(req: FixtureRequest): Fixture {
  const call = req.body as { id: number; method: string };
  const results: Record<string, unknown> = {
    eth_chainId: '0x1',
    eth_blockNumber: hex(CHAIN_HEAD),
    eth_getCode: '0x',
    eth_getBalance: hex(NATIVE_BALANCE),
    eth_call: `0x${USDT_BALANCE.toString(16).padStart(64, '0')}`,
  };
  const body =
    call.method in results
      ? { jsonrpc: '2.0', id: call.id, result: results[call.method] }
      : { jsonrpc: '2.0', id: call.id, error: { code: -32601, message: `the method ${call.method} does not exist` } };
  return { source: 'synthetic', note: 'JSON-RPC answer of a node without Multicall3.', body };
}

let server: ProviderServer;

/** The environment of both worker processes (and of the reference sync): every source on the fixture server. */
function workerEnv(databaseUrl: string): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    DATA_DIR: '/nonexistent-worker-kill-data-dir',
    SECRET_KEY: 'worker-kill-test-secret-key-0123456789abcdef',
    LOG_LEVEL: 'info',
    WORKER_CONCURRENCY: '1',
    SYNC_LEASE_SECONDS: String(LEASE_SECONDS),
    ETHERSCAN_API_KEY: 'test-key',
    ETHERSCAN_BASE_URL: `${server.url}/v2/api`,
    BLOCKSCOUT_URLS: `ETHEREUM=${server.url}/blockscout/api`,
    ROUTESCAN_BASE_URL: `${server.url}/routescan`,
    ESPLORA_BASE_URL: `${server.url}/esplora`,
    ETHEREUM_RPC_URL: `${server.url}/rpc`,
    DEFILLAMA_BASE_URL: `${server.url}/llama`,
    COINGECKO_BASE_URL: `${server.url}/cg`,
    FRANKFURTER_BASE_URL: `${server.url}/fx`,
    IPFS_GATEWAY: `${server.url}/ipfs`,
  };
}

/** Polls `check` every 100 ms until it returns true; fails with the worker's output on timeout or exit. */
async function waitFor(what: string, worker: WorkerProcess, timeoutMs: number, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (!worker.alive()) throw new Error(`The worker exited while waiting for ${what}:\n${worker.output()}`);
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}:\n${worker.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  server = await startProviderServer({
    'GET /v2/api': byQuery('action', explorer),
    'POST /rpc': jsonRpc,
    'GET /llama/prices/current/:coins': 'defillama/prices-current.json',
    'GET /llama/prices/historical/:timestamp/:coins': 'defillama/prices-empty.json',
    'GET /cg/simple/price': { source: 'synthetic', note: 'CoinGecko knows none of the asked coins.', body: {} },
    'GET /cg/simple/token_price/:platform': 'coingecko/simple-token-price-empty.json',
    'GET /cg/coins/:id/history': 'coingecko/coins-history-without-market-data.json',
    'GET /fx/:day': (req) =>
      req.params.day === 'latest'
        ? 'frankfurter/latest-usd.json'
        : { source: 'synthetic', note: 'A Frankfurter fixing for the asked day, in the documented shape.', body: { amount: 1, base: 'USD', date: req.params.day, rates: { EUR: 0.9 } } },
  });
});

afterAll(async () => {
  gate.release();
  await server?.close();
});

describe.skipIf(!availableDrivers().includes('postgres'))('a worker process killed mid-sync, on PostgreSQL', () => {
  let database: TestDatabase;
  const workers: WorkerProcess[] = [];

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
  });
  afterAll(async () => {
    for (const worker of workers) if (worker.alive()) worker.kill('SIGKILL');
    await Promise.all(workers.map((worker) => worker.exited));
    await database?.close();
  });

  const cursorOf = async (walletId: string, kind: string) => {
    const [row] = await database.db
      .select()
      .from(syncCursors)
      .where(and(eq(syncCursors.walletId, walletId), eq(syncCursors.kind, kind)));
    return row;
  };
  /** A wallet of a user on the plan without a transaction limit (plans are upserted at each process start). */
  const unlimitedWallet = async (label: string) => {
    const userId = await addUser(database.db, label);
    await database.db.insert(subscriptions).values({ userId, planCode: 'ENTERPRISE' });
    return addWallet(database.db, userId, 'ETHEREUM', WALLET);
  };
  const rowCount = async (walletId: string) => {
    const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(transactions).where(eq(transactions.walletId, walletId));
    return row?.n ?? 0;
  };

  it('SIGKILL after two committed pages, a second worker resumes: the rows of an uninterrupted sync, once each', async () => {
    const env = workerEnv(database.url as string);

    // The reference: the same history synced in one uninterrupted run, through the same configuration.
    const reference = await unlimitedWallet('reference');
    const logger = createLogger('silent');
    const referenceDeps = createSyncDeps({
      db: database.db,
      config: loadConfig(env),
      logger,
      http: createHttpClient({ fetch: loopbackFetch, sleep: () => Promise.resolve(), logger }),
    });
    expect(await syncWallet(referenceDeps, reference)).toBe('synced');
    const expected = await walletRows(database.db, reference);
    expect(expected).toHaveLength(NORMAL_COUNT + TOKEN_COUNT);
    expect(new Set(expected.map((row) => row.txHash))).toEqual(new Set([...NORMAL_ROWS, ...TOKEN_ROWS].map((row) => row.hash)));

    // The wallet the workers sync (the reference one is not due: it was synced a moment ago).
    gate = new PageGate();
    gate.armed = true;
    const walletId = await unlimitedWallet('killed');
    const first = startWorker(env, [PRELOAD]);
    workers.push(first);
    await waitFor(`the request for page ${String(HELD_PAGE)}`, first, 90_000, () => Promise.resolve(gate.arrived));

    // Two pages committed: each hands on the blocks before its last one, whose rows wait for the next page.
    const heldBack = BigInt((NORMAL_ROWS[(HELD_PAGE - 1) * PAGE_SIZE - 1] as ExplorerRow).blockNumber);
    const committed = NORMAL_ROWS.filter((row) => BigInt(row.blockNumber) < heldBack).length;
    expect(committed).toBeGreaterThan(PAGE_SIZE);
    // The held page is asked for while the one before it is stored (pages are read one ahead): its commit ends.
    await waitFor(`page ${String(HELD_PAGE - 1)} committed`, first, 30_000, async () => (await cursorOf(walletId, 'normal'))?.lastBlock === heldBack);
    expect(await rowCount(walletId)).toBe(committed);
    const lease = await cursorOf(walletId, 'account');
    expect(lease).toMatchObject({ status: 'RUNNING' });
    expect(lease?.lockedBy?.startsWith(`${hostname()}:${String(first.pid)}:`)).toBe(true);

    first.kill('SIGKILL');
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
    gate.release();
    const killedAt = txlistRequests.length;

    // What the dead worker left: the committed pages, its cursor and its lease; nothing marked synchronized.
    expect(await rowCount(walletId)).toBe(committed);
    expect((await cursorOf(walletId, 'normal'))?.lastBlock).toBe(heldBack);
    expect(await cursorOf(walletId, 'erc20')).toBeUndefined();
    expect((await cursorOf(walletId, 'account'))?.lockedBy).toBe(lease?.lockedBy);
    const [before] = await database.db.select({ synced: wallets.isSynchronized }).from(wallets).where(eq(wallets.id, walletId));
    expect(before?.synced).toBe(false);

    const second = startWorker(env, [PRELOAD]);
    workers.push(second);
    await waitFor('the second worker to finish the sync', second, 90_000, async () => {
      const [row] = await database.db.select({ synced: wallets.isSynchronized, error: wallets.syncError }).from(wallets).where(eq(wallets.id, walletId));
      if (row?.error) throw new Error(`The sync failed: ${row.error}\n${second.output()}`);
      return row?.synced === true;
    });

    // Exactly the uninterrupted sync's rows: every transaction once, none missing, none extra.
    const rows = await walletRows(database.db, walletId);
    expect(rows).toHaveLength(NORMAL_COUNT + TOKEN_COUNT);
    expect(rows).toEqual(expected);
    const duplicates = await database.db.execute(sql`
      select tx_hash, log_index from transactions where wallet_id = ${walletId}
      group by tx_hash, log_index having count(*) > 1`);
    expect((duplicates as { rows: unknown[] }).rows).toEqual([]);
    expect(await walletBalances(database.db, walletId)).toEqual(await walletBalances(database.db, reference));
    expect(await walletBalances(database.db, walletId)).toEqual({ ETH: NATIVE_BALANCE.toString(), USDT: USDT_BALANCE.toString() });

    // Cursors at the end of each list, the lease given back.
    expect((await cursorOf(walletId, 'normal'))?.lastBlock).toBe(lastBlockOf(NORMAL_ROWS));
    expect((await cursorOf(walletId, 'erc20'))?.lastBlock).toBe(lastBlockOf(TOKEN_ROWS));
    expect(await cursorOf(walletId, 'account')).toMatchObject({ status: 'DONE', lockedBy: null, lockedUntil: null, lastError: null });

    // The second worker resumed from the committed cursor rather than reading the history again from block 0,
    // not before the dead worker's lease had lapsed, and soon after it (the next scheduled scan may be up to
    // SYNC_INTERVAL_MINUTES, 15, away).
    const resumed = txlistRequests.slice(killedAt);
    expect(resumed[0]).toMatchObject({ startblock: heldBack.toString(), page: '1' });
    expect(resumed.filter((request) => request.startblock === '0')).toEqual([]);
    const lapsedAt = (lease?.lockedUntil as Date).getTime();
    expect(resumed[0]?.at).toBeGreaterThanOrEqual(lapsedAt);
    expect(resumed[0]?.at).toBeLessThan(lapsedAt + 45_000);

    expect(server.unmatched).toEqual([]);
    second.kill('SIGTERM');
    expect(await second.exited).toEqual({ code: 0, signal: null });
    for (const worker of [first, second]) expect(worker.output()).not.toContain(BLOCKED_MARKER);
  }, 150_000);
});
