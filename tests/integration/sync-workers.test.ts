/**
 * Several workers: two pg-boss queues (as two worker processes would run) share the sync jobs of a set of
 * wallets on PostgreSQL; every wallet is synced exactly once and the rows equal those of a single worker. And on
 * either database, two workers starting the same wallet at once: one syncs, the other finds it busy.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { wallets } from '../../src/server/db/schema';
import { startDevnet, type Devnet } from '../../src/server/devnet/start-devnet';
import { ACCOUNT_ADDRESSES, DEVNET_PLANS, SCENARIO_ACCOUNTS } from '../../src/server/devnet/scenario';
import { createJobDispatch } from '../../src/server/jobs/job-dispatch';
import type { JobQueue } from '../../src/server/jobs/job-queue';
import { createPgBossJobQueue } from '../../src/server/jobs/pg-boss-job-queue';
import { createLogger } from '../../src/server/logging/logger';
import { createRpcBalanceReader, createRpcHistoryProvider } from '../../src/server/providers/evm-balance';
import type { EvmHistoryProvider } from '../../src/server/providers/evm-history/types';
import { createHttpClient } from '../../src/server/providers/http/http-client';
import { enqueueWalletSync } from '../../src/server/sync/enqueue';
import type { SyncDeps } from '../../src/server/sync/sync-deps';
import { registerSyncJobs } from '../../src/server/background-jobs';
import { syncWallet } from '../../src/server/sync/wallet-sync';
import { availableDrivers } from './helpers/drivers';
import { openTestDatabase, type TestDatabase } from './helpers/test-database';
import { addUser, addWallet, testSyncDeps, walletBalances, walletRows } from './sync-support';

let devnet: Devnet;

beforeAll(async () => {
  devnet = await startDevnet({ ethereumPort: 0, polygonPort: 0 });
}, 60_000);

afterAll(async () => {
  await devnet?.stop();
});

/** Full syncs started per wallet address and network, by worker. */
type Runs = Map<string, string[]>;

function devnetDeps(database: TestDatabase, workerId: string, runs: Runs, delayMs = 0): SyncDeps {
  const http = createHttpClient({ sleep: () => Promise.resolve() });
  const endpoints = { ETHEREUM: { rpcUrl: devnet.ethereumRpcUrl, chainId: 1 }, POLYGON: { rpcUrl: devnet.polygonRpcUrl, chainId: 137 } };
  const inner = createRpcHistoryProvider({ endpoints, clientOptions: { http } });
  const counted: EvmHistoryProvider = {
    name: inner.name,
    displayName: inner.displayName,
    supports: (network) => inner.supports(network),
    async *listTransfers(params) {
      if (params.kind === 'normal') {
        const key = `${params.network}:${params.address.toLowerCase()}`;
        runs.set(key, [...(runs.get(key) ?? []), workerId]);
        if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      }
      yield* inner.listTransfers(params);
    },
  };
  const readers = { ETHEREUM: createRpcBalanceReader(endpoints.ETHEREUM, { http }), POLYGON: createRpcBalanceReader(endpoints.POLYGON, { http }) };
  return testSyncDeps(database.db, {
    workerId,
    // A long cadence: the scheduled due-work scan stays out of the way of the jobs queued here.
    intervalMinutes: 24 * 60,
    evmHistory: () => [counted],
    evmBalances: (network) => (network === 'ETHEREUM' || network === 'POLYGON' ? readers[network] : null),
  });
}

async function addScenarioWallets(database: TestDatabase, label: string): Promise<Map<string, string>> {
  const userId = await addUser(database.db, label);
  const ids = new Map<string, string>();
  for (const chain of ['ethereum', 'polygon'] as const) {
    for (const account of SCENARIO_ACCOUNTS) {
      const network = DEVNET_PLANS[chain].network;
      ids.set(`${network}:${ACCOUNT_ADDRESSES[account].toLowerCase()}`, await addWallet(database.db, userId, network, ACCOUNT_ADDRESSES[account]));
    }
  }
  return ids;
}

describe.skipIf(!availableDrivers().includes('postgres'))('two pg-boss workers on PostgreSQL', () => {
  let database: TestDatabase;
  const queues: JobQueue[] = [];

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
  });
  afterAll(async () => {
    await Promise.all(queues.map((queue) => queue.stop()));
    await database?.close();
  });

  it('share the wallets: each synced once, the same rows as one worker', async () => {
    const url = database.url as string;
    const runs: Runs = new Map();
    const logger = createLogger('silent');
    for (const worker of ['worker-a', 'worker-b']) {
      const queue = await createPgBossJobQueue({ connectionString: url, logger, pollingIntervalSeconds: 0.5, poolSize: 3 });
      queues.push(queue);
      await registerSyncJobs(queue, devnetDeps(database, worker, runs, 300), { concurrency: 1 });
    }
    const jobs = createJobDispatch();
    const detach = jobs.attach(queues[0] as JobQueue);
    const shared = await addScenarioWallets(database, 'shared');
    for (const walletId of shared.values()) await enqueueWalletSync({ db: database.db, jobs }, walletId);
    detach();

    const ids = [...shared.values()];
    const deadline = Date.now() + 90_000;
    for (;;) {
      const rows = await database.db.select({ synced: wallets.isSynchronized }).from(wallets).where(inArray(wallets.id, ids));
      if (rows.length === ids.length && rows.every((row) => row.synced)) break;
      if (Date.now() > deadline) throw new Error('The workers did not sync every wallet in time.');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }

    expect([...runs.keys()].sort()).toEqual([...shared.keys()].sort());
    for (const [key, by] of runs) expect(by, key).toHaveLength(1);
    const workers = new Set([...runs.values()].flat());
    expect(workers).toEqual(new Set(['worker-a', 'worker-b']));

    const single = await addScenarioWallets(database, 'single');
    const one = devnetDeps(database, 'worker-single', new Map());
    for (const walletId of single.values()) expect(await syncWallet(one, walletId)).toBe('synced');
    for (const [key, walletId] of shared) {
      const other = single.get(key) as string;
      expect(await walletRows(database.db, walletId), key).toEqual(await walletRows(database.db, other));
      expect(await walletBalances(database.db, walletId), key).toEqual(await walletBalances(database.db, other));
    }
  });
});

describe.each(availableDrivers())('one wallet, two workers at once, on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('one syncs, the other finds it busy; afterwards either may sync it', async () => {
    const walletId = await addWallet(database.db, await addUser(database.db, 'race'), 'ETHEREUM', ACCOUNT_ADDRESSES.alice);
    const runs: Runs = new Map();
    // The one that takes the wallet holds it for half a second, so the other still finds it busy on a slow machine.
    const racer = (workerId: string) => syncWallet(devnetDeps(database, workerId, runs, 500), walletId);
    const outcomes = await Promise.all([racer('w1'), racer('w2')]);
    expect(outcomes.sort()).toEqual(['busy', 'synced']);
    expect([...runs.values()].flat()).toHaveLength(1);
    expect(await syncWallet(devnetDeps(database, 'w3', runs), walletId)).toBe('synced');
    const [row] = await database.db.select().from(wallets).where(eq(wallets.id, walletId));
    expect(row?.isSynchronized).toBe(true);
  });
});
