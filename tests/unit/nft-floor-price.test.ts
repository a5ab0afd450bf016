import { readdirSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpClient, isProviderError, type HttpClient, type ProviderError } from '../../src/server/providers/http/http-client';
import { createAlchemyFloorPriceProvider, floorDecimal, floorFromResponse } from '../../src/server/providers/nft/alchemy-floor-price';
import { nftPrice } from '../../src/server/providers/nft/nft-price';
import { fakeClock, loadFixture, startProviderServer, type FakeClock, type FixtureRequest, type ProviderServer } from '../fixtures/provider-server';

const KEY = 'alchemy-test-key-123';
const BAYC = '0xBC4CA0EdA7647A8aB7C2061c2E118A18a936f13D';
const KITTIES = '0x06012c8cf97BEaD5deAe237070F9587f8E7A266d';
const ROUTE = 'GET /nft/v3/getFloorPrice';

let server: ProviderServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function client(clock: FakeClock): HttpClient {
  return createHttpClient({ now: () => clock.now(), sleep: (ms) => clock.sleep(ms), random: () => 0.5, logger: { warn: () => undefined } });
}

interface Seen {
  authorization: string | undefined;
  contract: string | null;
}

/** A fixture file; files answered in turn (the last repeats); or a fixture file chosen per request. */
type Answer = string | readonly string[] | ((req: FixtureRequest) => string);

/** Serves `answer`, noting the Authorization header and contract of every request. */
async function serve(answer: Answer): Promise<{ url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  server = await startProviderServer({
    [ROUTE]: (req) => {
      const header = req.headers.authorization;
      seen.push({ authorization: Array.isArray(header) ? header[0] : header, contract: req.query.get('contractAddress') });
      if (typeof answer === 'function') return answer(req);
      if (typeof answer === 'string') return answer;
      return answer[Math.min(req.count, answer.length) - 1] ?? 'alchemy/http-503.json';
    },
  });
  return { url: server.url, seen };
}

async function provider(answer: Answer, clock = fakeClock(Date.UTC(2024, 10, 22, 12))) {
  const { url, seen } = await serve(answer);
  return { clock, seen, floors: createAlchemyFloorPriceProvider({ http: client(clock), apiKey: KEY, baseUrl: url }) };
}

describe('Alchemy fixture files', () => {
  it('are marked fixtures', () => {
    const files = readdirSync(new URL('../fixtures/providers/alchemy/', import.meta.url)).filter((f) => f.endsWith('.json'));
    expect(files.length).toBeGreaterThan(4);
    for (const file of files) expect(loadFixture(`alchemy/${file}`).note.length, file).toBeGreaterThan(10);
  });
});

describe('Alchemy floor prices', () => {
  it('reads the lowest marketplace floor as an exact decimal, with the key in the Authorization header only', async () => {
    const { floors, seen } = await provider('alchemy/floor-price.json');
    expect(await floors.floorPrice({ network: 'ETHEREUM', contract: BAYC })).toEqual({ price: '10.3999', currency: 'ETH' });
    expect(seen).toEqual([{ authorization: `Bearer ${KEY}`, contract: BAYC.toLowerCase() }]);
    expect(server?.requests[0]?.path).toBe('/nft/v3/getFloorPrice');
    expect(JSON.stringify(server?.requests)).not.toContain(KEY);
    expect(floors.name).toBe('Alchemy');
  });

  it('keeps a floor for ten minutes: one request per collection however many wallets ask', async () => {
    const { floors, clock } = await provider('alchemy/floor-price.json');
    await floors.floorPrice({ network: 'ETHEREUM', contract: BAYC });
    await floors.floorPrice({ network: 'ETHEREUM', contract: BAYC });
    expect(server?.count(ROUTE)).toBe(1);
    clock.advance(600_001);
    await floors.floorPrice({ network: 'ETHEREUM', contract: BAYC });
    expect(server?.count(ROUTE)).toBe(2);
  });

  it('has no floor when every marketplace answers an error', async () => {
    const { floors } = await provider('alchemy/floor-price-none.json');
    expect(await floors.floorPrice({ network: 'ETHEREUM', contract: KITTIES })).toBeNull();
  });

  it('takes the floor of the marketplace that has one when another answers an error', async () => {
    const { floors } = await provider('alchemy/floor-price-opensea-error.json');
    expect(await floors.floorPrice({ network: 'ETHEREUM', contract: KITTIES })).toEqual({ price: '0.0072', currency: 'ETH' });
  });

  it('waits out a 429 as Retry-After asks and then reads the floor', async () => {
    const { floors, clock } = await provider(['alchemy/http-429.json', 'alchemy/floor-price.json']);
    expect(await floors.floorPrice({ network: 'ETHEREUM', contract: BAYC })).toEqual({ price: '10.3999', currency: 'ETH' });
    expect(server?.count(ROUTE)).toBe(2);
    expect(clock.sleeps).toContain(1000);
  });

  it('has no floor on networks Alchemy serves no floors for, without asking', async () => {
    const { floors } = await provider('alchemy/floor-price.json');
    for (const network of ['POLYGON', 'FANTOM', 'BINANCE_SMART_CHAIN', 'RONIN', 'AVALANCHE'] as const) {
      expect(await floors.floorPrice({ network, contract: BAYC })).toBeNull();
    }
    expect(server?.requests).toHaveLength(0);
  });

  it('has no floor for an address Alchemy refuses as a contract (HTTP 400)', async () => {
    const { floors } = await provider('alchemy/invalid-contract.json');
    expect(await floors.floorPrice({ network: 'ETHEREUM', contract: BAYC })).toBeNull();
    expect(server?.count(ROUTE)).toBe(1);
  });

  it('reports an outage as a ProviderError after its retries, and nftPrice as not synced', async () => {
    const { floors } = await provider('alchemy/http-503.json');
    const error: unknown = await floors.floorPrice({ network: 'ETHEREUM', contract: BAYC }).catch((e: unknown) => e);
    expect(isProviderError(error) && error.kind).toBe('unavailable');
    expect(server?.count(ROUTE)).toBe(3);
    const told: ProviderError[] = [];
    expect(await nftPrice(floors, { network: 'ETHEREUM', contract: BAYC }, (e) => told.push(e))).toEqual({ price: null, currency: null, is_price_synced: false });
    expect(told.map((e) => e.provider)).toEqual(['Alchemy']);
  });

  it('reports a refused key without ever showing it', async () => {
    const { floors } = await provider('alchemy/unauthorized.json');
    const error: unknown = await floors.floorPrice({ network: 'ETHEREUM', contract: BAYC }).catch((e: unknown) => e);
    expect(isProviderError(error) && error.kind).toBe('client_error');
    expect(server?.count(ROUTE)).toBe(1);
    const text = isProviderError(error) ? `${error.message} ${error.detail}` : '';
    expect(text).toContain('401');
    expect(text).not.toContain(KEY);
  });

  it('gives nftPrice a synced floor, and a synced null where there is none', async () => {
    const { floors } = await provider((req) => (req.query.get('contractAddress') === BAYC.toLowerCase() ? 'alchemy/floor-price.json' : 'alchemy/floor-price-none.json'));
    expect(await nftPrice(floors, { network: 'ETHEREUM', contract: BAYC })).toEqual({ price: '10.3999', currency: 'ETH', is_price_synced: true });
    expect(await nftPrice(floors, { network: 'ETHEREUM', contract: KITTIES })).toEqual({ price: null, currency: null, is_price_synced: true });
  });
});

describe('floor decimals', () => {
  it('converts JSON numbers through their shortest text, exactly', () => {
    expect(floorDecimal(JSON.parse('0.1') as number)).toBe('0.1');
    expect(floorDecimal(JSON.parse('1e-7') as number)).toBe('0.0000001');
    expect(floorDecimal(JSON.parse('44.500') as number)).toBe('44.5');
    expect(floorDecimal(JSON.parse('1e21') as number)).toBe('1000000000000000000000');
    expect(floorDecimal('12.50')).toBe('12.5');
  });

  it('refuses zero, negative and unreadable floors', () => {
    expect(floorDecimal(0)).toBeNull();
    expect(floorDecimal(-1.5)).toBeNull();
    expect(floorDecimal('n/a')).toBeNull();
    expect(floorDecimal(null)).toBeNull();
    expect(floorDecimal(undefined)).toBeNull();
  });

  it('prefers the OpenSea currency when marketplaces quote in different ones', () => {
    expect(
      floorFromResponse({
        looksRare: { floorPrice: 1, priceCurrency: 'WETH' },
        openSea: { floorPrice: 2.25, priceCurrency: 'ETH' },
        blur: { floorPrice: 2.2, priceCurrency: 'ETH' },
      }),
    ).toEqual({ price: '2.2', currency: 'ETH' });
    expect(floorFromResponse({ openSea: { floorPrice: 0, priceCurrency: 'ETH' }, looksRare: { floorPrice: 3, priceCurrency: '' } })).toBeNull();
    expect(floorFromResponse({ openSea: 'broken', looksRare: { floorPrice: 0.5, priceCurrency: 'ETH', error: null } })).toEqual({ price: '0.5', currency: 'ETH' });
  });
});
