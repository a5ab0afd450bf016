import type { Hono } from 'hono';
import { marketEndpoints, type CurrencyPrices, type TokenQuote } from '../../shared/contract/market';
import { FIAT_CURRENCIES, FIAT_SYMBOLS, NETWORKS, type FiatCurrency, type Network } from '../../shared/enums';
import { decimalToString, roundHalfUp } from '../../shared/money';
import { ApiError, fieldError } from '../http/api-error';
import type { AppEnv } from '../http/app-env';
import { route } from '../http/route';
import { paymentToken } from '../invoices/invoice-payment';
import { isProviderError } from '../providers/http/provider-error';
import { tokenKey } from '../providers/prices/types';
import type { TokenInfo, TokenRegistry } from '../providers/tokens/token-registry';
import { limitPayer } from '../payments/pay-rate-limit';
import type { Services } from '../services';
import { PRICE_DECIMALS } from '../lib/fiat-rates';
import { storedTokenRef } from '../lib/token-view';

/** Search order for a bare symbol: the invoice networks first. */
const SYMBOL_NETWORKS: readonly Network[] = ['ETHEREUM', 'POLYGON', ...NETWORKS.filter((n) => n !== 'ETHEREUM' && n !== 'POLYGON')];

/** A token id ("ETHEREUM:native", "POLYGON:0x…") or a symbol ("USDT": the first listed, Ethereum first). */
export function resolveToken(registry: TokenRegistry, text: string): TokenInfo | undefined {
  const at = text.indexOf(':');
  if (at > 0) {
    const network = text.slice(0, at).toUpperCase();
    if (!(NETWORKS as readonly string[]).includes(network)) return undefined;
    const address = text.slice(at + 1);
    return address.toLowerCase() === 'native'
      ? registry.native(network as Network)
      : registry.get(network as Network, address);
  }
  const symbol = text.toUpperCase();
  for (const network of SYMBOL_NETWORKS) {
    const found = registry.list(network).find((token) => token.symbol.toUpperCase() === symbol);
    if (found !== undefined) return found;
  }
  return undefined;
}

const pricesUnavailable = (): ApiError =>
  new ApiError(503, { detail: 'Prices are not available right now. Try again later.' }, { 'Retry-After': '60' });

/** GET currency-prices, GET token-quote {token, fiat_currency} and GET tokens {network}: public market data. */
export function registerMarketRoutes(app: Hono<AppEnv>, s: Services): void {
  route(app, s, marketEndpoints.listTokens, (_c, { query: { network } }) =>
    s.market.tokens.list(network).map(storedTokenRef),
  );

  route(app, s, marketEndpoints.tokenQuote, async (c, { query }) => {
    // The payment page asks for quotes signed out: such calls spend the payer's per-IP budget.
    if (c.get('auth') === null) await limitPayer(c, s, null);
    const data = s.market;
    // An invoice's payment token is also quoted by its id where it is not in the lists (the devnet's USDC and USDT).
    const token = resolveToken(data.tokens, query.token) ?? paymentToken(s, query.token, null);
    if (token === undefined) throw fieldError('token', 'Unknown token. Give a token id or a listed symbol.');
    const fiat: FiatCurrency = query.fiat_currency ?? c.get('auth')?.user.fiatCurrency ?? 'USD';
    const ref = { network: token.network, address: token.address };
    let usd;
    let rate;
    try {
      [usd, rate] = await Promise.all([
        data.prices.currentPricesUsd([ref]).then((prices) => prices.get(tokenKey(ref)) ?? null),
        data.fiat.current(fiat),
      ]);
    } catch (error) {
      if (!isProviderError(error)) throw error;
      s.logger.warn('Token quote failed', { token: token.id, fiat, detail: error.detail });
      throw pricesUnavailable();
    }
    if (usd === null || rate === null) throw pricesUnavailable();
    const body: TokenQuote = {
      token: storedTokenRef(token),
      fiat_currency: fiat,
      quote_rate: decimalToString(roundHalfUp(usd.times(rate), PRICE_DECIMALS)),
    };
    return body;
  });

  route(app, s, marketEndpoints.currencyPrices, async () => {
    const rates = await s.market.fiat.currentMany(FIAT_CURRENCIES);
    const body: CurrencyPrices = {
      base: 'USD',
      prices: FIAT_CURRENCIES.map((currency) => {
        const rate = rates.get(currency);
        return {
          currency,
          symbol: FIAT_SYMBOLS[currency],
          per_usd: rate === null || rate === undefined ? null : decimalToString(roundHalfUp(rate, PRICE_DECIMALS)),
        };
      }),
    };
    return body;
  });
}
