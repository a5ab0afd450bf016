/** Query and mutation keys of documents (no imports: the query client registers defaults by them). */

/** Which list the documents screen shows. */
export type DocumentTab = 'invoice' | 'report';

/** GET documents parameters of one list (spec §7 Data, §9: ordering -created_at). */
export interface DocumentListParams {
  tab: DocumentTab;
  ordering: '-created_at';
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
