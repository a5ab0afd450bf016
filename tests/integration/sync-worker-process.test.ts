/**
 * `npm run worker` as a process: on PostgreSQL with DEVNET=1 it picks up a wallet that is due, syncs it from the
 * local chain and stops cleanly on SIGTERM; without DATABASE_URL it refuses to start with a clear message.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { transactions, wallets } from '../../src/server/db/schema';
import { startDevnet, type Devnet } from '../../src/server/devnet/start-devnet';
import { ACCOUNT_ADDRESSES, finalBalances } from '../../src/server/devnet/scenario';
import { availableDrivers } from './helpers/drivers';
import { openTestDatabase, type TestDatabase } from './helpers/test-database';
import { startWorker } from './helpers/worker-process';
import { addUser, addWallet, walletBalances } from './sync-support';


describe('the worker process', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'ledgerloop-worker-'));
  });
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses to start without PostgreSQL', async () => {
    const worker = startWorker({ DATA_DIR: dataDir, SECRET_KEY: 'worker-test-secret-key-0123456789abcdef' });
    expect((await worker.exited).code).toBe(1);
    expect(worker.output()).toContain('npm run worker needs DATABASE_URL (PostgreSQL)');
  });

  describe.skipIf(!availableDrivers().includes('postgres'))('on PostgreSQL with the devnet', () => {
    let devnet: Devnet;
    let database: TestDatabase;

    beforeAll(async () => {
      devnet = await startDevnet({ ethereumPort: 0, polygonPort: 0 });
      database = await openTestDatabase('postgres');
    }, 60_000);
    afterAll(async () => {
      await database?.close();
      await devnet?.stop();
    });

    it('syncs a due wallet from the local chain and stops on SIGTERM', async () => {
      const walletId = await addWallet(database.db, await addUser(database.db, 'worker'), 'ETHEREUM', ACCOUNT_ADDRESSES.alice);
      const port = (url: string) => new URL(url).port;
      const worker = startWorker({
        DATABASE_URL: database.url as string,
        DATA_DIR: dataDir,
        SECRET_KEY: 'worker-test-secret-key-0123456789abcdef',
        DEVNET: '1',
        DEVNET_HOST: '127.0.0.1',
        DEVNET_ETHEREUM_PORT: port(devnet.ethereumRpcUrl),
        DEVNET_POLYGON_PORT: port(devnet.polygonRpcUrl),
        WORKER_CONCURRENCY: '1',
        LOG_LEVEL: 'info',
      });
      try {
        const deadline = Date.now() + 60_000;
        for (;;) {
          const [row] = await database.db.select({ synced: wallets.isSynchronized, error: wallets.syncError }).from(wallets).where(eq(wallets.id, walletId));
          if (row?.synced) break;
          if (Date.now() > deadline || !worker.alive()) throw new Error(`The worker did not sync the wallet:\n${worker.output()}`);
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
        expect(worker.output()).toContain('Ledgerloop worker running 1 sync job(s) at once');
        const final = finalBalances('ethereum').alice;
        expect(await walletBalances(database.db, walletId)).toEqual({ ETH: final.native.toString(), USDC: final.tokens.USDC.toString(), USDT: final.tokens.USDT.toString() });
        expect((await database.db.select().from(transactions).where(eq(transactions.walletId, walletId))).length).toBeGreaterThan(5);
      } finally {
        worker.kill('SIGTERM');
      }
      expect((await worker.exited).code).toBe(0);
    });
  });
});
