/** Query and mutation keys of documents (no runtime imports: the query client registers defaults by them). */
import type { documentEndpoints } from '../../../shared/contract/documents';
import type { QueryOf } from '../../../shared/contract/endpoint';

/** Which list the documents screen shows. */
export type DocumentTab = 'invoice' | 'report';

/** GET documents parameters of one list without paging (built by document-filters.ts); the tab is part of the key only. */
export type DocumentListParams = { tab: DocumentTab } & QueryOf<typeof documentEndpoints.listDocuments>;

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
