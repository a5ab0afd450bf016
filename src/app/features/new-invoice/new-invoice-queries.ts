/**
 * Calls of the invoice form (docs/invoices.md): GET tokens {network} for the receiving token, GET token-quote for the crypto
 * amount and the 10 USDT minimum, POST invoices (with an Idempotency-Key per submit) and PATCH invoices/{id}.
 */
import { queryOptions } from '@tanstack/react-query';
import { marketEndpoints } from '../../../shared/contract/market';
import { invoiceEndpoints, type InvoiceOut } from '../../../shared/contract/invoices';
import { INVOICE_PAYMENT_TOKENS, type FiatCurrency, type Network } from '../../../shared/enums';
import { api } from '../../lib/api-client';
import { idempotencyHeaders } from '../../lib/idempotency-key';
import type { InvoiceBody } from './invoice-form-model';

const isPaymentSymbol = (symbol: string): boolean => (INVOICE_PAYMENT_TOKENS as readonly string[]).includes(symbol);

/** USDC and USDT of `network`, as GET tokens lists them. */
export function paymentTokensQuery(network: Network | null) {
  return queryOptions({
    queryKey: ['tokens', network] as const,
    queryFn: async ({ signal }) =>
      (await api.call(marketEndpoints.listTokens, { query: { network }, signal })).filter((token) =>
        isPaymentSymbol(token.symbol.toUpperCase()),
      ),
    enabled: network !== null,
    staleTime: 60 * 60 * 1000,
  });
}

/** GET token-quote {token, fiat_currency}: the invoice currency per token. Asked fresh each minute. */
export function tokenQuoteQuery(token: string, fiat: FiatCurrency, enabled = true) {
  return queryOptions({
    queryKey: ['token-quote', token, fiat] as const,
    queryFn: ({ signal }) => api.call(marketEndpoints.tokenQuote, { query: { token, fiat_currency: fiat }, signal, silent: true }),
    enabled,
    staleTime: 60 * 1000,
    retry: false,
  });
}

export interface SaveInvoiceVariables {
  /** The draft being edited; undefined creates an invoice. */
  invoiceId?: string;
  body: InvoiceBody;
  idempotencyKey: string;
}

/** POST invoices or PATCH invoices/{id}; errors are the caller's to tell (silent client). */
export function saveInvoice({ invoiceId, body, idempotencyKey }: SaveInvoiceVariables): Promise<InvoiceOut> {
  if (invoiceId !== undefined) return api.call(invoiceEndpoints.updateInvoice, { params: { id: invoiceId }, body, silent: true });
  return api.call(invoiceEndpoints.createInvoice, { body, silent: true, headers: idempotencyHeaders(idempotencyKey) });
}
