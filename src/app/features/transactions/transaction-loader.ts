import { listParams } from './transaction-filters';
import { transactionsInfiniteQuery } from './transaction-queries';
import { shownTransactionFilters, type TransactionSearch } from './transaction-search';

/** The first page of the list /transactions shows for this URL (its loader starts it with the page's code). */
export function transactionListQuery(search: TransactionSearch) {
  return transactionsInfiniteQuery(listParams(shownTransactionFilters(search), search.search));
}
