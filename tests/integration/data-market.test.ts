import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import { userEndpoints } from '../../src/shared/contract/users';
import { marketEndpoints } from '../../src/shared/contract/market';
import type { CurrencyPrices, TokenQuote } from '../../src/shared/contract/market';
import type { TokenRefOut } from '../../src/shared/contract/primitives';
import { FIAT_CURRENCIES } from '../../src/shared/enums';
import { fxRates } from '../../src/server/db/schema';
import type { AppEnv } from '../../src/server/http/app-env';
import type { ProviderServer } from '../fixtures/provider-server';
import { addFxRate, dayOf } from './data-seed';
import { availableDrivers } from './helpers/drivers';
import { priceEnv, startPriceServer, USDC_ETHEREUM } from './helpers/invoice-fixtures';
import { setupSuite } from './helpers/suite';
import { json, TestClient } from './helpers/test-client';
import { signInWithWallet } from './helpers/sign-in';

describe.each(availableDrivers())('tokens, quotes and currency prices on %s', (kind) => {
  const suite = setupSuite(kind);
  let server: ProviderServer;
  let app: Hono<AppEnv>;

  beforeAll(async () => {
    // Rates come from the fixture server below, not from any seeded data.
    await suite.db.delete(fxRates);
    server = await startPriceServer();
    app = suite.makeApp({
      env: priceEnv(server),
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('GET tokens {network}: the listed tokens, sorted by symbol ignoring case; network required', async () => {
    const client = new TestClient(app);
    const response = await client.get(`${marketEndpoints.listTokens.path}?network=POLYGON`);
    expect(response.status).toBe(200);
    const tokens = await json<TokenRefOut[]>(response);
    expect(tokens.length).toBeGreaterThan(50);
    const symbols = tokens.map((t) => t.symbol.toLowerCase());
    expect(symbols).toEqual([...symbols].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(tokens.every((t) => t.network === 'POLYGON')).toBe(true);
    expect(tokens.find((t) => t.id === 'POLYGON:native')).toMatchObject({ address: null, decimals: 18 });
    expect(tokens.find((t) => t.symbol === 'USDT')).toMatchObject({
      id: 'POLYGON:0xc2132d05d31c914a87c6611c10748aeb04b58e8f',
      address: '0xc2132D05D31c914a87C6611C10748AEb04B58e8F',
      decimals: 6,
    });
    const bitcoin = await json<TokenRefOut[]>(await client.get(`${marketEndpoints.listTokens.path}?network=BITCOIN`));
    expect(bitcoin.map((t) => t.symbol)).toEqual(['BTC']);

    const missing = await client.get(marketEndpoints.listTokens.path);
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ network: ['This field is required'] });
    const wrong = await client.get(`${marketEndpoints.listTokens.path}?network=DOGE`);
    expect(await wrong.json()).toEqual({
      network: ['Choose one of: ETHEREUM, BITCOIN, POLYGON, FANTOM, BINANCE_SMART_CHAIN, RONIN, AVALANCHE.'],
    });
  });

  it('GET token-quote {token, fiat_currency}: the price of one token in that currency', async () => {
    const client = new TestClient(app);
    const usd = await client.get(`${marketEndpoints.tokenQuote.path}?token=${USDC_ETHEREUM}&fiat_currency=USD`);
    expect(usd.status).toBe(200);
    const quote = await json<TokenQuote>(usd);
    expect(quote).toMatchObject({ fiat_currency: 'USD', quote_rate: '0.999874', token: { id: USDC_ETHEREUM, symbol: 'USDC' } });
    // 0.999874 USD x 0.95877 EUR per USD, rounded to 10 places.
    const eur = await json<TokenQuote>(await client.get(`${marketEndpoints.tokenQuote.path}?token=${USDC_ETHEREUM}&fiat_currency=eur`));
    expect(eur).toMatchObject({ fiat_currency: 'EUR', quote_rate: '0.958649195' });
    // A symbol means the listed token, Ethereum first; the native coin by its id.
    expect((await json<TokenQuote>(await client.get(`${marketEndpoints.tokenQuote.path}?token=usdc&fiat_currency=USD`))).token.id).toBe(USDC_ETHEREUM);
    const eth = await json<TokenQuote>(await client.get(`${marketEndpoints.tokenQuote.path}?token=ETHEREUM:native&fiat_currency=USD`));
    expect(eth.quote_rate).toBe('3512.37');
    // The signed-in user's fiat by default.
    const user = new TestClient(app);
    await signInWithWallet(user);
    await user.patch(userEndpoints.updateUser.path, { fiat_currency: 'EUR' });
    expect((await json<TokenQuote>(await user.get(`${marketEndpoints.tokenQuote.path}?token=${USDC_ETHEREUM}`))).fiat_currency).toBe('EUR');

    const errors: [string, Record<string, string[]>][] = [
      ['', { token: ['This field is required'] }],
      ['?token=NOPE', { token: ['Unknown token. Give a token id or a listed symbol.'] }],
      ['?token=ETHEREUM:0x0000000000000000000000000000000000000001', { token: ['Unknown token. Give a token id or a listed symbol.'] }],
      [`?token=${USDC_ETHEREUM}&fiat_currency=XYZ`, { fiat_currency: [`Choose one of: ${FIAT_CURRENCIES.join(', ')}.`] }],
    ];
    for (const [query, body] of errors) {
      const response = await client.get(`${marketEndpoints.tokenQuote.path}${query}`);
      expect(response.status, query).toBe(400);
      expect(await response.json()).toEqual(body);
    }
  });

  it('answers 503 when no price source knows the token, without failing the server', async () => {
    server.route('GET /prices/current/*', 'defillama/prices-empty.json');
    try {
      const client = new TestClient(app);
      const response = await client.get(`${marketEndpoints.tokenQuote.path}?token=POLYGON:native&fiat_currency=USD`);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ detail: 'Prices are not available right now. Try again later.' });
    } finally {
      server.route('GET /prices/current/*', 'defillama/prices-current.json');
    }
  });

  it('GET currency-prices: units per US dollar of every fiat currency, stored rates first', async () => {
    await addFxRate(suite.db, dayOf(suite.clock.now()), 'EUR', '0.91');
    const response = await new TestClient(app).get(marketEndpoints.currencyPrices.path);
    expect(response.status).toBe(200);
    const body = await json<CurrencyPrices>(response);
    expect(body.base).toBe('USD');
    expect(body.prices.map((p) => p.currency)).toEqual([...FIAT_CURRENCIES]);
    const rate = (currency: string) => body.prices.find((p) => p.currency === currency)?.per_usd;
    expect(rate('USD')).toBe('1');
    expect(rate('EUR')).toBe('0.91');
    expect(rate('JPY')).toBe('154.71');
    expect(rate('VND')).toBe('25410');
    expect(rate('RUB')).toBe('101.7');
    // The crypto "currencies" through the coin's price: 1 / 3512.37 ETH per dollar.
    expect(rate('ETH')).toBe('0.000284708');
    expect(body.prices.find((p) => p.currency === 'EUR')?.symbol).toBe('€');
  });
});
