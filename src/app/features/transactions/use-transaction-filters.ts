import { useCallback, useEffect, useState } from 'react';
import { RESET_FILTERS_EVENT } from '../../lib/reset-filters-event';
import { safeStorage, STORAGE_KEYS } from '../../lib/storage-keys';
import { appDayRollover, useDayRollover } from '../../lib/app-day-rollover';
import type { DayChange } from '../../lib/day-rollover-watch';
import {
  DEFAULT_TRANSACTION_FILTERS,
  parseSavedFilters,
  serializeFilters,
  type TransactionFilters,
} from './transaction-filters';

function savedFilters(): TransactionFilters {
  return parseSavedFilters(safeStorage.get(STORAGE_KEYS.transactionsFilters));
}

function initialFilters(): TransactionFilters {
  // Normally done at start already; a day that began since then is rolled over before the filters are read.
  appDayRollover.check();
  return savedFilters();
}

/**
 * The transaction list's filters: restored from `transactions_filters` (after the day-rollover rule), saved on
 * every change, read again when the rule moves their end date while the list is shown, and reset by the
 * 'reset-filters' window event.
 */
export function useTransactionFilters() {
  const [filters, setFilters] = useState<TransactionFilters>(initialFilters);

  const followRollover = useCallback((change: DayChange) => {
    if (change.moved.includes(STORAGE_KEYS.transactionsFilters)) setFilters(savedFilters());
  }, []);
  useDayRollover(followRollover);

  useEffect(() => {
    safeStorage.set(STORAGE_KEYS.transactionsFilters, serializeFilters(filters));
  }, [filters]);

  const reset = useCallback(() => setFilters({ ...DEFAULT_TRANSACTION_FILTERS }), []);

  useEffect(() => {
    window.addEventListener(RESET_FILTERS_EVENT, reset);
    return () => window.removeEventListener(RESET_FILTERS_EVENT, reset);
  }, [reset]);

  const update = useCallback((patch: Partial<TransactionFilters>) => setFilters((old) => ({ ...old, ...patch })), []);

  return { filters, update, reset };
}
