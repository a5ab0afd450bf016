/**
 * What an invoice is paid in (docs/data-model.md: ETHEREUM or POLYGON, USDC or USDT) and what it is worth in
 * USDT. Tokens come from the same catalogue the sync uses: the committed token lists (GET tokens {network}), plus,
 * with DEVNET=1, the devnet's mock USDC and USDT, which then stand for the listed tokens of the same symbol so a
 * payer sends the contract that exists on the local chain.
 */
import { INVOICE_PAYMENT_NETWORKS, INVOICE_PAYMENT_TOKENS, NETWORKS, type FiatCurrency, type Network } from '../../shared/enums';
import { INVOICE_MESSAGES } from '../../shared/invoice-rules';
import { Big, decimalToString, divide, roundHalfUp } from '../../shared/money';
import type { Config } from '../config/env';
import { PRICE_DECIMALS, valueDecimals } from '../lib/fiat-rates';
import { ApiError } from '../http/api-error';
import { isProviderError } from '../providers/http/provider-error';
import { tokenKey, type TokenRef } from '../providers/prices/types';
import type { TokenInfo, TokenRegistry } from '../providers/tokens/token-registry';
import type { Services } from '../services';
import { createTokenCatalog, devnetTokens, type TokenCatalog } from '../sync/token-catalog';

export const isPaymentNetwork = (network: Network): boolean => (INVOICE_PAYMENT_NETWORKS as readonly Network[]).includes(network);
const isPaymentSymbol = (symbol: string): boolean => (INVOICE_PAYMENT_TOKENS as readonly string[]).includes(symbol);

/** The tokens an invoice may be paid in: the sync's catalogue and, with DEVNET=1, the devnet's own tokens. */
export interface PaymentTokens {
  catalog: TokenCatalog;
  devnet: readonly TokenInfo[];
}

export function createPaymentTokens(registry: TokenRegistry, config: Config): PaymentTokens {
  const devnet = config.chain.devnet === null ? [] : devnetTokens(registry);
  return { catalog: createTokenCatalog(registry, devnet), devnet };
}

/**
 * The payment token a `token` field names: a token id ("POLYGON:0x…", as GET tokens lists them) or, with the
 * wallet's network known, a symbol ("USDC"). Undefined unless it is USDC or USDT on ETHEREUM or POLYGON (and on
 * `network` when given).
 */
export function paymentToken(s: Services, text: string, network: Network | null): TokenInfo | undefined {
  const { catalog, devnet } = s.paymentTokens;
  const registry = s.market.tokens;
  let found: TokenInfo | undefined;
  const at = text.indexOf(':');
  if (at > 0) {
    const tokenNetwork = text.slice(0, at).toUpperCase();
    if (!(NETWORKS as readonly string[]).includes(tokenNetwork)) return undefined;
    found = catalog.known(tokenNetwork as Network, text.slice(at + 1));
  } else if (network !== null) {
    const symbol = text.toUpperCase();
    found = registry.list(network).find((token) => token.symbol.toUpperCase() === symbol);
  }
  if (found === undefined || !isPaymentNetwork(found.network) || !isPaymentSymbol(found.symbol)) return undefined;
  if (network !== null && found.network !== network) return undefined;
  const local = devnet.find((token) => token.network === found.network && token.symbol === found.symbol);
  return local ?? found;
}

const pricesUnavailable = (): ApiError =>
  new ApiError(503, { detail: INVOICE_MESSAGES.pricesUnavailable }, { 'Retry-After': '60' });

export interface InvoiceQuote {
  /** Invoice currency per USDT (the USDT quote rate). */
  usdtQuoteRate: string;
  /** The total in the owner's fiat currency; null when that rate is unknown. */
  valueFiat: string | null;
}

/**
 * The USDT quote in the invoice currency (USDT of the invoice's network, priced like GET token-quote), and the
 * total in the owner's currency. 503 when no price or rate can be had.
 */
export async function invoiceQuote(
  s: Services,
  input: { network: Network; fiat: FiatCurrency; ownerFiat: FiatCurrency; totalAmount: string },
): Promise<InvoiceQuote> {
  const data = s.market;
  const usdt = data.tokens.list(input.network).find((token) => token.symbol === 'USDT');
  if (usdt === undefined) throw pricesUnavailable();
  const ref: TokenRef = { network: usdt.network, address: usdt.address };
  let usd: Big | null;
  let rate: Big | null;
  let ownerRate: Big | null;
  try {
    [usd, rate, ownerRate] = await Promise.all([
      data.prices.currentPricesUsd([ref]).then((prices) => prices.get(tokenKey(ref)) ?? null),
      data.fiat.current(input.fiat),
      input.ownerFiat === input.fiat ? Promise.resolve(null) : data.fiat.current(input.ownerFiat),
    ]);
  } catch (error) {
    if (!isProviderError(error)) throw error;
    s.logger.warn('Invoice USDT quote failed', { network: input.network, fiat: input.fiat, detail: error.detail });
    throw pricesUnavailable();
  }
  if (usd === null || rate === null || usd.lte(0) || rate.lte(0)) throw pricesUnavailable();
  const total = new Big(input.totalAmount);
  let valueFiat: string | null = null;
  if (input.ownerFiat === input.fiat) valueFiat = decimalToString(roundHalfUp(total, valueDecimals(input.fiat)));
  else if (ownerRate !== null) valueFiat = decimalToString(roundHalfUp(divide(total, rate).times(ownerRate), valueDecimals(input.ownerFiat)));
  return { usdtQuoteRate: decimalToString(roundHalfUp(usd.times(rate), PRICE_DECIMALS)), valueFiat };
}
