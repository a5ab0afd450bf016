/**
 * Documents (docs/documents.md, docs/data-model.md): the invoice and report lists, 10 at a time, the first document's date,
 * and report create / edit and document delete registered by key (mutation-defaults.ts), so a change paused by a
 * lost connection survives a reload and is sent once; a report create carries an Idempotency-Key.
 */
import { infiniteQueryOptions, queryOptions, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { QueryOf } from '../../../shared/contract/endpoint';
import { documentEndpoints, type DocumentOut, type DocumentPage } from '../../../shared/contract/documents';
import { invoiceEndpoints } from '../../../shared/contract/invoices';
import { alreadyAnnounced, api, nonFieldErrorText } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { toast } from '../../lib/toast';
import { idempotencyHeaders } from '../../lib/idempotency-key';
import { defaultDocumentFilters, documentListParams, REPORT_KINDS, type DocumentFilters } from './document-filters';
import { documentKeys, type DocumentListParams, type DocumentTab } from './document-keys';
import type { ReportBody, ReportPatchBody } from './report-body';

export { documentKeys, documentMutationKeys, type DocumentListParams, type DocumentTab } from './document-keys';

/** Documents are listed 10 at a time (docs/documents.md). */
export const DOCUMENTS_PAGE_SIZE = 10;
export const INVOICE_DELETED = 'Invoice was successfully deleted';
export const REPORT_DELETED = 'Report was successfully deleted';

export { REPORT_KINDS };

/** The parameters of a list under these filters (the defaults when none) and search text. */
export function listParams(tab: DocumentTab, filters: DocumentFilters = defaultDocumentFilters(), search?: string): DocumentListParams {
  return documentListParams(tab, filters, search);
}

/** The query string of one page: limit, offset and the list's parameters (kind and state repeated). */
export function documentPageQuery(
  params: DocumentListParams,
  offset: number,
): QueryOf<typeof documentEndpoints.listDocuments> {
  const { tab: _tab, ...query } = params;
  return { limit: DOCUMENTS_PAGE_SIZE, offset, ...query };
}

/** Offset of the page after `pages`; undefined when the server said there is no next page. */
export function nextDocumentOffset(lastPage: DocumentPage, pages: readonly DocumentPage[]): number | undefined {
  if (lastPage.next === null || lastPage.results.length === 0) return undefined;
  return pages.reduce((sum, page) => sum + page.results.length, 0);
}

/** GET documents of one list (newest first unless sorted otherwise), 10 at a time. */
export function documentsInfiniteQuery(params: DocumentListParams, enabled = true) {
  return infiniteQueryOptions({
    queryKey: documentKeys.list(params),
    queryFn: ({ pageParam, signal }) => api.call(documentEndpoints.listDocuments, { query: documentPageQuery(params, pageParam), signal }),
    initialPageParam: 0,
    getNextPageParam: (lastPage, pages) => nextDocumentOffset(lastPage, pages),
    enabled,
  });
}

/** The oldest document's creation time: with the first transaction, the earliest day a report may start (docs/documents.md). */
export function firstDocumentQuery(enabled = true) {
  return queryOptions({
    queryKey: documentKeys.first,
    queryFn: async ({ signal }) => {
      const page = await api.call(documentEndpoints.listDocuments, {
        query: { ordering: 'created_at', limit: 1, offset: 0 },
        signal,
      });
      return page.results[0]?.created_at ?? null;
    },
    enabled,
    staleTime: 5 * 60 * 1000,
  });
}

export interface CreateReportVariables {
  body: ReportBody;
  /** Made when the user submits; a replay of the same create answers with the same report. */
  idempotencyKey: string;
}

export interface UpdateReportVariables {
  id: string;
  body: ReportPatchBody;
}

/** What a delete needs: the document, and for an invoice its invoice id (DELETE invoices/{id}). */
export interface DeleteDocumentVariables {
  id: string;
  kind: 'invoice' | 'report';
  invoiceId: string | null;
}

type ListSnapshot = [readonly unknown[], InfiniteData<DocumentPage> | undefined][];

function updateLists(client: QueryClient, change: (rows: DocumentOut[]) => DocumentOut[]): void {
  client.setQueriesData<InfiniteData<DocumentPage>>({ queryKey: documentKeys.lists }, (old) =>
    old ? { ...old, pages: old.pages.map((page) => ({ ...page, results: change(page.results) })) } : old,
  );
}

/**
 * After any documents change: every documents query (the lists, the dashboard's invoicing columns, the first
 * document), the wallets (their linked documents) and the invoice limit are asked again.
 */
export function refreshAfterDocumentChange(client: QueryClient): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries({ queryKey: documentKeys.all }),
    client.invalidateQueries({ queryKey: queryKeys.wallets }),
    client.invalidateQueries({ queryKey: queryKeys.invoicesLimit }),
  ]);
}

export function createReportDefaults(client: QueryClient) {
  return {
    mutationFn: (variables: CreateReportVariables) =>
      api.call(documentEndpoints.createReport, {
        body: variables.body,
        headers: idempotencyHeaders(variables.idempotencyKey),
      }),
    onSettled: () => refreshAfterDocumentChange(client),
  };
}

export function updateReportDefaults(client: QueryClient) {
  return {
    mutationFn: (variables: UpdateReportVariables) => api.call(documentEndpoints.updateReport, { params: { id: variables.id }, body: variables.body }),
    onSuccess: (document: DocumentOut) => {
      updateLists(client, (rows) => rows.map((row) => (row.id === document.id ? document : row)));
    },
    onSettled: () => refreshAfterDocumentChange(client),
  };
}

export function deleteDocumentDefaults(client: QueryClient) {
  return {
    mutationFn: (variables: DeleteDocumentVariables) =>
      variables.kind === 'invoice' && variables.invoiceId !== null
        ? api.call(invoiceEndpoints.deleteInvoice, { params: { id: variables.invoiceId } })
        : api.call(documentEndpoints.deleteDocument, { params: { id: variables.id } }),
    onMutate: async (variables: DeleteDocumentVariables): Promise<{ previous: ListSnapshot }> => {
      await client.cancelQueries({ queryKey: documentKeys.lists });
      const previous = client.getQueriesData<InfiniteData<DocumentPage>>({ queryKey: documentKeys.lists });
      updateLists(client, (rows) => rows.filter((row) => row.id !== variables.id));
      return { previous };
    },
    onSuccess: (_data: unknown, variables: DeleteDocumentVariables) =>
      toast(variables.kind === 'invoice' ? INVOICE_DELETED : REPORT_DELETED, 'success'),
    onError: (error: unknown, _variables: DeleteDocumentVariables, context: { previous: ListSnapshot } | undefined) => {
      for (const [key, data] of context?.previous ?? []) client.setQueryData(key, data);
      if (!alreadyAnnounced(error)) toast(nonFieldErrorText(error, ' '), 'error');
    },
    onSettled: () => refreshAfterDocumentChange(client),
  };
}

/** The variables of a delete for a listed document (its outcome is told in a toast, also when sent later). */
export function deleteVariables(document: DocumentOut): DeleteDocumentVariables {
  const invoice = document.kind === 'INVOICE';
  return { id: document.id, kind: invoice ? 'invoice' : 'report', invoiceId: invoice ? (document.invoice?.id ?? null) : null };
}

