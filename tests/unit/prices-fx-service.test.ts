import { afterEach, describe, expect, it } from 'vitest';
import { Big } from '../../src/shared/money';
import { createHttpClient, ProviderError, type HttpClient } from '../../src/server/providers/http/http-client';
import { createCoinGeckoClient } from '../../src/server/providers/prices/coingecko';
import { createDefiLlamaProvider } from '../../src/server/providers/prices/defillama';
import { createFrankfurterClient } from '../../src/server/providers/prices/frankfurter';
import { createFxService, ecbFixes } from '../../src/server/providers/prices/fx';
import { createDefaultPriceService } from '../../src/server/providers/prices/default-price-service';
import { createPriceService } from '../../src/server/providers/prices/price-service';
import { createTokenRegistry } from '../../src/server/providers/tokens/token-registry';
import { tokenKey, type TokenRef } from '../../src/server/providers/prices/types';
import { startProviderServer, type ProviderServer } from '../fixtures/provider-server';

const NOW = Date.UTC(2024, 10, 22, 12, 0, 0);

function testHttp(): { http: HttpClient; now: () => number } {
  let now = NOW;
  return {
    now: () => now,
    http: createHttpClient({
      now: () => now,
      sleep: async (ms) => {
        now += ms;
      },
      random: () => 0.5,
      logger: { warn: () => undefined },
    }),
  };
}

const ETH: TokenRef = { network: 'ETHEREUM', address: 'native' };
const USDC: TokenRef = { network: 'ETHEREUM', address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' };
const USDT_POLYGON: TokenRef = { network: 'POLYGON', address: '0xc2132D05D31c914a87C6611C10748AEb04B58e8F' };
const JUNE_15 = new Date('2023-06-15T12:34:56Z');

const servers: ProviderServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});
async function serve(routes: Parameters<typeof startProviderServer>[0]): Promise<ProviderServer> {
  const server = await startProviderServer(routes);
  servers.push(server);
  return server;
}

describe('Frankfurter', () => {
  it('reads the latest and historical USD rates', async () => {
    const server = await serve({
      'GET /latest': 'frankfurter/latest-usd.json',
      'GET /:date': (req) =>
        req.params.date === '2023-06-17' ? 'frankfurter/weekend-2023-06-17.json' : 'frankfurter/historical-2023-06-15.json',
    });
    const { http, now } = testHttp();
    const ecb = createFrankfurterClient({ baseUrl: server.url, now }, http);

    const latest = await ecb.rates('USD', ['EUR', 'JPY', 'USD']);
    expect(latest.get('EUR')?.toFixed()).toBe('0.95877');
    expect(latest.get('JPY')?.toFixed()).toBe('154.71');
    expect(server.requests[0]).toMatchObject({ path: '/latest', query: { base: 'USD', symbols: 'EUR,JPY' } });

    expect((await ecb.rates('USD', ['EUR'], JUNE_15)).get('EUR')?.toFixed()).toBe('0.92404');
    expect(server.requests[1]?.path).toBe('/2023-06-15');
    expect((await ecb.rates('USD', ['EUR'], new Date('2023-06-17T08:00:00Z'))).get('EUR')?.toFixed()).toBe('0.91358');
    expect(await ecb.rates('USD', ['USD'])).toEqual(new Map());
  });

  it('reads a time series of fixings in one request', async () => {
    const server = await serve({ 'GET /:range': 'frankfurter/series-2023-06-05-2023-06-20.json' });
    const { http, now } = testHttp();
    const ecb = createFrankfurterClient({ baseUrl: server.url, now }, http);

    const series = await ecb.series('USD', ['EUR', 'USD'], '2023-06-05', '2023-06-20');
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]).toMatchObject({ path: '/2023-06-05..2023-06-20', query: { base: 'USD', symbols: 'EUR' } });
    expect(series.size).toBe(12);
    expect(series.get('2023-06-16')?.get('EUR')?.toFixed()).toBe('0.91358');
    expect(series.has('2023-06-17')).toBe(false);
    // Days outside the asked range are not taken from the answer.
    expect([...(await ecb.series('USD', ['EUR'], '2023-06-10', '2023-06-14')).keys()]).toEqual(['2023-06-12', '2023-06-13', '2023-06-14']);
    await expect(ecb.series('USD', ['EUR'], '2023-06-20', '2023-06-05')).rejects.toThrow(RangeError);
  });

  it('knows which currencies the ECB fixes', () => {
    expect(ecbFixes('EUR')).toBe(true);
    expect(ecbFixes('VND')).toBe(false);
    expect(ecbFixes('RUB')).toBe(false);
    expect(ecbFixes('RUB', new Date('2021-06-01T00:00:00Z'))).toBe(true);
    expect(ecbFixes('RUB', new Date('2022-03-02T00:00:00Z'))).toBe(false);
  });
});

describe('FX service', () => {
  async function setup(withCrossRates: boolean) {
    const server = await serve({
      'GET /fx/latest': 'frankfurter/latest-usd.json',
      'GET /fx/:date': (req) =>
        req.params.date === '2021-06-01' ? 'frankfurter/historical-2021-06-01.json' : 'frankfurter/historical-2023-06-15.json',
      'GET /cg/simple/price': 'coingecko/simple-price-bitcoin-fiats.json',
      'GET /cg/coins/:id/history': 'coingecko/coins-bitcoin-history.json',
    });
    const { http, now } = testHttp();
    const ecb = createFrankfurterClient({ baseUrl: `${server.url}/fx`, now }, http);
    const coingecko = createCoinGeckoClient({ baseUrl: `${server.url}/cg`, now }, http);
    const cryptoPrices = { ETH: '3500', BNB: '625', BTC: '98000' } as const;
    const fx = createFxService({
      ecb,
      ...(withCrossRates ? { crossRates: coingecko } : {}),
      cryptoUsdPrice: async (coin, at) => (at ? new Big('1650') : new Big(cryptoPrices[coin])),
    });
    return { fx, server };
  }

  it('converts USD to ECB currencies, now and then', async () => {
    const { fx } = await setup(false);
    expect((await fx.fromUsd('100', 'EUR'))?.toFixed()).toBe('95.877');
    expect((await fx.fromUsd('100', 'EUR', JUNE_15))?.toFixed()).toBe('92.404');
    expect((await fx.fromUsd('12.5', 'USD'))?.toFixed()).toBe('12.5');
    expect((await fx.usdRate('KRW'))?.toFixed()).toBe('1399.46');
    expect((await fx.fromUsd('2', 'RUB', new Date('2021-06-01T10:00:00Z')))?.toFixed()).toBe('146.56');
  });

  it('converts to ETH, BNB and BTC through their prices', async () => {
    const { fx } = await setup(false);
    expect((await fx.fromUsd('3500', 'ETH'))?.toFixed()).toBe('1');
    expect((await fx.fromUsd('1', 'BTC'))?.toFixed(12)).toBe('0.000010204082');
    expect((await fx.fromUsd('825', 'ETH', JUNE_15))?.toFixed()).toBe('0.5');
    expect((await fx.usdRate('BNB'))?.toFixed()).toBe('0.0016');
  });

  it('uses cross rates for currencies the ECB does not fix, and says null without them', async () => {
    const { fx } = await setup(true);
    expect((await fx.fromUsd('10', 'VND'))?.toFixed()).toBe('254100');
    expect((await fx.fromUsd('10', 'RUB'))?.toFixed()).toBe('1017');
    expect((await fx.fromUsd('1', 'VND', JUNE_15))?.toFixed()).toBe('23500');

    const without = await setup(false);
    expect(await without.fx.fromUsd('10', 'VND')).toBeNull();
    expect(await without.fx.usdRate('RUB')).toBeNull();
  });

  it('refuses a float-looking input', async () => {
    const { fx } = await setup(false);
    await expect(fx.fromUsd('1e3', 'EUR')).rejects.toThrow(/plain decimal/);
  });
});

describe('price service', () => {
  async function setup(options: { defillamaDown?: boolean } = {}) {
    const server = await serve({
      'GET /llama/prices/current/:coins': options.defillamaDown ? 'defillama/bad-gateway.json' : 'defillama/prices-current.json',
      'GET /llama/prices/historical/:timestamp/:coins': (req) => {
        if (options.defillamaDown) return 'defillama/bad-gateway.json';
        if (req.params.coins === 'coingecko:ethereum') return 'defillama/prices-historical-eth.json';
        if (req.params.coins === 'polygon:0xc2132d05d31c914a87c6611c10748aeb04b58e8f') {
          return 'defillama/prices-historical-usdt-polygon.json';
        }
        return 'defillama/prices-empty.json';
      },
      'GET /cg/simple/price': 'coingecko/simple-price.json',
      'GET /cg/simple/token_price/:platform': 'coingecko/simple-token-price-ethereum.json',
      'GET /cg/coins/:id/history': (req) =>
        req.params.id === 'ethereum' ? 'coingecko/coins-ethereum-history.json' : 'coingecko/coins-usd-coin-history.json',
      'GET /cg/coins/:platform/contract/:address': 'coingecko/contract-usdc.json',
      'GET /fx/latest': 'frankfurter/latest-usd.json',
      'GET /fx/:date': 'frankfurter/historical-2023-06-15.json',
    });
    const { http, now } = testHttp();
    const coingecko = createCoinGeckoClient({ baseUrl: `${server.url}/cg`, plan: 'pro', apiKey: 'k', now }, http);
    const service = createPriceService({
      providers: [createDefiLlamaProvider({ baseUrl: `${server.url}/llama`, now }, http), coingecko],
      ecb: createFrankfurterClient({ baseUrl: `${server.url}/fx`, now }, http),
      crossRates: coingecko,
    });
    return { service, server };
  }

  it('gives current prices in the user fiat', async () => {
    const { service, server } = await setup();
    const usd = await service.currentPrices([ETH, USDC], 'USD');
    expect(usd.get(tokenKey(ETH))?.toFixed()).toBe('3512.37');
    const eur = await service.currentPrices([ETH, USDC, USDT_POLYGON], 'EUR');
    expect(eur.get(tokenKey(ETH))?.eq(new Big('3512.37').times('0.95877'))).toBe(true);
    expect(eur.get(tokenKey(USDT_POLYGON))?.eq(new Big('1.0003').times('0.95877'))).toBe(true);
    const inEth = await service.currentPrices([ETH], 'ETH');
    expect(inEth.get(tokenKey(ETH))?.toFixed()).toBe('1');
    // cached: DefiLlama asked once per distinct coin set
    await service.currentPrices([ETH, USDC], 'USD');
    expect(server.count('GET /llama/prices/current/:coins')).toBe(3);
  });

  it('gives the token fiat quote', async () => {
    const { service } = await setup();
    expect((await service.quoteRate(USDC, 'USD'))?.toFixed()).toBe('0.999874');
    expect((await service.quoteRate(USDC, 'JPY'))?.eq(new Big('0.999874').times('154.71'))).toBe(true);
    expect(await service.quoteRate({ network: 'FANTOM', address: '0x1111111111111111111111111111111111111111' }, 'USD')).toBeNull();
  });

  it('gives historical prices converted at that time', async () => {
    const { service } = await setup();
    const eur = await service.historicalPrice(ETH, JUNE_15, 'EUR');
    expect(eur?.eq(new Big('1649.87').times('0.92404'))).toBe(true);
    expect((await service.historicalPrice(USDT_POLYGON, JUNE_15, 'USD'))?.toFixed()).toBe('1.00012');
    // value of 2 ETH in ETH at that time is 2
    expect((await service.usdToFiat(new Big('1649.87').times(2), 'ETH', JUNE_15))?.toFixed()).toBe('2');
  });

  it('fills gaps from the next provider', async () => {
    const { service, server } = await setup();
    // DefiLlama has no historical USDC price in the fixtures; CoinGecko does
    expect((await service.historicalPriceUsd(USDC, JUNE_15))?.toFixed()).toBe('1.0002');
    expect(server.count('GET /cg/coins/:id/history')).toBe(1);
  });

  it('stands in with the next provider during an outage, and reports when all fail', async () => {
    const { service } = await setup({ defillamaDown: true });
    expect((await service.currentPricesUsd([ETH])).get(tokenKey(ETH))?.toFixed()).toBe('3498.02');
    expect((await service.historicalPriceUsd(ETH, JUNE_15))?.toFixed()).toBe('1665.42');

    const server = await serve({ 'GET /prices/current/:coins': 'defillama/bad-gateway.json' });
    const { http } = testHttp();
    const lonely = createPriceService({
      providers: [createDefiLlamaProvider({ baseUrl: server.url }, http)],
      ecb: createFrankfurterClient({ baseUrl: server.url }, http),
    });
    await expect(lonely.currentPricesUsd([ETH])).rejects.toBeInstanceOf(ProviderError);
    expect(() => createPriceService({ providers: [], ecb: createFrankfurterClient({}, http) })).toThrow(/at least one/);
  });
});

describe('default price service', () => {
  it('wires DefiLlama, CoinGecko (with the token list ids) and Frankfurter from settings', async () => {
    const server = await serve({
      'GET /llama/prices/historical/:timestamp/:coins': 'defillama/prices-empty.json',
      'GET /cg/coins/:id/history': (req) =>
        req.params.id === 'usd-coin' ? 'coingecko/coins-usd-coin-history.json' : 'coingecko/coin-not-found.json',
      'GET /fx/:date': 'frankfurter/historical-2023-06-15.json',
    });
    const { http, now } = testHttp();
    const registry = createTokenRegistry();
    const service = createDefaultPriceService(
      {
        defillamaBaseUrl: `${server.url}/llama`,
        coingeckoBaseUrl: `${server.url}/cg`,
        coingeckoApiKey: 'demo-key',
        frankfurterBaseUrl: `${server.url}/fx`,
      },
      { http, now, coingeckoIdFor: (t) => registry.coingeckoIdFor(t) },
    );
    const eur = await service.historicalPrice(USDC, JUNE_15, 'EUR');
    expect(eur?.eq(new Big('1.0002').times('0.92404'))).toBe(true);
    // the id came from the token list: no contract lookup
    expect(server.requests.map((r) => r.path)).toEqual([
      '/llama/prices/historical/1686830400/ethereum:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
      '/cg/coins/usd-coin/history',
      '/fx/2023-06-15',
    ]);
  });
});
