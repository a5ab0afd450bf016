/**
 * A sync killed part-way (aborted after N committed pages, or with a page fetched but not stored) and run again
 * ends with exactly the rows of an uninterrupted sync: no duplicates, no gaps. Also for Bitcoin, whose history
 * arrives newest first, and whose later passes only walk down to what is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { syncCursors } from '../../src/server/db/schema';
import { startDevnet, type Devnet } from '../../src/server/devnet/start-devnet';
import { ACCOUNT_ADDRESSES } from '../../src/server/devnet/scenario';
import { createEsploraClient } from '../../src/server/providers/bitcoin/esplora';
import { createRpcBalanceReader, createRpcHistoryProvider } from '../../src/server/providers/evm-balance';
import { createHttpClient } from '../../src/server/providers/http/http-client';
import { SyncAbortedError } from '../../src/server/sync/run-context';
import type { SyncDeps } from '../../src/server/sync/sync-deps';
import { syncWallet } from '../../src/server/sync/wallet-sync';
import { startProviderServer, type Fixture, type FixtureRequest, type ProviderServer } from '../fixtures/provider-server';
import { availableDrivers } from './helpers/drivers';
import { openTestDatabase, type TestDatabase } from './helpers/test-database';
import { addUser, addWallet, testSyncDeps, walletBalances, walletRows } from './sync-support';

let devnet: Devnet;
let esplora: ProviderServer;

const BTC_ADDRESS = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';
const SENDER = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const txid = (n: number) => n.toString(16).padStart(64, '0');

/** Confirmed transactions, newest first: odd ones pay the address, even ones spend from it. */
let confirmed: ReturnType<typeof btcTx>[] = [];

function btcTx(n: number) {
  const incoming = n % 2 === 1;
  const sats = 10_000 + n * 7;
  return {
    txid: txid(n),
    vin: [{ txid: txid(n + 1_000_000), vout: 0, prevout: { scriptpubkey_address: incoming ? SENDER : BTC_ADDRESS, value: sats + 1500 }, is_coinbase: false }],
    vout: [
      { scriptpubkey_address: incoming ? BTC_ADDRESS : SENDER, value: sats },
      { scriptpubkey_address: incoming ? SENDER : BTC_ADDRESS, value: 1000 },
    ],
    fee: 500,
    status: { confirmed: true, block_height: 800_000 + n, block_hash: txid(n + 5_000_000), block_time: 1_690_000_000 + n * 600 },
  };
}

const page = (body: unknown): Fixture => ({ source: 'synthetic', note: 'Generated Esplora history page (25 confirmed per page).', body });

beforeAll(async () => {
  confirmed = Array.from({ length: 60 }, (_, i) => btcTx(60 - i));
  esplora = await startProviderServer({
    'GET /api/address/:address': () => ({
      source: 'synthetic',
      note: 'Balance of the generated history.',
      body: { chain_stats: { funded_txo_sum: 5_000_000, spent_txo_sum: 1_000_000 }, mempool_stats: { funded_txo_sum: 0, spent_txo_sum: 0 } },
    }),
    'GET /api/address/:address/txs': () => page(confirmed.slice(0, 25)),
    'GET /api/address/:address/txs/chain/:txid': (req: FixtureRequest) => {
      const at = confirmed.findIndex((tx) => tx.txid === req.params.txid);
      return page(confirmed.slice(at + 1, at + 26));
    },
  });
  devnet = await startDevnet({ ethereumPort: 0, polygonPort: 0 });
}, 60_000);

afterAll(async () => {
  await devnet?.stop();
  await esplora?.close();
});

function deps(database: TestDatabase, overrides: Partial<SyncDeps> = {}): SyncDeps {
  const http = createHttpClient({ sleep: () => Promise.resolve() });
  const endpoint = { rpcUrl: devnet.ethereumRpcUrl, chainId: 1 };
  // One block per page, so a short history still spans many pages.
  const history = createRpcHistoryProvider({ endpoints: { ETHEREUM: endpoint }, scanPageBlocks: 1n, logBlockRange: 1n, clientOptions: { http } });
  const reader = createRpcBalanceReader(endpoint, { http });
  return testSyncDeps(database.db, {
    // Each page committed alone, so the run can be stopped after any page.
    readAheadPages: 1,
    evmHistory: () => [history],
    evmBalances: (network) => (network === 'ETHEREUM' ? reader : null),
    esplora: createEsploraClient({ baseUrl: `${esplora.url}/api` }, http),
    ...overrides,
  });
}

/** Syncs once, aborting right after the `pages`-th committed page. */
async function interrupted(database: TestDatabase, walletId: string, pages: number): Promise<void> {
  const controller = new AbortController();
  let stored = 0;
  const run = syncWallet(deps(database), walletId, {
    signal: controller.signal,
    onPageStored: () => {
      stored += 1;
      if (stored >= pages) controller.abort();
    },
  });
  await expect(run).rejects.toBeInstanceOf(SyncAbortedError);
}

describe.each(availableDrivers())('resumable sync on %s', (kind) => {
  let database: TestDatabase;
  let bobReference = '';

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('EVM: interrupted at any page and resumed, the same rows as one uninterrupted run', async () => {
    const reference = await addWallet(database.db, await addUser(database.db, 'reference'), 'ETHEREUM', ACCOUNT_ADDRESSES.bob);
    bobReference = reference;
    let pages = 0;
    expect(await syncWallet(deps(database), reference, { onPageStored: () => void (pages += 1) })).toBe('synced');
    const expected = await walletRows(database.db, reference);
    expect(pages).toBeGreaterThan(8);
    expect(expected.length).toBeGreaterThan(10);

    for (const stopAfter of [1, 2, Math.floor(pages / 2), pages - 1]) {
      const walletId = await addWallet(database.db, await addUser(database.db, `kill-${String(stopAfter)}`), 'ETHEREUM', ACCOUNT_ADDRESSES.bob);
      await interrupted(database, walletId, stopAfter);
      const partial = await walletRows(database.db, walletId);
      expect(partial.length).toBeLessThan(expected.length);
      // Killed twice in a row at the same point, then run to the end.
      await interrupted(database, walletId, 1);
      expect(await syncWallet(deps(database), walletId)).toBe('synced');
      expect(await walletRows(database.db, walletId)).toEqual(expected);
      expect(await walletBalances(database.db, walletId)).toEqual(await walletBalances(database.db, reference));
    }
  });

  it('EVM: a page fetched but not stored when the run dies is fetched again', async () => {
    const referenceRows = await walletRows(database.db, bobReference);
    expect(referenceRows.length).toBeGreaterThan(10);
    const walletId = await addWallet(database.db, await addUser(database.db, 'mid-page'), 'ETHEREUM', ACCOUNT_ADDRESSES.bob);
    const base = deps(database);
    const [provider] = base.evmHistory('ETHEREUM');
    if (!provider) throw new Error('no provider');
    let delivered = 0;
    const dying = testSyncDeps(database.db, {
      ...base,
      evmHistory: () => [
        {
          ...provider,
          supports: provider.supports.bind(provider),
          async *listTransfers(params) {
            for await (const page of provider.listTransfers(params)) {
              delivered += 1;
              if (delivered === 4) throw new Error('worker killed');
              yield page;
            }
          },
        },
      ],
    });
    await expect(syncWallet(dying, walletId)).rejects.toThrow('worker killed');
    expect(await syncWallet(base, walletId)).toBe('synced');
    expect(await walletRows(database.db, walletId)).toEqual(referenceRows);
  });

  it('Bitcoin: interrupted newest-first walk, resumed, then only new transactions', async () => {
    confirmed = Array.from({ length: 60 }, (_, i) => btcTx(60 - i));
    const reference = await addWallet(database.db, await addUser(database.db, 'btc-ref'), 'BITCOIN', BTC_ADDRESS);
    expect(await syncWallet(deps(database), reference)).toBe('synced');
    const expected = await walletRows(database.db, reference);
    expect(expected).toHaveLength(60);
    const incoming = expected.find((row) => row.txHash === txid(59));
    expect(incoming).toMatchObject({ direction: 'INCOMING', amount: String(10_000 + 59 * 7), fee: null, fromAddress: SENDER, toAddress: BTC_ADDRESS, logIndex: -1 });
    const outgoing = expected.find((row) => row.txHash === txid(60));
    expect(outgoing).toMatchObject({ direction: 'OUTGOING', amount: String(10_000 + 60 * 7), fee: '500', toAddress: SENDER });
    expect(await walletBalances(database.db, reference)).toEqual({ BTC: '4000000' });

    const walletId = await addWallet(database.db, await addUser(database.db, 'btc-kill'), 'BITCOIN', BTC_ADDRESS);
    await interrupted(database, walletId, 1);
    expect(await walletRows(database.db, walletId)).toHaveLength(25);
    expect(await syncWallet(deps(database), walletId)).toBe('synced');
    expect(await walletRows(database.db, walletId)).toEqual(expected);
    const [cursor] = await database.db.select().from(syncCursors).where(eq(syncCursors.walletId, walletId)).then((rows) => rows.filter((row) => row.kind === 'esplora'));
    expect(cursor?.lastTxid).toBe(txid(60));

    // Three new transactions on top: one page is read and the walk stops at the stored newest txid.
    confirmed = [btcTx(63), btcTx(62), btcTx(61), ...confirmed];
    esplora.reset();
    expect(await syncWallet(deps(database), walletId)).toBe('synced');
    expect(esplora.count('GET /api/address/:address/txs/chain/:txid')).toBe(0);
    const rows = await walletRows(database.db, walletId);
    expect(rows).toHaveLength(63);
    expect(rows.filter((row) => [txid(61), txid(62), txid(63)].includes(row.txHash))).toHaveLength(3);
  });
});
