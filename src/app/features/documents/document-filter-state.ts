import { useCallback } from 'react';
import { useUrlFilters } from '../../components/use-url-filters';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import {
  defaultDocumentFilters,
  serializeDocumentFilters,
  type DocumentFilters,
  type InvoiceFilterValues,
  type ReportFilterValues,
} from './document-filters';
import { documentFiltersFromSearch, documentFiltersToSearch, parseDocumentSearch, type DocumentSearch } from './document-search';
import { rememberedDocumentFilters } from './document-shown-filters';

/** The list shown is not a filter: it stays in the URL as it is. */
const keptDocumentSearch = (search: DocumentSearch): DocumentSearch => (search.tab === undefined ? {} : { tab: search.tab });

export interface DocumentFilterState {
  filters: DocumentFilters;
  setRange: (start: string, end: string) => void;
  updateInvoice: (patch: Partial<InvoiceFilterValues>) => void;
  updateReport: (patch: Partial<ReportFilterValues>) => void;
  /** Back to the defaults, both lists; `clearSearch` also empties the search text. */
  reset: (clearSearch?: boolean) => void;
}

/**
 * The documents lists' filters, kept in the URL (document-search.ts); opened without any, the lists show the last
 * choice remembered in `documents_filters` (after the day-rollover rule). A wallet or exchange saved resets them.
 */
export function useDocumentFilters(): DocumentFilterState {
  const { filters, update, reset } = useUrlFilters<DocumentFilters, DocumentSearch>({
    page: '/documents',
    parse: parseDocumentSearch,
    storageKey: STORAGE_KEYS.documentsFilters,
    fromSearch: documentFiltersFromSearch,
    remembered: rememberedDocumentFilters,
    toSearch: documentFiltersToSearch,
    defaults: defaultDocumentFilters,
    serialize: serializeDocumentFilters,
    kept: keptDocumentSearch,
  });
  const setRange = useCallback((start: string, end: string) => update({ start_date: start, end_date: end }), [update]);
  const updateInvoice = useCallback(
    (patch: Partial<InvoiceFilterValues>) => update({ invoice: { ...filters.invoice, ...patch } }),
    [update, filters.invoice],
  );
  const updateReport = useCallback(
    (patch: Partial<ReportFilterValues>) => update({ report: { ...filters.report, ...patch } }),
    [update, filters.report],
  );
  return { filters, setRange, updateInvoice, updateReport, reset };
}
