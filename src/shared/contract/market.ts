/** Market data (docs/data-model.md): the token lists, a token's quote and the fiat currencies' prices; public. */
import * as v from 'valibot';
import { FIAT_CURRENCIES, NETWORKS } from '../enums';
import { endpoint } from './endpoint';
import { decimal, fiatCurrency, tokenRefOut } from './primitives';

/** One required value of a query parameter, trimmed, at most `max` characters. */
const one = (field: string, max: number) =>
  v.pipe(
    v.unknown(),
    v.check((value) => value !== undefined && value !== '', 'This field is required'),
    v.check((value) => !Array.isArray(value), `Give one ${field}.`),
    v.transform((value) => String(value).trim()),
    v.maxLength(max, `Ensure this field has no more than ${String(max)} characters.`),
  );

/** What one US dollar buys in each currency of the fiat list. */
export const currencyPricesOut = v.object({
  base: v.literal('USD'),
  prices: v.array(v.object({ currency: fiatCurrency, symbol: v.string(), per_usd: v.nullable(decimal) })),
});
export type CurrencyPrices = v.InferOutput<typeof currencyPricesOut>;

/** The current price of one token in a fiat currency. */
export const tokenQuoteOut = v.object({ token: tokenRefOut, fiat_currency: fiatCurrency, quote_rate: decimal });
export type TokenQuote = v.InferOutput<typeof tokenQuoteOut>;

export const marketEndpoints = {
  listTokens: endpoint({
    method: 'GET',
    path: '/api/tokens',
    access: 'public',
    query: v.object({
      network: v.pipe(one('network', 40), v.picklist(NETWORKS, `Choose one of: ${NETWORKS.join(', ')}.`)),
    }),
    response: v.array(tokenRefOut),
  }),
  /** A token id ("ETHEREUM:native") or a listed symbol; signed-out calls spend the payer's per-IP budget. */
  tokenQuote: endpoint({
    method: 'GET',
    path: '/api/token-quote',
    access: 'public',
    query: v.object({
      token: one('token', 120),
      fiat_currency: v.optional(
        v.pipe(
          one('fiat_currency', 8),
          v.toUpperCase(),
          v.picklist(FIAT_CURRENCIES, `Choose one of: ${FIAT_CURRENCIES.join(', ')}.`),
        ),
      ),
    }),
    response: tokenQuoteOut,
  }),
  currencyPrices: endpoint({ method: 'GET', path: '/api/currency-prices', access: 'public', response: currencyPricesOut }),
  /**
   * A listed token's logo, fetched from its list's host by the server and kept there: the browser asks this server
   * only, so no logo host sees who holds which token. The key is the one the API's token `image_url` carries.
   */
  tokenLogo: endpoint({ method: 'GET', path: '/api/token-logos/:key', access: 'public' }),
} as const;
