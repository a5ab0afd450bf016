/**
 * NFT metadata read by the wallet sync, through the real path: the wallet's ERC-721 and ERC-1155 transfers from
 * the explorer (Etherscan API V2 on the fixture server), token URIs over JSON-RPC (`tokenURI`, and ERC-1155 `uri`
 * with `{id}` where `tokenURI` reverts) from a JSON-RPC fixture, and the metadata JSON through the provider HTTP
 * client from fixture hosts on 127.0.0.1: the devnet collection's https://nft.devnet.invalid/metadata/<id>.json
 * (its host pointed at the fixture by the client's fetch), ipfs:// through IPFS_GATEWAY, a data: URL, and a host
 * that fails. Name, image and traits are stored and shown by GET non-fungible-tokens-summary; at most
 * METADATA_READS_PER_RUN items are read per run; a failing host does not fail the sync and is asked again only a
 * day later (the sync's clock is moved by hand).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { encodeFunctionResult, erc1155Abi, erc721Abi, toFunctionSelector, type Hex } from 'viem';
import { walletCreateEndpoints } from '../../src/shared/contract/wallet-create';
import type { WalletOut } from '../../src/shared/contract/wallets';
import { nftEndpoints } from '../../src/shared/contract/nft';
import { transactionEndpoints } from '../../src/shared/contract/transactions';
import type { NftItem } from '../../src/shared/contract/nft';
import type { TransactionPage } from '../../src/shared/contract/transactions';
import { nftHoldings, wallets } from '../../src/server/db/schema';
import { loadConfig } from '../../src/server/config/env';
import { CONTRACT_ADDRESSES, NFT_DEFINITION } from '../../src/server/devnet/contracts';
import { createLogger } from '../../src/server/logging/logger';
import { createHttpClient, type HttpClient } from '../../src/server/providers/http/http-client';
import { METADATA_READS_PER_RUN } from '../../src/server/sync/nft/nft-holdings-sync';
import { createSyncDeps, type SyncDeps } from '../../src/server/sync/sync-deps';
import { syncWallet } from '../../src/server/sync/wallet-sync';
import { byQuery, startProviderServer, type Fixture, type FixtureRequest, type ProviderServer, type RouteAnswer } from '../fixtures/provider-server';
import { createClock } from './helpers/clock';
import { availableDrivers } from './helpers/drivers';
import { loopbackFetch } from './helpers/loopback-fetch';
import { signInWithWallet } from './helpers/sign-in';
import { setupSuite } from './helpers/suite';
import { json } from './helpers/test-client';

const WALLET = '0x4c0d3a2b1e9f8a7b6c5d4e3f2a1b0c9d8e7f6a5b';
const MINTER = '0x0000000000000000000000000000000000000000';
const FRIEND = '0x71c7656ec7ab88b098defb751b7401b5f6d8976f';
/** The devnet's collection (ERC-721, token URIs under https://nft.devnet.invalid/metadata/). */
const DEVNET_NFT = CONTRACT_ADDRESSES.NFT.toLowerCase();
const BADGES = '0x1155000000000000000000000000000000000b4d'; // ERC-1155, metadata on IPFS
const SIGILS = '0x5161100000000000000000000000000000000001'; // ERC-721, metadata inline (data: URL)
const FRAMES = '0xf4a3e00000000000000000000000000000000005'; // ERC-721, metadata host failing at first

const CID = 'bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi';
const DEVNET_HOST = new URL(NFT_DEFINITION.baseUri).host;
const FRAMES_HOST = 'meta.flaky-frames.invalid';
/** The devnet collection's items the wallet holds: more than one run reads. */
const DEVNET_IDS = Array.from({ length: 28 }, (_, i) => BigInt(i + 1));
const SOLD_ID = 29n;
const BADGE_IDS = [7n, 42n];
const HELD_ITEMS = DEVNET_IDS.length + BADGE_IDS.length + 2;

const SIGIL_SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4"/></svg>';
const SIGIL_URI = `data:application/json;base64,${Buffer.from(
  JSON.stringify({ name: 'Sigil #1', description: 'Drawn on chain.', image_data: SIGIL_SVG, attributes: [{ trait_type: 'Shape', value: 'Circle' }] }),
).toString('base64')}`;

const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;
const T0 = new Date('2024-05-01T10:00:00Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

// ---------------------------------------------------------------------------------------------------------------
// The explorer: the wallet's NFT transfers in Etherscan API V2's documented row shapes.

let step = 0;
function nftRow(contract: string, name: string, symbol: string, from: string, to: string, tokenId: bigint): Record<string, string> {
  step += 1;
  return {
    blockNumber: String(19_700_000 + step),
    timeStamp: String(Math.floor(T0.getTime() / 1000) - 40 * 86_400 + step * 600),
    hash: hash(0xa000 + step),
    nonce: String(step),
    blockHash: hash(0xb000 + step),
    from,
    contractAddress: contract,
    to,
    tokenID: tokenId.toString(),
    tokenName: name,
    tokenSymbol: symbol,
    tokenDecimal: '0',
    transactionIndex: '12',
    gas: '180000',
    gasPrice: '12000000000',
    gasUsed: '121000',
    cumulativeGasUsed: '2100000',
    input: 'deprecated',
    confirmations: '250000',
  };
}

const tokennfttx = [
  ...DEVNET_IDS.map((id) => nftRow(DEVNET_NFT, NFT_DEFINITION.name, NFT_DEFINITION.symbol, MINTER, WALLET, id)),
  nftRow(DEVNET_NFT, NFT_DEFINITION.name, NFT_DEFINITION.symbol, MINTER, WALLET, SOLD_ID),
  nftRow(DEVNET_NFT, NFT_DEFINITION.name, NFT_DEFINITION.symbol, WALLET, FRIEND, SOLD_ID),
  nftRow(SIGILS, 'On-chain Sigils', 'SIGIL', MINTER, WALLET, 1n),
  nftRow(FRAMES, 'Flaky Frames', 'FRAME', FRIEND, WALLET, 5n),
];
const token1155tx = BADGE_IDS.map((id, i) => ({ ...nftRow(BADGES, 'Ledgerloop Badges', 'LLB', MINTER, WALLET, id), tokenValue: String(3 - i * 2) }));

const list = (action: string, result: Record<string, string>[]): Fixture => ({
  source: 'synthetic',
  note: `Etherscan API V2 module=account&action=${action} in the documented row shape.`,
  body: result.length === 0 ? { status: '0', message: 'No transactions found', result: [] } : { status: '1', message: 'OK', result },
});

// ---------------------------------------------------------------------------------------------------------------
// The JSON-RPC node: tokenURI / uri answered per contract and id; anything else reverts as a contract without it.

const TOKEN_URI = toFunctionSelector('tokenURI(uint256)');
const URI = toFunctionSelector('uri(uint256)');

function tokenUriOf(contract: string, selector: string, tokenId: bigint): string | null {
  if (selector === TOKEN_URI) {
    if (contract === DEVNET_NFT && DEVNET_IDS.includes(tokenId)) return `${NFT_DEFINITION.baseUri}${tokenId.toString()}.json`;
    if (contract === SIGILS && tokenId === 1n) return SIGIL_URI;
    if (contract === FRAMES && tokenId === 5n) return `https://${FRAMES_HOST}/frames/${tokenId.toString()}`;
  }
  if (selector === URI && contract === BADGES) return `ipfs://${CID}/{id}.json`;
  return null;
}

function rpcAnswer(req: FixtureRequest): RouteAnswer {
  const call = req.body as { id: number; method: string; params: [{ to: string; data: Hex }, unknown] };
  const note = 'A JSON-RPC node answering eth_call as geth does: the result ABI-encoded, or an execution revert.';
  if (call.method !== 'eth_call') {
    return { source: 'synthetic', note, body: { jsonrpc: '2.0', id: call.id, error: { code: -32601, message: `the method ${call.method} does not exist/is not available` } } };
  }
  const { to, data } = call.params[0];
  const selector = data.slice(0, 10);
  const tokenId = BigInt(`0x${data.slice(10, 74)}`);
  const uri = tokenUriOf(to.toLowerCase(), selector, tokenId);
  if (uri === null) return { source: 'synthetic', note, body: { jsonrpc: '2.0', id: call.id, error: { code: 3, message: 'execution reverted', data: '0x' } } };
  const result =
    selector === TOKEN_URI
      ? encodeFunctionResult({ abi: erc721Abi, functionName: 'tokenURI', result: uri })
      : encodeFunctionResult({ abi: erc1155Abi, functionName: 'uri', result: uri });
  return { source: 'synthetic', note, body: { jsonrpc: '2.0', id: call.id, result } };
}

// ---------------------------------------------------------------------------------------------------------------
// The metadata hosts.

const metadata = (body: unknown): Fixture => ({ source: 'synthetic', note: 'NFT metadata JSON in the ERC-721 / OpenSea metadata shape.', body });
const background = (id: bigint) => (id % 2n === 0n ? 'Sand' : 'Teal');

function devnetMetadata(req: FixtureRequest): RouteAnswer {
  const id = /^(\d+)\.json$/.exec(req.params.file ?? '')?.[1];
  if (id === undefined) return { source: 'synthetic', note: 'Not found.', status: 404, body: { error: 'not found' } };
  return metadata({
    name: `Ledgerloop Devnet Collectible #${id}`,
    description: 'A collectible of the local chains.',
    image: `https://${DEVNET_HOST}/images/${id}.png`,
    attributes: [
      { trait_type: 'Background', value: background(BigInt(id)) },
      { trait_type: 'Level', value: Number(id) },
    ],
  });
}

function badgeMetadata(req: FixtureRequest): RouteAnswer {
  const id = BigInt(`0x${(req.params.file ?? '').replace(/\.json$/, '')}`);
  if (req.params.cid !== CID || !BADGE_IDS.includes(id)) return { source: 'synthetic', note: 'Not found.', status: 404, body: { error: 'not found' } };
  return metadata({ name: `Badge ${id.toString()}`, image: `ipfs://${CID}/art/${id.toString()}.png`, properties: { rarity: id === 7n ? 'rare' : 'common', season: '2024' } });
}

const FRAMES_DOWN: Fixture = { source: 'synthetic', note: 'The metadata host is down.', status: 503, body: { error: 'Service Unavailable' } };
const FRAMES_UP = metadata({ name: 'Frame #5', image: `https://${FRAMES_HOST}/frames/5.png`, attributes: [{ trait_type: 'Border', value: 'Gold' }] });

const ROUTES = {
  explorer: 'GET /v2/api',
  rpc: 'POST /rpc',
  devnetHost: `GET /hosts/${DEVNET_HOST}/metadata/:file`,
  gateway: 'GET /gateway/ipfs/:cid/:file',
  framesHost: `GET /hosts/${FRAMES_HOST}/frames/:id`,
} as const;

let server: ProviderServer;

beforeAll(async () => {
  server = await startProviderServer({
    [ROUTES.explorer]: byQuery('action', {
      txlist: list('txlist', []),
      txlistinternal: list('txlistinternal', []),
      tokentx: list('tokentx', []),
      tokennfttx: list('tokennfttx', tokennfttx),
      token1155tx: list('token1155tx', token1155tx),
    }),
    [ROUTES.rpc]: rpcAnswer,
    [ROUTES.devnetHost]: devnetMetadata,
    [ROUTES.gateway]: badgeMetadata,
    [ROUTES.framesHost]: FRAMES_DOWN,
  });
});

afterAll(async () => {
  await server?.close();
});

/** The client's fetch: the metadata hosts' https URLs go to their stand-ins on the fixture server (loopback only). */
const hostFetch: typeof fetch = (input, init) => {
  const url = new URL(input instanceof Request ? input.url : input.toString());
  if (url.protocol === 'https:' && (url.host === DEVNET_HOST || url.host === FRAMES_HOST)) {
    return loopbackFetch(`${server.url}/hosts/${url.host}${url.pathname}${url.search}`, init);
  }
  return loopbackFetch(input, init);
};

const metadataRequests = () => server.count(ROUTES.devnetHost) + server.count(ROUTES.gateway) + server.count(ROUTES.framesHost);

describe.each(availableDrivers())('NFT metadata in the wallet sync on %s', (kind) => {
  const suite = setupSuite(kind);
  const syncClock = createClock(T0);
  let client: ReturnType<typeof suite.client>;
  let walletId: string;
  let http: HttpClient;

  function syncDeps(): SyncDeps {
    const config = loadConfig({
      SECRET_KEY: 'sync-nft-metadata-secret-key-0123456789abcdef',
      DATA_DIR: '/nonexistent-test-data-dir',
      ETHERSCAN_API_KEY: 'test-key',
      ETHERSCAN_BASE_URL: `${server.url}/v2/api`,
      ETHEREUM_RPC_URL: `${server.url}/rpc`,
      IPFS_GATEWAY: `${server.url}/gateway`,
    });
    const base = createSyncDeps({ db: suite.db, config, logger: createLogger('silent'), now: () => syncClock.now(), http });
    // Balances summed from the rows, no prices: only the NFT metadata reaches the node.
    return { ...base, evmBalances: () => null, prices: null };
  }
  const sync = async () => expect(await syncWallet(syncDeps(), walletId)).toBe('synced');
  const holdings = () => suite.db.select().from(nftHoldings).where(eq(nftHoldings.walletId, walletId));
  const framesHolding = async () =>
    (await suite.db.select().from(nftHoldings).where(and(eq(nftHoldings.walletId, walletId), eq(nftHoldings.contractAddress, FRAMES))))[0];
  const summary = async (): Promise<NftItem[]> => {
    const response = await client.get(nftEndpoints.nonFungibleTokensSummary.path);
    expect(response.status).toBe(200);
    return json<NftItem[]>(response);
  };
  const item = (items: NftItem[], contract: string, id: bigint) => items.find((i) => i.contract_address === contract && i.nft_id === id.toString());

  beforeAll(async () => {
    server.route(ROUTES.framesHost, FRAMES_DOWN);
    http = createHttpClient({ fetch: hostFetch, sleep: () => Promise.resolve(), logger: createLogger('silent') });
    client = suite.client();
    await signInWithWallet(client);
    const created = await client.post(walletCreateEndpoints.createWallet.path, { name: 'Collector', address: WALLET, network: 'ETHEREUM' });
    expect(created.status).toBe(201);
    walletId = (await json<WalletOut>(created)).id;
  });

  it(`a run reads the metadata of at most ${String(METADATA_READS_PER_RUN)} items; the next run reads the rest`, async () => {
    expect(HELD_ITEMS).toBeGreaterThan(METADATA_READS_PER_RUN);
    server.reset();
    await sync();
    const first = await holdings();
    expect(first).toHaveLength(HELD_ITEMS);
    expect(first.some((h) => h.nftId === SOLD_ID.toString())).toBe(false);
    const read = first.filter((h) => h.metadataFetchedAt !== null);
    expect(read).toHaveLength(METADATA_READS_PER_RUN);
    expect(read.every((h) => h.metadataFetchedAt?.getTime() === T0.getTime())).toBe(true);
    // Each item read asked the node once (ERC-721) or twice (ERC-1155: tokenURI reverts, then uri).
    const badgesRead = read.filter((h) => h.contractAddress === BADGES).length;
    expect(server.count(ROUTES.rpc)).toBe(METADATA_READS_PER_RUN + badgesRead);
    const [wallet] = await suite.db.select().from(wallets).where(eq(wallets.id, walletId));
    expect(wallet).toMatchObject({ isSynchronized: true, syncError: null });

    syncClock.advance(HOUR);
    server.reset();
    await sync();
    const second = await holdings();
    expect(second.filter((h) => h.metadataFetchedAt === null)).toEqual([]);
    const readNow = second.filter((h) => h.metadataFetchedAt?.getTime() === syncClock.now().getTime());
    expect(readNow).toHaveLength(HELD_ITEMS - METADATA_READS_PER_RUN);
    expect(server.count(ROUTES.rpc)).toBe(readNow.length + readNow.filter((h) => h.contractAddress === BADGES).length);
  });

  it('stores name, image and traits, and GET non-fungible-tokens-summary shows them', async () => {
    const items = await summary();
    expect(items).toHaveLength(HELD_ITEMS);

    expect(item(items, DEVNET_NFT, 3n)).toMatchObject({
      name: 'Ledgerloop Devnet Collectible #3',
      collection: NFT_DEFINITION.name,
      image_url: `https://${DEVNET_HOST}/images/3.png`,
      network: 'ETHEREUM',
      properties: [
        { property_id: 'Background', name: 'Teal' },
        { property_id: 'Level', name: '3' },
      ],
    });
    for (const id of DEVNET_IDS) {
      expect(item(items, DEVNET_NFT, id)).toMatchObject({ name: `Ledgerloop Devnet Collectible #${id.toString()}`, properties: [{ property_id: 'Background', name: background(id) }, { property_id: 'Level', name: id.toString() }] });
    }
    const [stored] = await suite.db
      .select()
      .from(nftHoldings)
      .where(and(eq(nftHoldings.walletId, walletId), eq(nftHoldings.contractAddress, DEVNET_NFT), eq(nftHoldings.nftId, '3')));
    expect(stored).toMatchObject({ standard: 'ERC721', metadataUrl: `${NFT_DEFINITION.baseUri}3.json`, amount: '1' });

    // The image goes onto the item's transaction rows too.
    const page = await json<TransactionPage>(await client.get(`${transactionEndpoints.listTransactions.path}?limit=100`));
    const received = page.results.filter((t) => t.nft_id === '3' && t.token.address === DEVNET_NFT);
    expect(received.map((t) => t.nft_image_url)).toEqual([`https://${DEVNET_HOST}/images/3.png`]);

    const sigil = item(items, SIGILS, 1n);
    expect(sigil).toMatchObject({ name: 'Sigil #1', collection: 'On-chain Sigils', properties: [{ property_id: 'Shape', name: 'Circle' }] });
    expect(sigil?.image_url).toBe(`data:image/svg+xml;base64,${Buffer.from(SIGIL_SVG, 'utf8').toString('base64')}`);
  });

  it('reads ERC-1155 metadata from ipfs:// through IPFS_GATEWAY, the image resolved through the gateway too', async () => {
    const items = await summary();
    expect(item(items, BADGES, 7n)).toMatchObject({
      name: 'Badge 7',
      collection: 'Ledgerloop Badges',
      image_url: `${server.url}/gateway/ipfs/${CID}/art/7.png`,
      properties: [
        { property_id: 'rarity', name: 'rare' },
        { property_id: 'season', name: '2024' },
      ],
    });
    expect(item(items, BADGES, 42n)).toMatchObject({ name: 'Badge 42', image_url: `${server.url}/gateway/ipfs/${CID}/art/42.png` });
    const badges = await suite.db.select().from(nftHoldings).where(and(eq(nftHoldings.walletId, walletId), eq(nftHoldings.contractAddress, BADGES)));
    expect(badges.map((b) => [b.nftId, b.standard, b.amount, b.metadataUrl]).sort()).toEqual([
      ['42', 'ERC1155', '1', `ipfs://${CID}/${(42n).toString(16).padStart(64, '0')}.json`],
      ['7', 'ERC1155', '3', `ipfs://${CID}/${(7n).toString(16).padStart(64, '0')}.json`],
    ]);
  });

  it('a failing metadata host leaves the item without metadata and does not fail the sync', async () => {
    const frames = await framesHolding();
    expect(frames).toMatchObject({ name: '', imageUrl: null, properties: [], collection: 'Flaky Frames' });
    expect(frames?.metadataFetchedAt).not.toBeNull();
    expect(item(await summary(), FRAMES, 5n)).toMatchObject({ name: '', image_url: null, properties: [] });
    const [wallet] = await suite.db.select().from(wallets).where(eq(wallets.id, walletId));
    expect(wallet).toMatchObject({ isSynchronized: true, syncError: null });
  });

  it('asks the failing host again only a day after, then stores what it answers', async () => {
    const failedAt = (await framesHolding())?.metadataFetchedAt?.getTime() ?? Number.NaN;
    // The host is back, but within the day nothing is due: no metadata request at all.
    server.route(ROUTES.framesHost, FRAMES_UP);
    syncClock.set(new Date(failedAt + DAY - 60_000));
    server.reset();
    await sync();
    expect(metadataRequests()).toBe(0);
    expect(server.count(ROUTES.rpc)).toBe(0);
    expect((await framesHolding())?.metadataFetchedAt?.getTime()).toBe(failedAt);

    // A day later only that item is read again.
    syncClock.set(new Date(failedAt + DAY + 60_000));
    server.reset();
    await sync();
    expect(server.count(ROUTES.framesHost)).toBe(1);
    expect(metadataRequests()).toBe(1);
    expect(server.count(ROUTES.rpc)).toBe(1);
    const frames = await framesHolding();
    expect(frames).toMatchObject({ name: 'Frame #5', imageUrl: `https://${FRAMES_HOST}/frames/5.png`, properties: [{ property_id: 'Border', name: 'Gold' }] });
    expect(frames?.metadataFetchedAt?.getTime()).toBe(syncClock.now().getTime());
    expect(item(await summary(), FRAMES, 5n)).toMatchObject({ name: 'Frame #5', image_url: `https://${FRAMES_HOST}/frames/5.png` });

    // Every item now has its image: later runs read nothing.
    const missing = await suite.db.select().from(nftHoldings).where(and(eq(nftHoldings.walletId, walletId), isNull(nftHoldings.imageUrl)));
    expect(missing).toEqual([]);
    const withMetadata = await suite.db.select().from(nftHoldings).where(and(eq(nftHoldings.walletId, walletId), isNotNull(nftHoldings.metadataFetchedAt)));
    expect(withMetadata).toHaveLength(HELD_ITEMS);
    syncClock.advance(3 * DAY);
    server.reset();
    await sync();
    expect(metadataRequests()).toBe(0);
  });
});
