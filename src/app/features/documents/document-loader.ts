import { documentListParams } from './document-filters';
import type { DocumentTab } from './document-keys';
import { documentsInfiniteQuery } from './documents-queries';
import { shownDocumentFilters, type DocumentSearch } from './document-search';

/** The first page of the list /documents opens on for this URL (its loader starts it with the page's code). */
export function documentListQuery(tab: DocumentTab, search: DocumentSearch) {
  return documentsInfiniteQuery(documentListParams(tab, shownDocumentFilters(search), search.search));
}
