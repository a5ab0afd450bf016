/**
 * The payer's calls (docs/pay-invoice.md): the public invoice, its payment status, the token quote (fetched again
 * every 180 s), 'I Paid the Invoice' (a claim), and what follows a wallet payment: the transaction label stored
 * under the invoice's owner and the e-mail to the owner. None of them needs a signed-in user.
 */
import { queryOptions } from '@tanstack/react-query';
import { labelEndpoints } from '../../../shared/contract/labels';
import { marketEndpoints } from '../../../shared/contract/market';
import type { FiatCurrency } from '../../../shared/enums';
import { paymentEndpoints, type PaymentStatusOut, type PublicInvoiceOut } from '../../../shared/contract/payments';
import type { BodyOf } from '../../../shared/contract/endpoint';
import { api } from '../../lib/api-client';
import { QUOTE_REFRESH_MS } from './quote-countdown';

export const payInvoiceKeys = {
  all: ['pay-invoice'] as const,
  invoice: (id: string) => ['pay-invoice', id] as const,
  status: (id: string) => ['pay-invoice', id, 'status'] as const,
  quote: (token: string, fiat: FiatCurrency) => ['pay-invoice', 'quote', token, fiat] as const,
};

/** GET pay-invoices/{id}: the invoice as its payer sees it; missing and draft invoices answer 404. */
export function publicInvoiceQuery(id: string) {
  return queryOptions({
    queryKey: payInvoiceKeys.invoice(id),
    queryFn: ({ signal }) => api.call(paymentEndpoints.getPayInvoice, { params: { id }, signal, silent: true }),
    retry: false,
    meta: { persist: false },
  });
}

/** How often the payer's pages ask whether the payment has arrived. */
export const STATUS_POLL_MS = 10_000;

/** GET invoices/{id}/payment-status, polled while the page is open. */
export function paymentStatusQuery(id: string) {
  return queryOptions({
    queryKey: payInvoiceKeys.status(id),
    queryFn: ({ signal }) => api.call(paymentEndpoints.getPaymentStatus, { params: { id }, signal, silent: true }),
    refetchInterval: STATUS_POLL_MS,
    meta: { persist: false },
  });
}

/**
 * GET token-quote {token, fiat_currency}: the invoice currency per token. Fetched again every 180 s, however the
 * page is used, so the amount shown is never older than the countdown says.
 */
export function paymentQuoteQuery(token: string, fiat: FiatCurrency) {
  return queryOptions({
    queryKey: payInvoiceKeys.quote(token, fiat),
    queryFn: ({ signal }) => api.call(marketEndpoints.tokenQuote, { query: { token, fiat_currency: fiat }, signal, silent: true }),
    staleTime: QUOTE_REFRESH_MS,
    refetchInterval: QUOTE_REFRESH_MS,
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: false,
    meta: { persist: false },
  });
}

/** POST invoices/{id}/claims: 'I Paid the Invoice'. */
export function claimPayment(invoiceId: string, claim: BodyOf<typeof paymentEndpoints.claimPayment>): Promise<PaymentStatusOut> {
  return api.call(paymentEndpoints.claimPayment, { params: { id: invoiceId }, body: claim, silent: true });
}

export interface WalletPaymentRecord {
  invoice: Pick<PublicInvoiceOut, 'id' | 'name'>;
  hash: string;
}

/**
 * After a wallet payment: the transaction label {name, tx_hash, invoice} (the server keeps it under the invoice's
 * owner), then email-payment {hash, data} so the owner hears of it; one after the other, as the server verifies the
 * hash for each. The payment itself is on chain already, so a failure here is only reported to the console (the
 * server's watcher still finds the transfer).
 */
export async function recordWalletPayment({ invoice, hash }: WalletPaymentRecord): Promise<void> {
  const steps = [
    () =>
      api.call(labelEndpoints.createTransactionLabel, {
        body: { name: invoice.name, tx_hash: hash, invoice: invoice.id },
        silent: true,
      }),
    () => api.call(paymentEndpoints.emailPayment, { body: { hash, data: { invoice: invoice.id, email: null } }, silent: true }),
  ];
  for (const step of steps) {
    try {
      await step();
    } catch (error) {
      console.error('Recording the wallet payment failed', error);
    }
  }
}
