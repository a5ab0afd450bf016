/**
 * GET invoices/{id} for the invoice page (docs/invoices.md). Persisted with the rest of the cache,
 * so an invoice seen before opens offline.
 */
import { queryOptions } from '@tanstack/react-query';
import { invoiceEndpoints, type InvoiceOut } from '../../../shared/contract/invoices';
import { api, NetworkError } from '../../lib/api-client';

export const invoiceKeys = {
  all: ['invoices'] as const,
  detail: (id: string) => ['invoices', 'detail', id] as const,
};

export function invoiceQuery(id: string) {
  return queryOptions({
    queryKey: invoiceKeys.detail(id),
    // The invoice page is the owner's: their answer is the whole invoice (others get the public one).
    queryFn: async ({ signal }) => (await api.call(invoiceEndpoints.getInvoice, { params: { id }, signal })) as InvoiceOut,
  });
}

/**
 * What a failed fetch means for the page: 'offline' when no response came (the invoice needs the network),
 * 'not-found' for any answer the server gave (404 and the rest: docs/invoices.md 'Invoice not found', go to /auth).
 */
export function invoiceFailure(error: unknown): 'offline' | 'not-found' {
  return error instanceof NetworkError ? 'offline' : 'not-found';
}
