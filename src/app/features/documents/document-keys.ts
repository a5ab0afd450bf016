/** Query and mutation keys of documents (no imports: the query client registers defaults by them). */

/** Which list the documents screen shows. */
export type DocumentTab = 'invoice' | 'report';

/**
 * GET documents parameters of one list without paging (docs/documents.md "Document list filter", docs/data-model.md, docs/documents.md): built by
 * document-filters.ts; the tab is part of the key only.
 */
export interface DocumentListParams {
  tab: DocumentTab;
  /** -created_at (newest, the default), total_amount or -total_amount. */
  ordering: string;
  aditional_ordering?: string;
  /** Document kinds of the list (kind repeated). */
  kind: string[];
  /** Invoice states (state repeated); none for all. */
  state?: string[];
  created_at_after?: string;
  created_at_before?: string;
  currency?: string;
  /** Contact label ids, comma-separated. */
  labels?: string;
  search?: string;
}

/** Every key starts with 'documents', so invalidating `all` also reaches the dashboard's invoicing columns. */
export const documentKeys = {
  all: ['documents'] as const,
  lists: ['documents', 'list'] as const,
  list: (params: DocumentListParams) => ['documents', 'list', params] as const,
  first: ['documents', 'first'] as const,
};

export const documentMutationKeys = {
  createReport: ['documents', 'create-report'] as const,
  updateReport: ['documents', 'update-report'] as const,
  remove: ['documents', 'delete'] as const,
};
