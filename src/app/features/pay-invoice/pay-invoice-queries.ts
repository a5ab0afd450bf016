/**
 * What the payer's pages read (docs/pay-invoice.md): the public invoice and its payment status. None of them needs a
 * signed-in user. What the payment page sends is in payment-calls.ts, so the invoice page loads none of it.
 */
import { queryOptions } from '@tanstack/react-query';
import type { FiatCurrency } from '../../../shared/enums';
import { paymentEndpoints } from '../../../shared/contract/payments';
import { api } from '../../lib/api-client';

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
