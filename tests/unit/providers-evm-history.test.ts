import '../setup/no-network';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient, ProviderError, type HttpClient } from '../../src/server/providers/http/http-client';
import { createBlockscoutProvider } from '../../src/server/providers/evm-history/blockscout';
import { createEtherscanCompatibleProvider } from '../../src/server/providers/evm-history/etherscan-compatible';
import { createEtherscanV2Provider } from '../../src/server/providers/evm-history/etherscan-v2';
import { createEvmHistoryProviders } from '../../src/server/providers/evm-history/provider-for-network';
import { createRoutescanProvider } from '../../src/server/providers/evm-history/routescan';
import { createRpcPublicClient } from '../../src/server/providers/evm-balance/rpc-client';
import { toRawTransfer } from '../../src/server/providers/evm-history/etherscan-rows';
import { evmTransferDrafts } from '../../src/server/sync/evm/evm-rows';
import { createTokenCatalog } from '../../src/server/sync/token-catalog';
import type { EvmNetwork } from '../../src/shared/enums';
import type {
  EvmHistoryProvider,
  EvmTransferPage,
  ListTransfersParams,
  RawEvmTransfer,
} from '../../src/server/providers/evm-history/types';
import {
  byQuery,
  fakeClock,
  startProviderServer,
  type Fixture,
  type FixtureRequest,
  type ProviderServer,
} from '../fixtures/provider-server';

function nth<T>(list: readonly T[], index: number): T {
  const item = list.at(index);
  if (item === undefined) throw new Error(`Expected an item at ${index}`);
  return item;
}


const WALLET = '0x5a0b54d5dc17e0aadc383d2db43b0a0d3e029c4c';
const OTHER = '0x8ba1f109551bd432803012645ac136ddd64dba72';
const USDT = '0xdac17f958d2ee523a2206206994597c13d831ec7';
const API_KEY = 'TESTKEY0123456789';

function quietHttp(): HttpClient {
  const clock = fakeClock();
  return createHttpClient({ now: clock.now, sleep: clock.sleep, random: () => 0, logger: { warn: () => {} } });
}

async function collect(provider: EvmHistoryProvider, params: Partial<ListTransfersParams> = {}) {
  const pages: EvmTransferPage[] = [];
  for await (const page of provider.listTransfers({
    network: 'ETHEREUM',
    address: WALLET,
    kind: 'normal',
    fromBlock: 0n,
    ...params,
  })) {
    pages.push(page);
  }
  return { pages, items: pages.flatMap((page) => page.items) };
}

const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;

interface GeneratedRow {
  blockNumber: string;
  [field: string]: string;
}

/** Answers like an Etherscan-compatible explorer over a generated, block-sorted list of rows. */
function explorer(rows: GeneratedRow[], resultWindow = 10_000) {
  return (req: FixtureRequest): Fixture | string => {
    const start = BigInt(req.query.get('startblock') ?? '0');
    const endText = req.query.get('endblock');
    const end = endText === null ? null : BigInt(endText);
    const page = Number(req.query.get('page') ?? '1');
    const offset = Number(req.query.get('offset') ?? '10000');
    if (page * offset > resultWindow) return 'etherscan/result-window.json';
    const matching = rows.filter((row) => {
      const block = BigInt(row.blockNumber);
      return block >= start && (end === null || block <= end);
    });
    const slice = matching.slice((page - 1) * offset, page * offset);
    if (slice.length === 0) return 'etherscan/no-transactions.json';
    return { source: 'synthetic', note: 'Generated page of an Etherscan-compatible list.', body: { status: '1', message: 'OK', result: slice } };
  };
}

function tokenRow(i: number, block: number): GeneratedRow {
  return {
    blockNumber: String(block),
    timeStamp: String(1_600_000_000 + block * 12),
    hash: hash(Math.floor(i / 2) + 1),
    nonce: String(i),
    blockHash: hash(block),
    from: OTHER,
    contractAddress: USDT,
    to: WALLET,
    value: String(i + 1),
    tokenName: 'Tether USD',
    tokenSymbol: 'USDT',
    tokenDecimal: '6',
    transactionIndex: String(i % 50),
    gas: '60000',
    gasPrice: '1000000000',
    gasUsed: '50000',
    cumulativeGasUsed: '900000',
    input: 'deprecated',
    confirmations: '100',
  };
}

describe('Etherscan V2', () => {
  let server: ProviderServer;
  let provider: EvmHistoryProvider;

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
    provider = createEtherscanV2Provider({ apiKey: API_KEY, baseUrl: `${server.url}/v2/api` }, quietHttp());
  });
  afterAll(() => server.close());
  afterEach(() => server.reset());

  it('asks /v2/api with chainid, the key and the account list parameters', async () => {
    await collect(provider, { network: 'POLYGON', address: WALLET.toUpperCase().replace('0X', '0x') as `0x${string}`, fromBlock: 123n });
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]).toMatchObject({
      method: 'GET',
      path: '/v2/api',
      query: {
        chainid: '137',
        apikey: API_KEY,
        module: 'account',
        action: 'txlist',
        address: WALLET,
        startblock: '123',
        page: '1',
        offset: '1000',
        sort: 'asc',
      },
    });
    expect(nth(server.requests, 0).query).not.toHaveProperty('endblock');
    await collect(provider, { network: 'BINANCE_SMART_CHAIN', fromBlock: 5n, toBlock: 99n, kind: 'erc1155' });
    expect(nth(server.requests, 1).query).toMatchObject({ chainid: '56', action: 'token1155tx', startblock: '5', endblock: '99' });
  });

  it('reads normal transactions', async () => {
    const { pages, items } = await collect(provider, { kind: 'normal' });
    expect(pages).toHaveLength(1);
    expect(nth(pages, 0).lastBlock).toBe(14923720n);
    expect(items).toHaveLength(3);
    const [creation, incoming, failed] = items as [RawEvmTransfer, RawEvmTransfer, RawEvmTransfer];
    expect(creation).toMatchObject({
      kind: 'normal',
      blockNumber: 14923678n,
      from: WALLET,
      to: null,
      value: 0n,
      contractAddress: '0xc5102fe9359fd9a28f877a67e36b0f050d81a3cc',
      gas: 6000000n,
      gasPrice: 83924748773n,
      gasUsed: 4730813n,
      isError: false,
      methodId: '0x61016060',
      functionName: null,
      logIndex: null,
      tokenAddress: null,
      transactionIndex: 61,
    });
    expect(creation.timestamp.toISOString()).toBe(new Date(1654646411 * 1000).toISOString());
    expect(incoming).toMatchObject({ to: WALLET, value: 1500000000000000000n, contractAddress: null, isError: false });
    expect(failed).toMatchObject({ isError: true, functionName: 'transfer(address _to, uint256 _value)', gasUsed: 31200n });
  });

  it('reads internal transfers and keeps equal ones apart by trace', async () => {
    const { items } = await collect(provider, { kind: 'internal' });
    expect(items).toHaveLength(2);
    expect(items.map((t) => t.traceId)).toEqual(['0_1_1', '0_1_2']);
    expect(items[0]).toMatchObject({ kind: 'internal', to: WALLET, value: 250000000000000000n, gasPrice: null, isError: false });
  });

  it('reads ERC-20 transfers in base units with the token', async () => {
    const { items } = await collect(provider, { kind: 'erc20' });
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({
      kind: 'erc20',
      value: 2500000000n,
      tokenAddress: USDT,
      tokenSymbol: 'USDT',
      tokenName: 'Tether USD',
      tokenDecimals: 6,
      tokenId: null,
      contractAddress: null,
      to: WALLET,
    });
    expect(items[1]).toMatchObject({ from: WALLET, to: OTHER, value: 1000000n });
  });

  it('reads ERC-721 transfers as one token each', async () => {
    const { items } = await collect(provider, { kind: 'erc721' });
    expect(items).toEqual([
      expect.objectContaining({
        kind: 'erc721',
        tokenId: 1423n,
        value: 1n,
        tokenDecimals: 0,
        tokenSymbol: 'CK',
        from: '0x0000000000000000000000000000000000000000',
        tokenAddress: '0x06012c8cf97bead5deae237070f9587f8e7a266d',
      }),
    ]);
  });

  it('reads ERC-1155 transfers with uint256 ids and quantities', async () => {
    const { items } = await collect(provider, { kind: 'erc1155' });
    expect(items[0]).toMatchObject({
      kind: 'erc1155',
      tokenId: 2n ** 256n - 1n,
      value: 12n,
      tokenSymbol: 'ASSET',
    });
  });

  it('does not serve networks missing from Etherscan V2', async () => {
    expect(provider.supports('RONIN')).toBe(false);
    expect(provider.supports('ETHEREUM')).toBe(true);
    await expect(collect(provider, { network: 'RONIN' })).rejects.toMatchObject({ kind: 'client_error' });
    expect(server.requests).toHaveLength(0);
  });
});

describe('explorer replies', () => {
  let server: ProviderServer;
  beforeAll(async () => {
    server = await startProviderServer();
  });
  afterAll(() => server.close());
  afterEach(() => server.reset());

  function providerFor(route: Parameters<ProviderServer['route']>[1]): EvmHistoryProvider {
    server.route('GET /v2/api', route);
    return createEtherscanV2Provider({ apiKey: API_KEY, baseUrl: `${server.url}/v2/api` }, quietHttp());
  }

  it('treats "No transactions found" as an empty history', async () => {
    const { pages } = await collect(providerFor('etherscan/no-transactions.json'));
    expect(pages).toEqual([]);
    expect(server.count('/v2/api')).toBe(1);
  });

  it('retries "Max rate limit reached" and NOTOK rate-limit replies', async () => {
    const provider = providerFor(['etherscan/max-rate-limit.json', 'etherscan/rate-limited.json', 'etherscan/txlist.json']);
    const { items } = await collect(provider);
    expect(items).toHaveLength(3);
    expect(server.count('/v2/api')).toBe(3);
  });

  it('reports a rate limit that does not lift as rate_limited', async () => {
    const error = await collect(providerFor('etherscan/rate-limited.json')).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'rate_limited', provider: 'Etherscan' });
    expect((error as Error).message).toBe('Etherscan is limiting requests; retrying later.');
    expect(server.count('/v2/api')).toBe(5);
  });

  it('fails at once on an invalid API key, without leaking it', async () => {
    const error = await collect(providerFor('etherscan/invalid-api-key.json')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ kind: 'client_error', retryable: false });
    expect((error as Error).message).toBe('Etherscan refused the API key; check the key in the server configuration.');
    expect(server.count('/v2/api')).toBe(1);

    // An explorer that echoes the key back in its reply.
    const echoing = providerFor((req) => ({
      source: 'synthetic',
      note: 'Invalid-key reply that repeats the key.',
      body: { status: '0', message: 'NOTOK', result: `Invalid API Key (#err2)|${req.query.get('apikey') ?? ''}` },
    }));
    const echoed = (await collect(echoing).catch((e: unknown) => e)) as ProviderError;
    expect(echoed.kind).toBe('client_error');
    expect(echoed.detail).toContain('Invalid API Key (#err2)|***');
    expect(JSON.stringify({ echoed, detail: echoed.detail, message: echoed.message })).not.toContain(API_KEY);
  });

  it('explains a chain the API plan does not cover, so another source may serve it', async () => {
    const error = await collect(providerFor('etherscan/plan-not-supported.json'), { network: 'BINANCE_SMART_CHAIN' }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ kind: 'client_error', networkNotServed: true, retryable: false });
    expect((error as Error).message).toBe('Etherscan does not serve BSC with the configured API key.');
  });

  it('takes "chain not supported" as a network the explorer does not serve', async () => {
    server.route('GET /v2/network/mainnet/evm/:chainId/etherscan/api', 'routescan/chain-not-supported.json');
    const provider = createRoutescanProvider({ baseUrl: server.url, networks: ['BINANCE_SMART_CHAIN'] }, quietHttp());
    const error = await collect(provider, { network: 'BINANCE_SMART_CHAIN' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'client_error', networkNotServed: true });
    expect((error as Error).message).toBe('Routescan does not serve BSC.');
    expect(server.count('/v2/network/mainnet/evm/56/etherscan/api')).toBe(1);
  });

  it('does not take an invalid key for a network it does not serve', async () => {
    const error = await collect(providerFor('etherscan/invalid-api-key.json')).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'client_error', networkNotServed: false });
  });

  it('retries a 429 with Retry-After and a 503', async () => {
    const { items } = await collect(providerFor(['etherscan/http-429.json', 'etherscan/http-503.json', 'etherscan/txlist.json']));
    expect(items).toHaveLength(3);
    expect(server.count('/v2/api')).toBe(3);
  });

  it('rejects malformed rows as bad_response', async () => {
    const error = await collect(providerFor('etherscan/malformed-row.json')).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'bad_response' });
    expect((error as ProviderError).detail).toContain('blockNumber');
  });
});

describe('paging', () => {
  let server: ProviderServer;
  beforeAll(async () => {
    server = await startProviderServer();
  });
  afterAll(() => server.close());
  afterEach(() => server.reset());

  function etherscanOver(rows: GeneratedRow[], pageSize?: number): EvmHistoryProvider {
    server.route('GET /v2/api', explorer(rows));
    return createEtherscanV2Provider(
      { apiKey: API_KEY, baseUrl: `${server.url}/v2/api`, ...(pageSize ? { pageSize } : {}) },
      quietHttp(),
    );
  }

  it('reads 25,000 transfers, past the 10,000 result window, completely and once each', async () => {
    const rows: GeneratedRow[] = [];
    for (let i = 0; i < 25_000; i++) {
      const block = i < 19_000 ? 1000 + Math.floor(i / 3) : i < 20_500 ? 8000 : 8001 + Math.floor((i - 20_500) / 3);
      rows.push(tokenRow(i, block));
    }
    const { pages, items } = await collect(etherscanOver(rows), { kind: 'erc20' });

    expect(items).toHaveLength(25_000);
    expect(items.map((t) => t.value)).toEqual(rows.map((_row, i) => BigInt(i + 1)));
    for (let i = 1; i < pages.length; i++) expect(nth(pages, i).lastBlock >= nth(pages, i - 1).lastBlock).toBe(true);
    expect(nth(pages, -1).lastBlock).toBe(BigInt(8001 + Math.floor((24_999 - 20_500) / 3)));

    // 10 pages per window; restarts from the last block seen (4333, then the busy block 8000).
    const starts = server.requests.map((r) => `${r.query.startblock}:${r.query.page}`);
    expect(starts).toEqual([
      ...Array.from({ length: 10 }, (_, i) => `0:${i + 1}`),
      ...Array.from({ length: 10 }, (_, i) => `4333:${i + 1}`),
      ...Array.from({ length: 7 }, (_, i) => `8000:${i + 1}`),
    ]);
    expect(server.requests.every((r) => Number(r.query.page) * Number(r.query.offset) <= 10_000)).toBe(true);
  });

  it('stops on a short page without asking for an empty one', async () => {
    const rows = Array.from({ length: 2500 }, (_, i) => tokenRow(i, 100 + i));
    const { items } = await collect(etherscanOver(rows), { kind: 'erc20' });
    expect(items).toHaveLength(2500);
    expect(server.count('/v2/api')).toBe(3);
  });

  it('ends on an empty page when the last one was full', async () => {
    const rows = Array.from({ length: 40 }, (_, i) => tokenRow(i, 100 + i));
    const { pages, items } = await collect(etherscanOver(rows, 20), { kind: 'erc20' });
    expect(items).toHaveLength(40);
    // The last block read stays back until the next page shows whether it goes on.
    expect(pages.map((page) => [page.items.length, page.lastBlock])).toEqual([
      [19, 119n],
      [20, 139n],
      [1, 139n],
    ]);
    expect(server.count('/v2/api')).toBe(3);
  });

  it('never splits a block across pages, so an ERC-1155 batch split by the explorer stays whole', async () => {
    // Batches of 5 to 9 token ids (one row each, all with the batch's log index), so both page edges (7 rows)
    // and restarts after the result window (21 rows) fall inside batches.
    const rows: GeneratedRow[] = [];
    for (let b = 0; b < 12; b++) {
      const block = 500 + Math.floor(b / 2);
      for (let id = 0; id < 5 + (b % 5); id++) {
        rows.push({
          ...tokenRow(rows.length, block),
          hash: hash(9000 + b),
          logIndex: String(b % 2),
          contractAddress: '0x76be3b62873462d2142405439777e971754e8e77',
          tokenID: String(1000 - id * 7),
          tokenValue: String(id + 1),
          tokenName: "Sandbox's ASSETs",
          tokenSymbol: 'ASSET',
          tokenDecimal: '0',
        });
      }
    }
    server.route('GET /api', explorer(rows, 21));
    const paged = createEtherscanCompatibleProvider(
      { name: 'test', displayName: 'Test explorer', endpointFor: () => `${server.url}/api`, rateLimit: { key: 'k', perSecond: 100 }, pageSize: 7, resultWindow: 21 },
      quietHttp(),
    );
    const { pages, items } = await collect(paged, { kind: 'erc1155' });
    expect(items).toHaveLength(rows.length);
    const blocksSeen = pages.map((page) => new Set(page.items.map((t) => t.blockNumber)));
    for (let i = 1; i < blocksSeen.length; i++) {
      for (const block of nth(blocksSeen, i)) expect(nth(blocksSeen, i - 1).has(block)).toBe(false);
    }

    // Rows stored page by page get the same keys as all rows at once: none collide, none is lost.
    const target = { walletId: 'w', userId: 'u', network: 'ETHEREUM' as const, address: WALLET };
    const catalog = createTokenCatalog();
    const key = (d: { txHash: string; logIndex: number }) => `${d.txHash}:${String(d.logIndex)}`;
    const pageByPage = pages.flatMap((page) => evmTransferDrafts(target, page.items, catalog)).map(key);
    const atOnce = evmTransferDrafts(target, items, catalog).map(key);
    expect(new Set(pageByPage).size).toBe(rows.length);
    expect(pageByPage.sort()).toEqual(atOnce.sort());
  });

  it('honours the block range', async () => {
    const rows = Array.from({ length: 50 }, (_, i) => tokenRow(i, 100 + i));
    const { items } = await collect(etherscanOver(rows), { kind: 'erc20', fromBlock: 110n, toBlock: 119n });
    expect(items.map((t) => t.blockNumber)).toEqual(Array.from({ length: 10 }, (_, i) => BigInt(110 + i)));
  });

  it('skips on past a block holding more than a whole result window, with a warning', async () => {
    const rows = [
      ...Array.from({ length: 5 }, (_, i) => tokenRow(i, 10)),
      ...Array.from({ length: 25 }, (_, i) => tokenRow(100 + i, 11)),
      ...Array.from({ length: 5 }, (_, i) => tokenRow(200 + i, 12)),
    ];
    server.route('GET /api', explorer(rows, 20));
    const warnings: string[] = [];
    const provider = createEtherscanCompatibleProvider(
      {
        name: 'test',
        displayName: 'Test explorer',
        endpointFor: () => `${server.url}/api`,
        rateLimit: { key: 'k', perSecond: 100 },
        pageSize: 10,
        resultWindow: 20,
        logger: { warn: (msg) => warnings.push(msg) },
      },
      quietHttp(),
    );
    const { items } = await collect(provider, { kind: 'erc20' });
    const perBlock = new Map<bigint, number>();
    for (const t of items) perBlock.set(t.blockNumber, (perBlock.get(t.blockNumber) ?? 0) + 1);
    expect([...perBlock]).toEqual([
      [10n, 5],
      [11n, 20],
      [12n, 5],
    ]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('block 11');
  });

  it('refuses a page size beyond the result window', () => {
    expect(() => createEtherscanV2Provider({ apiKey: API_KEY, pageSize: 20_000 }, quietHttp())).toThrow(RangeError);
  });
});

describe('Blockscout and Routescan', () => {
  let server: ProviderServer;
  beforeAll(async () => {
    server = await startProviderServer({
      'GET /eth/api': byQuery('action', {
        txlist: 'blockscout/txlist.json',
        tokentx: 'blockscout/tokentx.json',
        tokennfttx: 'blockscout/no-token-transfers.json',
      }),
      'GET /v2/network/mainnet/evm/:chainId/etherscan/api': ['routescan/http-429.json', 'routescan/txlist.json'],
    });
  });
  afterAll(() => server.close());
  afterEach(() => server.reset());

  it('asks a per-network Blockscout instance, with the key only when one is set', async () => {
    const anonymous = createBlockscoutProvider({ baseUrls: { ETHEREUM: `${server.url}/eth/api` } }, quietHttp());
    const { items } = await collect(anonymous);
    expect(items).toEqual([expect.objectContaining({ to: WALLET, value: 42000000000000000n, blockNumber: 18000100n })]);
    expect(server.requests[0]).toMatchObject({
      path: '/eth/api',
      query: { module: 'account', action: 'txlist', address: WALLET, startblock: '0', page: '1', offset: '1000', sort: 'asc' },
    });
    expect(nth(server.requests, 0).query).not.toHaveProperty('apikey');
    expect(nth(server.requests, 0).query).not.toHaveProperty('chainid');

    const keyed = createBlockscoutProvider({ baseUrls: { ETHEREUM: `${server.url}/eth/api` }, apiKey: 'bs-key' }, quietHttp());
    const tokens = await collect(keyed, { kind: 'erc20' });
    expect(nth(server.requests, 1).query).toMatchObject({ action: 'tokentx', apikey: 'bs-key' });
    expect(tokens.items[0]).toMatchObject({ logIndex: 87, tokenSymbol: 'USDC', tokenDecimals: 6, value: 125000000n, from: WALLET });

    const none = await collect(keyed, { kind: 'erc721' });
    expect(none.pages).toEqual([]);
  });

  it('serves only networks with a Blockscout instance', () => {
    const provider = createBlockscoutProvider({}, quietHttp());
    expect(provider.supports('ETHEREUM')).toBe(true);
    expect(provider.supports('POLYGON')).toBe(true);
    expect(provider.supports('FANTOM')).toBe(false);
  });

  it('asks Routescan with the chain id in the path, retrying its 429', async () => {
    const provider = createRoutescanProvider({ baseUrl: server.url }, quietHttp());
    const { items } = await collect(provider, { network: 'AVALANCHE' });
    expect(items).toEqual([expect.objectContaining({ from: WALLET, value: 3000000000000000000n })]);
    expect(server.requests.map((r) => r.path)).toEqual([
      '/v2/network/mainnet/evm/43114/etherscan/api',
      '/v2/network/mainnet/evm/43114/etherscan/api',
    ]);
    expect(nth(server.requests, 1).query).toMatchObject({ module: 'account', action: 'txlist', sort: 'asc' });
    expect(nth(server.requests, 1).query).not.toHaveProperty('apikey');
  });
});

describe('provider per network', () => {
  const http = quietHttp();

  it('prefers Etherscan V2 when a key is set', () => {
    const providers = createEvmHistoryProviders({ etherscanApiKey: API_KEY }, http);
    expect(providers.forNetwork('ETHEREUM')?.name).toBe('etherscan');
    expect(providers.forNetwork('BINANCE_SMART_CHAIN')?.name).toBe('etherscan');
    expect(providers.candidates('ETHEREUM').map((p) => p.name)).toEqual(['etherscan', 'blockscout', 'routescan']);
    expect(providers.candidates('AVALANCHE').map((p) => p.name)).toEqual(['etherscan', 'routescan']);
  });

  it('falls back to Blockscout, then Routescan, without a key', () => {
    const providers = createEvmHistoryProviders({}, http);
    expect(providers.all.map((p) => p.name)).toEqual(['blockscout', 'routescan']);
    expect(providers.forNetwork('ETHEREUM')?.name).toBe('blockscout');
    expect(providers.forNetwork('POLYGON')?.name).toBe('blockscout');
    expect(providers.forNetwork('AVALANCHE')?.name).toBe('routescan');
    expect(providers.forNetwork('FANTOM')?.name).toBe('routescan');
    expect(providers.forNetwork('RONIN')?.name).toBe('blockscout');
    expect(providers.forNetwork('BINANCE_SMART_CHAIN')).toBeNull();
    expect(providers.unserved()).toEqual(['BINANCE_SMART_CHAIN']);
  });

  it('gives every network a source once the JSON-RPC nodes are there, last and as a last resort', () => {
    const clients = new Map<string, unknown>();
    const clientFor = (network: EvmNetwork) => {
      clients.set(network, true);
      return createRpcPublicClient({ rpcUrl: 'http://127.0.0.1:1', chainId: 1 });
    };
    const providers = createEvmHistoryProviders({ rpc: { clientFor } }, http);
    expect(providers.unserved()).toEqual([]);
    expect(providers.forNetwork('BINANCE_SMART_CHAIN')).toMatchObject({ name: 'rpc', lastResort: true });
    expect(providers.candidates('ETHEREUM').map((p) => p.name)).toEqual(['blockscout', 'routescan', 'rpc']);
    expect(providers.candidates('FANTOM').map((p) => [p.name, p.lastResort === true])).toEqual([
      ['routescan', false],
      ['rpc', true],
    ]);
    // Clients are made when history is read, not when providers are listed.
    expect(clients.size).toBe(0);
    const keyed = createEvmHistoryProviders({ etherscanApiKey: API_KEY, rpc: { clientFor, networks: ['BINANCE_SMART_CHAIN'] } }, http);
    expect(keyed.candidates('BINANCE_SMART_CHAIN').map((p) => p.name)).toEqual(['etherscan', 'rpc']);
    expect(keyed.candidates('POLYGON').map((p) => p.name)).toEqual(['etherscan', 'blockscout']);
  });

  it('takes configured endpoints for other networks', () => {
    const providers = createEvmHistoryProviders(
      { baseUrls: { blockscout: { FANTOM: 'http://127.0.0.1:1/api' } }, routescanNetworks: ['ETHEREUM'] },
      http,
    );
    expect(providers.forNetwork('FANTOM')?.name).toBe('blockscout');
    expect(providers.candidates('ETHEREUM').map((p) => p.name)).toEqual(['blockscout', 'routescan']);
    expect(providers.forNetwork('AVALANCHE')).toBeNull();
  });

  it('asks the public explorers at their documented addresses', async () => {
    const server = await startProviderServer({
      'GET /api': 'etherscan/no-transactions.json',
      'GET /v2/network/mainnet/evm/:chainId/etherscan/api': 'etherscan/no-transactions.json',
    });
    try {
      // The explorers' own hosts, answered by the fixture server.
      const asked: string[] = [];
      const toFixtures: typeof fetch = (input, init) => {
        const url = new URL(input instanceof Request ? input.url : input.toString());
        asked.push(`${url.host}${url.pathname}`);
        return fetch(`${server.url}${url.pathname}${url.search}`, init);
      };
      const clock = fakeClock();
      const viaFixtures = createHttpClient({ fetch: toFixtures, now: clock.now, sleep: clock.sleep, logger: { warn: () => {} } });
      const providers = createEvmHistoryProviders({}, viaFixtures);
      for (const network of ['RONIN', 'FANTOM', 'AVALANCHE', 'POLYGON'] as const) {
        const provider = providers.forNetwork(network);
        if (!provider) throw new Error(`No provider for ${network}`);
        await collect(provider, { network });
      }
      expect(asked).toEqual([
        'explorer.roninchain.com/api',
        'api.routescan.io/v2/network/mainnet/evm/250/etherscan/api',
        'api.routescan.io/v2/network/mainnet/evm/43114/etherscan/api',
        'polygon.blockscout.com/api',
      ]);
    } finally {
      await server.close();
    }
  });
});

describe('explorer rows without a method selector', () => {
  it('take the selector from the call data, as explorers without `methodId` give it', () => {
    const row = {
      blockNumber: '100',
      timeStamp: '1700000000',
      hash: `0x${'ab'.repeat(32)}`,
      from: `0x${'11'.repeat(20)}`,
      to: `0x${'22'.repeat(20)}`,
      value: '0',
      isError: '0',
      input: '0x8264FE98000000000000000000000000000000000000000000000000000000000000000a',
    };
    expect(toRawTransfer('normal', row).methodId).toBe('0x8264fe98');
    expect(toRawTransfer('normal', { ...row, methodId: '0xa9059cbb' }).methodId).toBe('0xa9059cbb');
    expect(toRawTransfer('normal', { ...row, input: '0x' }).methodId).toBeNull();
  });
});
