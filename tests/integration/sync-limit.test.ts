/**
 * The plan's per-wallet transaction limit: ingestion stops at the limit with tx_limit_reached set (balances are
 * still refreshed); a larger plan resumes from the cursors where it stopped and clears the flag.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { transactions, wallets } from '../../src/server/db/schema';
import { createEvmHistoryProviders } from '../../src/server/providers/evm-history/provider-for-network';
import { createHttpClient } from '../../src/server/providers/http/http-client';
import type { SyncDeps } from '../../src/server/sync/sync-deps';
import { syncWallet } from '../../src/server/sync/wallet-sync';
import { byQuery, startProviderServer, type ProviderServer } from '../fixtures/provider-server';
import { availableDrivers } from './helpers/drivers';
import { loopbackFetch } from './helpers/loopback-fetch';
import { openTestDatabase, type TestDatabase } from './helpers/test-database';
import { addUser, addWallet, setStarterLimit, testSyncDeps, walletBalances } from './sync-support';

const WALLET = '0x5a0b54d5dc17e0aadc383d2db43b0a0d3e029c4c';
let server: ProviderServer;

beforeAll(async () => {
  server = await startProviderServer({
    'GET /v2/api': byQuery('action', {
      txlist: 'etherscan/txlist.json',
      txlistinternal: 'etherscan/txlistinternal.json',
      tokentx: 'etherscan/tokentx.json',
      tokennfttx: 'etherscan/tokennfttx.json',
      token1155tx: 'etherscan/token1155tx.json',
    }),
  });
});
afterAll(async () => {
  await server?.close();
});

function deps(database: TestDatabase): SyncDeps {
  const http = createHttpClient({ fetch: loopbackFetch, sleep: () => Promise.resolve() });
  const explorers = createEvmHistoryProviders({ etherscanApiKey: 'test-key', baseUrls: { etherscan: `${server.url}/v2/api` } }, http);
  return testSyncDeps(database.db, { evmHistory: (network) => explorers.candidates(network).slice(0, 1) });
}

describe.each(availableDrivers())('plan transaction limit on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('stops at the limit, says more exist, and resumes on a larger plan', async () => {
    const walletId = await addWallet(database.db, await addUser(database.db, 'limited'), 'ETHEREUM', WALLET);
    await setStarterLimit(database.db, 4);
    expect(await syncWallet(deps(database), walletId)).toBe('synced');
    const limited = await database.db.select().from(transactions).where(eq(transactions.walletId, walletId));
    expect(limited).toHaveLength(4);
    // Normal transactions come first, then internal ones: the limit cut the second internal transfer.
    expect(limited.filter((row) => row.logIndex === -1)).toHaveLength(3);
    const [wallet] = await database.db.select().from(wallets).where(eq(wallets.id, walletId));
    expect(wallet).toMatchObject({ isSynchronized: true, txLimitReached: true, syncError: null });
    expect(await walletBalances(database.db, walletId)).toHaveProperty('ETH');

    // Still at the limit: another pass stores nothing more.
    expect(await syncWallet(deps(database), walletId)).toBe('synced');
    expect(await database.db.select().from(transactions).where(eq(transactions.walletId, walletId))).toHaveLength(4);

    await setStarterLimit(database.db, null);
    expect(await syncWallet(deps(database), walletId)).toBe('synced');
    const all = await database.db.select().from(transactions).where(eq(transactions.walletId, walletId));
    expect(all).toHaveLength(9);
    expect(new Set(all.map((row) => `${row.txHash}:${String(row.logIndex)}`)).size).toBe(9);
    const [after] = await database.db.select().from(wallets).where(eq(wallets.id, walletId));
    expect(after?.txLimitReached).toBe(false);
  });

  it('a limit reached exactly with nothing more to store does not claim more exist', async () => {
    const walletId = await addWallet(database.db, await addUser(database.db, 'exact'), 'ETHEREUM', WALLET);
    await setStarterLimit(database.db, 9);
    expect(await syncWallet(deps(database), walletId)).toBe('synced');
    const [wallet] = await database.db.select().from(wallets).where(eq(wallets.id, walletId));
    expect(wallet?.txLimitReached).toBe(false);
    expect(await syncWallet(deps(database), walletId)).toBe('synced');
    const [again] = await database.db.select().from(wallets).where(eq(wallets.id, walletId));
    expect(again?.txLimitReached).toBe(false);
    await setStarterLimit(database.db, 1000);
  });
});
