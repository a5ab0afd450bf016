import { appDayRollover } from '../../lib/app-day-rollover';
import { safeStorage, STORAGE_KEYS } from '../../lib/storage-keys';
import { documentListParams, parseSavedDocumentFilters, type DocumentFilters } from './document-filters';
import type { DocumentTab } from './document-keys';
import { documentsInfiniteQuery } from './documents-queries';
import { documentFiltersFromSearch, type DocumentSearch } from './document-search';

/** The remembered filters, `documents_filters` (after the day-rollover rule, for a day that began since it last ran). */
export function rememberedDocumentFilters(): DocumentFilters {
  appDayRollover.check();
  return parseSavedDocumentFilters(safeStorage.get(STORAGE_KEYS.documentsFilters));
}

/** The filters the lists show for a URL: its own, else the remembered ones. */
export function shownDocumentFilters(search: DocumentSearch): DocumentFilters {
  return documentFiltersFromSearch(search) ?? rememberedDocumentFilters();
}

/** The first page of the list /documents opens on for this URL (its loader starts it with the page's code). */
export function documentListQuery(tab: DocumentTab, search: DocumentSearch) {
  return documentsInfiniteQuery(documentListParams(tab, shownDocumentFilters(search), search.search));
}
