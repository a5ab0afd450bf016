/**
 * NFT prices from the floor-price source, configured through the environment as in production (ALCHEMY_API_KEY,
 * ALCHEMY_NFT_BASE_URL at the fixture server): a wallet synced through Etherscan holding two CryptoKitties and a
 * stack of ERC-1155 ASSETs gets the CryptoKitties floor (looked up once for both), and what it paid for the
 * ASSETs where Alchemy has no floor; an Alchemy outage leaves the sync successful and the last prices in place;
 * a wallet first synced during the outage gets its purchase prices, marked not yet looked up, until Alchemy is
 * back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../../src/server/config/env';
import { toNftItem } from '../../src/server/nft/nft-routes';
import { nftHoldings } from '../../src/server/db/schema';
import { createLogger } from '../../src/server/logging/logger';
import { createHttpClient } from '../../src/server/providers/http/http-client';
import { createSyncDeps, type SyncDeps } from '../../src/server/sync/sync-deps';
import { syncWallet } from '../../src/server/sync/wallet-sync';
import { byQuery, loadFixture, startProviderServer, type Fixture, type ProviderServer, type RouteHandler } from '../fixtures/provider-server';
import { availableDrivers } from './helpers/drivers';
import { loopbackFetch } from './helpers/loopback-fetch';
import { openTestDatabase, type TestDatabase } from './helpers/test-database';
import { addUser, addWallet } from './sync-support';

const WALLET = '0x5a0b54d5dc17e0aadc383d2db43b0a0d3e029c4c';
const SELLER = '0x8ba1f109551bd432803012645ac136ddd64dba72';
const KITTIES = '0x06012c8cf97bead5deae237070f9587f8e7a266d';
const ASSETS = '0x76be3b62873462d2142405439777e971754e8e77';
const ASSET_ID = '115792089237316195423570985008687907853269984665640564039457584007913129639935';
const FLOORS = '/alchemy/nft/v3/getFloorPrice';
const hash = (suffix: string) => `0x${suffix.padStart(64, '0')}`;

function rowsOf(file: string): Record<string, unknown>[] {
  return (loadFixture(file).body as { result: Record<string, unknown>[] }).result;
}

function page(note: string, result: Record<string, unknown>[]): Fixture {
  return { source: 'synthetic', note, body: { status: '1', message: 'OK', result } };
}

const [incoming] = rowsOf('etherscan/txlist.json').filter((row) => row.to === WALLET);
const [kitty] = rowsOf('etherscan/tokennfttx.json');
const [asset] = rowsOf('etherscan/token1155tx.json');

/** 1.5 ETH in; 0.05 ETH paid in the transaction minting kitty #1423; 0.6 ETH paid in the one bringing 12 ASSETs. */
const txlist = page('etherscan/txlist.json rows in the same shape: the ETH received, and the two NFT payments.', [
  { ...incoming },
  { ...incoming, hash: hash('d1'), blockNumber: '14924500', timeStamp: '1654655000', from: WALLET, to: KITTIES, value: '50000000000000000', nonce: '19' },
  { ...incoming, hash: hash('e1'), blockNumber: '14925000', timeStamp: '1654660000', from: WALLET, to: SELLER, value: '600000000000000000', nonce: '20' },
]);

/** Kitty #1423 minted to the wallet (paid), kitty #1424 given to it (free). */
const tokennfttx = page('etherscan/tokennfttx.json plus a second kitty given to the wallet.', [
  { ...kitty },
  { ...kitty, hash: hash('d2'), blockNumber: '14924600', timeStamp: '1654656000', from: SELLER, tokenID: '1424' },
]);

const explorer: Record<string, RouteHandler> = {
  txlist,
  txlistinternal: 'etherscan/no-transactions.json',
  tokentx: 'etherscan/no-transactions.json',
  tokennfttx,
  token1155tx: page('etherscan/token1155tx.json as recorded.', [{ ...asset }]),
};

/** Alchemy: the CryptoKitties floor (LooksRare's, OpenSea failing), no floor for the ASSETs. */
const floors: RouteHandler = (req) =>
  req.query.get('contractAddress') === KITTIES ? 'alchemy/floor-price-opensea-error.json' : 'alchemy/floor-price-none.json';

let server: ProviderServer;

beforeAll(async () => {
  server = await startProviderServer({
    'GET /v2/api': byQuery('action', explorer),
    'GET /blockscout/api': 'etherscan/http-503.json',
    [`GET ${FLOORS}`]: floors,
  });
});

afterAll(async () => {
  await server?.close();
});

/** Fresh deps, and so a fresh HTTP cache, per run: each run asks Alchemy again. */
function deps(database: TestDatabase): SyncDeps {
  const config = loadConfig({
    SECRET_KEY: 'sync-nft-floor-secret-key-0123456789abcdef',
    DATA_DIR: '/nonexistent-test-data-dir',
    ETHERSCAN_API_KEY: 'test-key',
    ETHERSCAN_BASE_URL: `${server.url}/v2/api`,
    BLOCKSCOUT_URLS: `ETHEREUM=${server.url}/blockscout/api`,
    ROUTESCAN_BASE_URL: `${server.url}/routescan`,
    ALCHEMY_API_KEY: 'alchemy-test-key',
    ALCHEMY_NFT_BASE_URL: `${server.url}/alchemy`,
  });
  const logger = createLogger('silent');
  const base = createSyncDeps({ db: database.db, config, logger, http: createHttpClient({ fetch: loopbackFetch, sleep: () => Promise.resolve(), logger }) });
  // No JSON-RPC node, NFT metadata host or coin prices here: only the NFT prices are under test.
  return { ...base, evmBalances: () => null, nftMetadata: null, prices: null };
}

async function prices(database: TestDatabase, walletId: string) {
  const rows = await database.db.select().from(nftHoldings).where(eq(nftHoldings.walletId, walletId));
  return Object.fromEntries(
    rows.map((row) => {
      const item = toNftItem(row);
      return [`${item.contract_address}:${item.nft_id}`, { price: item.price, currency: item.currency, is_price_synced: item.is_price_synced }];
    }),
  );
}

const floorPrices = {
  [`${KITTIES}:1423`]: { price: '0.0072', currency: 'ETH', is_price_synced: true },
  [`${KITTIES}:1424`]: { price: '0.0072', currency: 'ETH', is_price_synced: true },
  [`${ASSETS}:${ASSET_ID}`]: { price: '0.05', currency: 'ETH', is_price_synced: true },
};

describe.each(availableDrivers())('NFT floor prices on %s', (kind) => {
  let database: TestDatabase;
  let walletId: string;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    walletId = await addWallet(database.db, await addUser(database.db, 'nft-floors'), 'ETHEREUM', WALLET);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('builds no floor-price source without an Alchemy key (NFTs are then priced from what the wallet paid)', () => {
    const config = loadConfig({ SECRET_KEY: 'sync-nft-floor-secret-key-0123456789abcdef', DATA_DIR: '/nonexistent-test-data-dir' });
    expect(createSyncDeps({ db: database.db, config, logger: createLogger('silent') }).nftPrices).toBeNull();
    expect(deps(database).nftPrices?.name).toBe('Alchemy');
  });

  it('stores the collection floor, looked up once per collection, and the purchase price where there is no floor', async () => {
    server.route(`GET ${FLOORS}`, floors);
    server.reset();
    expect(await syncWallet(deps(database), walletId)).toBe('synced');
    expect(await prices(database, walletId)).toEqual(floorPrices);
    const asked = server.requests.filter((r) => r.path === FLOORS).map((r) => r.query.contractAddress);
    expect(asked.sort()).toEqual([KITTIES, ASSETS].sort());
  });

  it('keeps the sync successful and the last prices while Alchemy is down, asking only once per run', async () => {
    server.route(`GET ${FLOORS}`, 'alchemy/http-503.json');
    server.reset();
    expect(await syncWallet(deps(database), walletId)).toBe('synced');
    expect(await prices(database, walletId)).toEqual(floorPrices);
    // One collection's attempts (the first and two retries); the outage spares the other collection its own.
    expect(server.count(FLOORS)).toBe(3);
  });

  it('falls back to what the wallet paid when Alchemy has no floor', async () => {
    server.route(`GET ${FLOORS}`, 'alchemy/floor-price-none.json');
    server.reset();
    expect(await syncWallet(deps(database), walletId)).toBe('synced');
    expect(await prices(database, walletId)).toEqual({
      [`${KITTIES}:1423`]: { price: '0.05', currency: 'ETH', is_price_synced: true },
      [`${KITTIES}:1424`]: { price: null, currency: null, is_price_synced: true },
      [`${ASSETS}:${ASSET_ID}`]: { price: '0.05', currency: 'ETH', is_price_synced: true },
    });
  });

  it('gives a wallet first synced during an outage its purchase prices, not yet looked up, then the floor', async () => {
    const other = await addWallet(database.db, await addUser(database.db, 'nft-floors-outage'), 'ETHEREUM', WALLET);
    server.route(`GET ${FLOORS}`, 'alchemy/http-503.json');
    expect(await syncWallet(deps(database), other)).toBe('synced');
    expect(await prices(database, other)).toEqual({
      [`${KITTIES}:1423`]: { price: '0.05', currency: 'ETH', is_price_synced: false },
      [`${KITTIES}:1424`]: { price: null, currency: null, is_price_synced: false },
      [`${ASSETS}:${ASSET_ID}`]: { price: '0.05', currency: 'ETH', is_price_synced: false },
    });

    server.route(`GET ${FLOORS}`, floors);
    expect(await syncWallet(deps(database), other)).toBe('synced');
    expect(await prices(database, other)).toEqual(floorPrices);
  });
});
