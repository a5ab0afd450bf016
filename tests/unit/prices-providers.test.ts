import { afterEach, describe, expect, it } from 'vitest';
import { createHttpClient, ProviderError, type HttpClient } from '../../src/server/providers/http/http-client';
import { createCoinGeckoClient, coinGeckoDate } from '../../src/server/providers/prices/coingecko';
import { createDefiLlamaProvider, defiLlamaCoinIds } from '../../src/server/providers/prices/defillama';
import { tokenKey, type TokenRef } from '../../src/server/providers/prices/types';
import { startProviderServer, type ProviderServer } from '../fixtures/provider-server';

const DAY = 86_400_000;
const NOW = Date.UTC(2024, 10, 22, 12, 0, 0);

function testClock() {
  let now = NOW;
  const sleeps: number[] = [];
  return {
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
    sleeps,
    http: (): HttpClient =>
      createHttpClient({
        now: () => now,
        sleep: async (ms) => {
          sleeps.push(ms);
          now += ms;
        },
        random: () => 0.5,
        logger: { warn: () => undefined },
      }),
  };
}

const ETH: TokenRef = { network: 'ETHEREUM', address: 'native' };
const BTC: TokenRef = { network: 'BITCOIN', address: 'native' };
const BNB: TokenRef = { network: 'BINANCE_SMART_CHAIN', address: 'native' };
const POL: TokenRef = { network: 'POLYGON', address: 'native' };
const USDC: TokenRef = { network: 'ETHEREUM', address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' };
const USDT_POLYGON: TokenRef = { network: 'POLYGON', address: '0xc2132D05D31c914a87C6611C10748AEb04B58e8F' };
const UNKNOWN: TokenRef = { network: 'FANTOM', address: '0x1111111111111111111111111111111111111111' };

let server: ProviderServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('DefiLlama', () => {
  it('maps tokens to DefiLlama coin ids', () => {
    expect(defiLlamaCoinIds(ETH)).toEqual(['coingecko:ethereum']);
    expect(defiLlamaCoinIds(POL)).toEqual(['coingecko:polygon-ecosystem-token', 'coingecko:matic-network']);
    expect(defiLlamaCoinIds(USDC)).toEqual(['ethereum:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48']);
    expect(defiLlamaCoinIds({ network: 'AVALANCHE', address: '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E' })).toEqual([
      'avax:0xb97ef9ef8734c71904d8002f8b6bc66dd9c48a6e',
    ]);
    expect(defiLlamaCoinIds({ network: 'BINANCE_SMART_CHAIN', address: '0x55d398326f99059fF775485246999027B3197955' })[0]).toMatch(/^bsc:/);
  });

  it('reads current prices in one request and caches them about a minute', async () => {
    server = await startProviderServer({ 'GET /prices/current/:coins': 'defillama/prices-current.json' });
    const clock = testClock();
    const provider = createDefiLlamaProvider({ baseUrl: server.url }, clock.http());

    const prices = await provider.currentPrices([ETH, USDC, USDT_POLYGON, BTC, UNKNOWN], 'USD');
    expect(server.requests).toHaveLength(1);
    expect(decodeURIComponent(server.requests[0]?.path ?? '')).toBe(
      '/prices/current/coingecko:bitcoin,coingecko:ethereum,ethereum:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48,fantom:0x1111111111111111111111111111111111111111,polygon:0xc2132d05d31c914a87c6611c10748aeb04b58e8f',
    );
    expect(prices.get(tokenKey(ETH))?.toFixed()).toBe('3512.37');
    expect(prices.get(tokenKey(USDC))?.toFixed()).toBe('0.999874');
    expect(prices.get('POLYGON:0xc2132d05d31c914a87c6611c10748aeb04b58e8f')?.toFixed()).toBe('1.0003');
    expect(prices.get(tokenKey(BTC))?.toFixed()).toBe('98412.5');
    expect(prices.has(tokenKey(UNKNOWN))).toBe(false);

    await provider.currentPrices([ETH, USDC, USDT_POLYGON, BTC, UNKNOWN], 'USD');
    expect(server.requests).toHaveLength(1);
    clock.advance(61_000);
    await provider.currentPrices([ETH, USDC, USDT_POLYGON, BTC, UNKNOWN], 'USD');
    expect(server.requests).toHaveLength(2);
  });

  it('splits many coins into batches', async () => {
    server = await startProviderServer({ 'GET /prices/current/:coins': 'defillama/prices-current.json' });
    const provider = createDefiLlamaProvider({ baseUrl: server.url, batchSize: 2 }, testClock().http());
    const prices = await provider.currentPrices([ETH, USDC, USDT_POLYGON, BTC, BNB], 'USD');
    expect(server.requests).toHaveLength(3);
    expect(prices.size).toBe(5);
  });

  it('asks historical prices at the start of the hour and keeps settled ones forever', async () => {
    server = await startProviderServer({
      'GET /prices/historical/:timestamp/:coins': (req) =>
        req.params.coins === 'coingecko:ethereum' ? 'defillama/prices-historical-eth.json' : 'defillama/prices-empty.json',
    });
    const clock = testClock();
    const provider = createDefiLlamaProvider({ baseUrl: server.url, now: clock.now }, clock.http());

    const at = new Date('2023-06-15T12:34:56Z');
    expect((await provider.historicalPrice(ETH, at))?.toFixed()).toBe('1649.87');
    expect(server.requests[0]).toMatchObject({
      path: '/prices/historical/1686830400/coingecko:ethereum',
      query: { searchWidth: '6h' },
    });
    // same hour, ten days later: still cached
    clock.advance(10 * DAY);
    expect((await provider.historicalPrice(ETH, new Date('2023-06-15T12:01:00Z')))?.toFixed()).toBe('1649.87');
    expect(server.requests).toHaveLength(1);

    expect(await provider.historicalPrice(UNKNOWN, at)).toBeNull();
  });

  it('keeps a recent historical price only like a current one', async () => {
    server = await startProviderServer({ 'GET /prices/historical/:timestamp/:coins': 'defillama/prices-historical-eth.json' });
    const clock = testClock();
    const provider = createDefiLlamaProvider({ baseUrl: server.url, now: clock.now }, clock.http());
    const recent = new Date(NOW - 3_600_000);
    await provider.historicalPrice(ETH, recent);
    clock.advance(30_000);
    await provider.historicalPrice(ETH, recent);
    expect(server.requests).toHaveLength(1);
    clock.advance(31_000);
    await provider.historicalPrice(ETH, recent);
    expect(server.requests).toHaveLength(2);
  });

  it("falls back to MATIC's history for Polygon's native coin", async () => {
    server = await startProviderServer({
      'GET /prices/historical/:timestamp/:coins': (req) =>
        req.params.coins === 'coingecko:matic-network'
          ? 'defillama/prices-historical-matic.json'
          : 'defillama/prices-empty.json',
    });
    const provider = createDefiLlamaProvider({ baseUrl: server.url }, testClock().http());
    expect((await provider.historicalPrice(POL, new Date('2023-06-15T12:00:00Z')))?.toFixed()).toBe('0.6321');
    expect(server.requests.map((r) => r.path.split('/').pop())).toEqual([
      'coingecko:polygon-ecosystem-token',
      'coingecko:matic-network',
    ]);
  });

  it('waits out a 429 and retries', async () => {
    server = await startProviderServer({
      'GET /prices/current/:coins': ['defillama/rate-limited.json', 'defillama/prices-current.json'],
    });
    const clock = testClock();
    const provider = createDefiLlamaProvider({ baseUrl: server.url }, clock.http());
    const prices = await provider.currentPrices([ETH], 'USD');
    expect(prices.get(tokenKey(ETH))?.toFixed()).toBe('3512.37');
    expect(server.requests).toHaveLength(2);
    expect(clock.sleeps).toContain(2000);
  });

  it('reports an outage as a ProviderError after its retries', async () => {
    server = await startProviderServer({ 'GET /prices/current/:coins': 'defillama/bad-gateway.json' });
    const provider = createDefiLlamaProvider({ baseUrl: server.url }, testClock().http());
    const failure = await provider.currentPrices([ETH], 'USD').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ProviderError);
    expect(failure).toMatchObject({ kind: 'unavailable', message: 'DefiLlama is not answering; retrying later.' });
    expect(server.requests).toHaveLength(5);
  });

  it('refuses an answer of the wrong shape', async () => {
    server = await startProviderServer({ 'GET /prices/current/:coins': 'defillama/malformed.json' });
    const provider = createDefiLlamaProvider({ baseUrl: server.url }, testClock().http());
    await expect(provider.currentPrices([ETH], 'USD')).rejects.toMatchObject({ kind: 'bad_response' });
  });

  it('asks nothing for an empty list', async () => {
    server = await startProviderServer({});
    const provider = createDefiLlamaProvider({ baseUrl: server.url }, testClock().http());
    expect((await provider.currentPrices([], 'USD')).size).toBe(0);
    expect(server.requests).toHaveLength(0);
  });
});

describe('CoinGecko', () => {
  it('formats history dates as dd-mm-yyyy in UTC', () => {
    expect(coinGeckoDate(new Date('2023-06-15T23:59:59Z'))).toBe('15-06-2023');
    expect(coinGeckoDate(new Date('2024-01-01T00:00:00Z'))).toBe('01-01-2024');
  });

  it('uses the public or the pro API with the right key header', async () => {
    const seen: { url: string; headers: Record<string, string> }[] = [];
    const fetchStub: typeof fetch = async (input, init) => {
      seen.push({ url: String(input), headers: { ...(init?.headers as Record<string, string>) } });
      return new Response(JSON.stringify({ ethereum: { usd: 1 } }), { headers: { 'content-type': 'application/json' } });
    };
    const http = createHttpClient({ fetch: fetchStub, sleep: async () => undefined });

    await createCoinGeckoClient({}, http).simplePrices(['ethereum'], ['usd']);
    await createCoinGeckoClient({ apiKey: 'demo-key' }, http).simplePrices(['ethereum'], ['eur']);
    await createCoinGeckoClient({ apiKey: 'pro-key', plan: 'pro' }, http).simplePrices(['ethereum'], ['jpy']);

    expect(seen[0]?.url).toBe('https://api.coingecko.com/api/v3/simple/price?ids=ethereum&vs_currencies=usd');
    expect(seen[0]?.headers).not.toHaveProperty('x-cg-demo-api-key');
    expect(seen[1]?.url).toMatch(/^https:\/\/api\.coingecko\.com\/api\/v3\/simple\/price\?/);
    expect(seen[1]?.headers['x-cg-demo-api-key']).toBe('demo-key');
    expect(seen[2]?.url).toMatch(/^https:\/\/pro-api\.coingecko\.com\/api\/v3\/simple\/price\?/);
    expect(seen[2]?.headers['x-cg-pro-api-key']).toBe('pro-key');
    expect(() => createCoinGeckoClient({ plan: 'pro' }, http)).toThrow(/needs an API key/);
  });

  it('reads current prices of natives and contracts', async () => {
    server = await startProviderServer({
      'GET /simple/price': 'coingecko/simple-price.json',
      'GET /simple/token_price/:platform': (req) =>
        req.params.platform === 'ethereum' && req.query.get('contract_addresses') === '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'
          ? 'coingecko/simple-token-price-ethereum.json'
          : 'coingecko/simple-token-price-empty.json',
    });
    const clock = testClock();
    const client = createCoinGeckoClient({ baseUrl: server.url }, clock.http());
    const prices = await client.currentPrices([ETH, BNB, USDC, USDT_POLYGON], 'USD');
    expect(prices.get(tokenKey(ETH))?.toFixed()).toBe('3498.02');
    expect(prices.get(tokenKey(BNB))?.toFixed()).toBe('620.11');
    expect(prices.get(tokenKey(USDC))?.toFixed()).toBe('0.999912');
    expect(prices.has(tokenKey(USDT_POLYGON))).toBe(false);

    expect(server.requests.map((r) => [r.path, r.query])).toEqual([
      ['/simple/price', { ids: 'binancecoin,ethereum', vs_currencies: 'usd' }],
      ['/simple/token_price/ethereum', { contract_addresses: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', vs_currencies: 'usd' }],
      ['/simple/token_price/polygon-pos', { contract_addresses: '0xc2132d05d31c914a87c6611c10748aeb04b58e8f', vs_currencies: 'usd' }],
    ]);
    // the public API's limit of about 30 calls a minute spaces the requests 2 s apart
    expect(clock.sleeps.filter((ms) => ms === 2000)).toHaveLength(2);
  });

  it('batches contracts on the pro API', async () => {
    server = await startProviderServer({ 'GET /simple/token_price/:platform': 'coingecko/simple-token-price-ethereum.json' });
    const client = createCoinGeckoClient({ baseUrl: server.url, plan: 'pro', apiKey: 'k' }, testClock().http());
    const other: TokenRef = { network: 'ETHEREUM', address: '0xdAC17F958D2ee523a2206206994597C13D831ec7' };
    await client.currentPrices([USDC, other], 'USD');
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.query.contract_addresses).toBe(
      '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48,0xdac17f958d2ee523a2206206994597c13d831ec7',
    );
  });

  it('reads historical prices by coin id from the token list', async () => {
    server = await startProviderServer({ 'GET /coins/:id/history': 'coingecko/coins-usd-coin-history.json' });
    const client = createCoinGeckoClient(
      { baseUrl: server.url, coinIdFor: (t) => (t.address.toLowerCase() === USDC.address.toLowerCase() ? 'usd-coin' : null) },
      testClock().http(),
    );
    expect((await client.historicalPrice(USDC, new Date('2023-06-15T18:00:00Z')))?.toFixed()).toBe('1.0002');
    expect(server.requests[0]).toMatchObject({ path: '/coins/usd-coin/history', query: { date: '15-06-2023', localization: 'false' } });
  });

  it('finds the coin id of a contract once', async () => {
    server = await startProviderServer({
      'GET /coins/:platform/contract/:address': (req) =>
        req.params.address === '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48' ? 'coingecko/contract-usdc.json' : 'coingecko/coin-not-found.json',
      'GET /coins/:id/history': 'coingecko/coins-usd-coin-history.json',
    });
    const client = createCoinGeckoClient({ baseUrl: server.url }, testClock().http());
    expect((await client.historicalPrice(USDC, new Date('2023-06-15T00:00:00Z')))?.toFixed()).toBe('1.0002');
    expect((await client.historicalPrice(USDC, new Date('2023-06-16T00:00:00Z')))?.toFixed()).toBe('1.0002');
    expect(server.count('GET /coins/:platform/contract/:address')).toBe(1);
    expect(server.requests[0]?.path).toBe('/coins/ethereum/contract/0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48');

    expect(await client.historicalPrice(UNKNOWN, new Date('2023-06-15T00:00:00Z'))).toBeNull();
    expect(await client.coinIdForContract(UNKNOWN)).toBeNull();
  });

  it("falls back to MATIC's history for Polygon's native coin", async () => {
    server = await startProviderServer({
      'GET /coins/:id/history': (req) =>
        req.params.id === 'matic-network'
          ? { source: 'synthetic', note: 'MATIC history for this test.', body: { id: 'matic-network', market_data: { current_price: { usd: 0.6299 } } } }
          : 'coingecko/coins-history-without-market-data.json',
    });
    const client = createCoinGeckoClient({ baseUrl: server.url }, testClock().http());
    expect((await client.historicalPrice(POL, new Date('2023-06-15T00:00:00Z')))?.toFixed()).toBe('0.6299');
  });

  it('gives fiat cross rates through bitcoin, current and historical', async () => {
    server = await startProviderServer({
      'GET /simple/price': 'coingecko/simple-price-bitcoin-fiats.json',
      'GET /coins/:id/history': 'coingecko/coins-bitcoin-history.json',
    });
    const client = createCoinGeckoClient({ baseUrl: server.url }, testClock().http());
    const current = await client.usdCrossRates(['VND', 'RUB']);
    expect(current.get('VND')?.toFixed()).toBe('25410');
    expect(current.get('RUB')?.toFixed()).toBe('101.7');
    expect(server.requests[0]?.query).toEqual({ ids: 'bitcoin', vs_currencies: 'usd,vnd,rub' });

    const past = await client.usdCrossRates(['VND'], new Date('2023-06-15T10:00:00Z'));
    expect(past.get('VND')?.toFixed()).toBe('23500');
  });

  it('keeps the key out of errors', async () => {
    server = await startProviderServer({ 'GET /simple/price': 'coingecko/unauthorized.json' });
    const client = createCoinGeckoClient({ baseUrl: server.url, plan: 'pro', apiKey: 'secret-pro-key' }, testClock().http());
    const failure = await client.simplePrices(['ethereum'], ['usd']).catch((e: unknown) => e);
    expect(failure).toMatchObject({ kind: 'client_error', message: 'CoinGecko refused the request.' });
    expect(JSON.stringify(failure)).not.toContain('secret-pro-key');
    expect((failure as ProviderError).detail).not.toContain('secret-pro-key');
    expect(server.requests).toHaveLength(1);
  });

  it('retries after a 429 with the wait it asks for', async () => {
    server = await startProviderServer({ 'GET /simple/price': ['coingecko/rate-limited.json', 'coingecko/simple-price.json'] });
    const clock = testClock();
    const client = createCoinGeckoClient({ baseUrl: server.url }, clock.http());
    const prices = await client.currentPrices([ETH], 'USD');
    expect(prices.get(tokenKey(ETH))?.toFixed()).toBe('3498.02');
    expect(clock.sleeps).toContain(3000);
  });
});
