import { appDayRollover } from '../../lib/app-day-rollover';
import { safeStorage, STORAGE_KEYS } from '../../lib/storage-keys';
import { listParams, parseSavedFilters, type TransactionFilters } from './transaction-filters';
import { transactionsInfiniteQuery } from './transaction-queries';
import { filtersFromSearch, type TransactionSearch } from './transaction-search';

/** The remembered filters, `transactions_filters` (after the day-rollover rule, for a day that began since it last ran). */
export function rememberedTransactionFilters(): TransactionFilters {
  appDayRollover.check();
  return parseSavedFilters(safeStorage.get(STORAGE_KEYS.transactionsFilters));
}

/** The filters the list shows for a URL: its own, else the remembered ones. */
export function shownTransactionFilters(search: TransactionSearch): TransactionFilters {
  return filtersFromSearch(search) ?? rememberedTransactionFilters();
}

/** The first page of the list /transactions shows for this URL (its loader starts it with the page's code). */
export function transactionListQuery(search: TransactionSearch) {
  return transactionsInfiniteQuery(listParams(shownTransactionFilters(search), search.search));
}
