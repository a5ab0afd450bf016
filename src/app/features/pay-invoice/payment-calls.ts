/**
 * The payment page's calls (docs/pay-invoice.md): the token quote (fetched again every 180 s), 'I Paid the Invoice'
 * (a claim), and what follows a wallet payment: the transaction label stored under the invoice's owner and the
 * e-mail to the owner. None of them needs a signed-in user.
 */
import { queryOptions } from '@tanstack/react-query';
import { labelEndpoints } from '../../../shared/contract/labels';
import { marketEndpoints } from '../../../shared/contract/market';
import type { FiatCurrency } from '../../../shared/enums';
import { paymentEndpoints, type PaymentStatusOut, type PublicInvoiceOut } from '../../../shared/contract/payments';
import type { BodyOf } from '../../../shared/contract/endpoint';
import { api } from '../../lib/api-client';
import { payInvoiceKeys } from './pay-invoice-queries';
import { QUOTE_REFRESH_MS } from './quote-countdown';

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
