import { useCallback, useEffect, useState } from 'react';
import { safeStorage, STORAGE_KEYS } from '../../lib/storage-keys';
import { toDay } from './date-range-rules';
import { rollOverSavedEndDates } from './day-rollover';
import {
  DEFAULT_TRANSACTION_FILTERS,
  parseSavedFilters,
  serializeFilters,
  type TransactionFilters,
} from './transaction-filters';

/** Window event that puts every list filter back to its defaults (sent after a wallet is saved, spec §2 Wallets). */
export const RESET_FILTERS_EVENT = 'reset-filters';

function initialFilters(): TransactionFilters {
  rollOverSavedEndDates(safeStorage, toDay(Date.now()));
  return parseSavedFilters(safeStorage.get(STORAGE_KEYS.transactionsFilters));
}

/**
 * The transaction list's filters: restored from `transactions_filters` (after the day-rollover rule), saved on
 * every change, and reset by the 'reset-filters' window event.
 */
export function useTransactionFilters() {
  const [filters, setFilters] = useState<TransactionFilters>(initialFilters);

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
