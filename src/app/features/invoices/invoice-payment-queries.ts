/**
 * The owner's view of an invoice's payments (docs/pay-invoice.md, "What the owner sees"): GET invoices/{id}/payments,
 * the transfers that need review, assigning or dismissing one, and marking an invoice paid by hand.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { invoiceEndpoints } from '../../../shared/contract/invoices';
import { paymentEndpoints, type PaymentStatusOut } from '../../../shared/contract/payments';
import { api } from '../../lib/api-client';
import { invoiceKeys } from './invoice-queries';

export const invoicePaymentKeys = {
  payments: (id: string) => ['invoices', 'detail', id, 'payments'] as const,
  status: (id: string) => ['invoices', 'detail', id, 'payment-status'] as const,
  review: ['invoice-payments', 'review'] as const,
};

/** While a payment is on its way the owner's page asks again this often. */
export const OWNER_POLL_MS = 15_000;

export function invoicePaymentsQuery(id: string) {
  return queryOptions({
    queryKey: invoicePaymentKeys.payments(id),
    queryFn: ({ signal }) => api.call(paymentEndpoints.getInvoicePayments, { params: { id }, signal }),
    refetchInterval: (query) => {
      const summary = query.state.data?.status.summary;
      return summary === 'PAID' || summary === 'MARKED_PAID' ? false : OWNER_POLL_MS;
    },
  });
}

/** GET invoices/{id}/payment-status: the summary a documents row shows. */
export function invoicePaymentStatusQuery(id: string) {
  return queryOptions({
    queryKey: invoicePaymentKeys.status(id),
    queryFn: ({ signal }) => api.call(paymentEndpoints.getPaymentStatus, { params: { id }, signal, silent: true }),
    staleTime: 30_000,
  });
}

export function paymentsReviewQuery() {
  return queryOptions({
    queryKey: invoicePaymentKeys.review,
    queryFn: ({ signal }) => api.call(paymentEndpoints.listReviewPayments, { signal }),
  });
}

/** After a payment changed: the invoice, its payments, the review list and the documents lists show it. */
export async function refreshAfterPayment(client: QueryClient, invoiceId: string): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: invoiceKeys.detail(invoiceId) }),
    client.invalidateQueries({ queryKey: invoicePaymentKeys.review }),
    client.invalidateQueries({ queryKey: ['invoices', 'detail'] }),
    client.invalidateQueries({ queryKey: ['documents'] }),
  ]);
}

export function markInvoicePaid(invoiceId: string, note: string) {
  return api.call(invoiceEndpoints.markInvoicePaid, { params: { id: invoiceId }, body: { note } });
}

export function assignPayment(paymentId: string, invoiceId: string): Promise<PaymentStatusOut> {
  return api.call(paymentEndpoints.assignPayment, { params: { id: paymentId }, body: { invoice: invoiceId } });
}

export function dismissPayment(paymentId: string): Promise<undefined> {
  return api.call(paymentEndpoints.dismissPayment, { params: { id: paymentId } });
}
