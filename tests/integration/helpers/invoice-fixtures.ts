/** What the invoice tests share: payment tokens, a bill-to contact, the sender's details and a price server. */
import { startProviderServer, type ProviderServer } from '../../fixtures/provider-server';

export const USDT_POLYGON = 'POLYGON:0xc2132d05d31c914a87c6611c10748aeb04b58e8f';
export const USDC_ETHEREUM = 'ETHEREUM:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48';
/** A well-formed id that names no row. */
export const NO_ROW = '6f1c1f5e-8a53-4c3e-9d0e-3b8f0b7a2c11';

/** A complete bill-to contact (POST contacts). */
export const contactBody = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  address_line1: '12 Analytical Row',
  country: 'United Kingdom',
  city: 'London',
  postal_code: 'N1 9GU',
};

/** The sender's details an issued invoice needs (PATCH user). */
export const ownerDetails = {
  first_name: 'Grace',
  last_name: 'Hopper',
  email: 'grace@example.com',
  address_line1: '1 Harbor Way',
  city: 'Arlington',
  postal_code: '22201',
  country: 'United States',
};

/** A local server answering current prices (DefiLlama), fiat rates (Frankfurter) and CoinGecko's simple price. */
export function startPriceServer(): Promise<ProviderServer> {
  return startProviderServer({
    'GET /prices/current/*': 'defillama/prices-current.json',
    'GET /latest': 'frankfurter/latest-usd.json',
    'GET /simple/price': 'coingecko/simple-price-bitcoin-fiats.json',
  });
}

/** The app's environment pointing every price provider at `server`. */
export const priceEnv = (server: ProviderServer) => ({
  DEFILLAMA_BASE_URL: server.url,
  FRANKFURTER_BASE_URL: server.url,
  COINGECKO_BASE_URL: server.url,
});
