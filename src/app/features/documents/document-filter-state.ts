import { useCallback, useEffect, useState } from 'react';
import { RESET_FILTERS_EVENT } from '../../lib/reset-filters-event';
import { safeStorage, STORAGE_KEYS } from '../../lib/storage-keys';
import { appDayRollover, useDayRollover } from '../../lib/app-day-rollover';
import type { DayChange } from '../../lib/day-rollover-watch';
import {
  defaultDocumentFilters,
  parseSavedDocumentFilters,
  serializeDocumentFilters,
  type DocumentFilters,
  type InvoiceFilterValues,
  type ReportFilterValues,
} from './document-filters';

function savedFilters(): DocumentFilters {
  return parseSavedDocumentFilters(safeStorage.get(STORAGE_KEYS.documentsFilters));
}

function initialFilters(): DocumentFilters {
  // Normally done at start already; a day that began since then is rolled over before the filters are read.
  appDayRollover.check();
  return savedFilters();
}

export interface DocumentFilterState {
  filters: DocumentFilters;
  setRange: (start: string, end: string) => void;
  updateInvoice: (patch: Partial<InvoiceFilterValues>) => void;
  updateReport: (patch: Partial<ReportFilterValues>) => void;
  /** Back to the defaults, both lists. */
  reset: () => void;
}

/**
 * The documents lists' filters: restored from `documents_filters` (after the day-rollover rule), saved on every
 * change, read again when the rule moves their end date while the screen is shown, and reset by the
 * 'reset-filters' window event (a wallet or exchange saved).
 */
export function useDocumentFilters(): DocumentFilterState {
  const [filters, setFilters] = useState<DocumentFilters>(initialFilters);

  const followRollover = useCallback((change: DayChange) => {
    if (change.moved.includes(STORAGE_KEYS.documentsFilters)) setFilters(savedFilters());
  }, []);
  useDayRollover(followRollover);

  useEffect(() => {
    safeStorage.set(STORAGE_KEYS.documentsFilters, serializeDocumentFilters(filters));
  }, [filters]);

  const reset = useCallback(() => setFilters(defaultDocumentFilters()), []);
  useEffect(() => {
    window.addEventListener(RESET_FILTERS_EVENT, reset);
    return () => window.removeEventListener(RESET_FILTERS_EVENT, reset);
  }, [reset]);

  const setRange = useCallback(
    (start: string, end: string) => setFilters((old) => ({ ...old, start_date: start, end_date: end })),
    [],
  );
  const updateInvoice = useCallback(
    (patch: Partial<InvoiceFilterValues>) => setFilters((old) => ({ ...old, invoice: { ...old.invoice, ...patch } })),
    [],
  );
  const updateReport = useCallback(
    (patch: Partial<ReportFilterValues>) => setFilters((old) => ({ ...old, report: { ...old.report, ...patch } })),
    [],
  );

  return { filters, setRange, updateInvoice, updateReport, reset };
}
