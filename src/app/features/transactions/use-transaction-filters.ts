import { useUrlFilters } from '../../components/use-url-filters';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { DEFAULT_TRANSACTION_FILTERS, serializeFilters, type TransactionFilters } from './transaction-filters';
import { rememberedTransactionFilters } from './transaction-shown-filters';
import { filtersFromSearch, filtersToSearch, parseTransactionSearch, type TransactionSearch } from './transaction-search';

const defaults = (): TransactionFilters => ({ ...DEFAULT_TRANSACTION_FILTERS });

/**
 * The transaction list's filters, kept in the URL (transaction-search.ts); opened without any, the list shows the
 * last choice remembered in `transactions_filters` (after the day-rollover rule).
 */
export function useTransactionFilters() {
  return useUrlFilters<TransactionFilters, TransactionSearch>({
    page: '/transactions',
    parse: parseTransactionSearch,
    storageKey: STORAGE_KEYS.transactionsFilters,
    fromSearch: filtersFromSearch,
    remembered: rememberedTransactionFilters,
    toSearch: filtersToSearch,
    defaults,
    serialize: serializeFilters,
  });
}
