/**
 * GET invoices/{id} for the invoice page (docs/invoices.md). Persisted with the rest of the cache,
 * so an invoice seen before opens offline.
 */
import { queryOptions } from '@tanstack/react-query';
import { API } from '../../../shared/api-paths';
import type { InvoiceOut } from '../../../shared/document-types';
import { api, NetworkError } from '../../lib/api-client';

export const invoiceKeys = {
  all: ['invoices'] as const,
  detail: (id: string) => ['invoices', 'detail', id] as const,
};

export function invoiceQuery(id: string) {
  return queryOptions({
    queryKey: invoiceKeys.detail(id),
    queryFn: ({ signal }) => api.get<InvoiceOut>(API.invoice(id), undefined, { signal }),
  });
}

/**
 * What a failed fetch means for the page: 'offline' when no response came (the invoice needs the network),
 * 'not-found' for any answer the server gave (404 and the rest: docs/invoices.md 'Invoice not found', go to /auth).
 */
export function invoiceFailure(error: unknown): 'offline' | 'not-found' {
  return error instanceof NetworkError ? 'offline' : 'not-found';
}
