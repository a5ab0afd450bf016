/**
 * A report's rows for the View Report dialog (docs/documents.md, docs/data-model.md): GET documents/{id}/holdings for a
 * holdings report, GET documents/{id}/transactions for the other kinds, 10 at a time. Keys start with
 * 'documents', so any documents change (documentKeys.all) asks them again.
 */
import { infiniteQueryOptions, type InfiniteData } from '@tanstack/react-query';
import type { DocumentOut } from '../../../shared/contract/documents';
import { REPORT_PAGE_SIZE, reportEndpoints, type ReportPage } from '../../../shared/contract/reports';
import { api } from '../../lib/api-client';

/** Report rows are shown 10 at a time (docs/documents.md page sizes). */
export { REPORT_PAGE_SIZE } from '../../../shared/contract/reports';

export type ReportRowsKind = 'holdings' | 'transactions';

export const reportKeys = {
  all: ['documents', 'report'] as const,
  rows: (id: string, kind: ReportRowsKind) => ['documents', 'report', id, kind] as const,
};

/** Which rows a report shows: holdings for a holdings report, transactions for the others. */
export function reportRowsKind(document: Pick<DocumentOut, 'kind'>): ReportRowsKind {
  return document.kind === 'HOLDINGS_REPORT' ? 'holdings' : 'transactions';
}

/** Offset of the page after `pages`; undefined when the server said there is no next page. */
export function nextReportOffset<T>(lastPage: ReportPage<T>, pages: readonly ReportPage<T>[]): number | undefined {
  if (lastPage.next === null || lastPage.results.length === 0) return undefined;
  return pages.reduce((sum, page) => sum + page.results.length, 0);
}

/** Every loaded row of the pages, in order. */
export function flattenReportRows<T>(data: InfiniteData<ReportPage<T>> | undefined): T[] {
  return data ? data.pages.flatMap((page) => page.results) : [];
}

/** GET documents/{id}/transactions, 10 at a time. */
export function reportTransactionsQuery(id: string, enabled = true) {
  return infiniteQueryOptions({
    queryKey: reportKeys.rows(id, 'transactions'),
    queryFn: ({ pageParam, signal }) =>
      api.call(reportEndpoints.reportTransactions, { params: { id }, query: { limit: REPORT_PAGE_SIZE, offset: pageParam }, signal }),
    initialPageParam: 0,
    getNextPageParam: (lastPage, pages) => nextReportOffset(lastPage, pages),
    enabled,
  });
}

/** GET documents/{id}/holdings, 10 at a time. */
export function reportHoldingsQuery(id: string, enabled = true) {
  return infiniteQueryOptions({
    queryKey: reportKeys.rows(id, 'holdings'),
    queryFn: ({ pageParam, signal }) =>
      api.call(reportEndpoints.reportHoldings, { params: { id }, query: { limit: REPORT_PAGE_SIZE, offset: pageParam }, signal }),
    initialPageParam: 0,
    getNextPageParam: (lastPage, pages) => nextReportOffset(lastPage, pages),
    enabled,
  });
}
