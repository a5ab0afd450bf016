/**
 * The transaction list's filters and sort in the URL (docs/transactions.md "Filters and sort"):
 * /transactions?search=…&start_date=…&end_date=…&tokens=ETH,USDC&labels=…&ordering=-amount. Defaults are left out;
 * invalid values are dropped. A page opened without any of them shows the last choice (transaction-shown-filters.ts).
 * The route reads them with transaction-search-params.ts.
 */
import { dayRangeParams, definedParams, listParam, listValue, textParam } from '../../lib/search-params';
import type { TransactionSearch } from './transaction-search-params';
import { DEFAULT_TRANSACTION_FILTERS, type TransactionFilters } from './transaction-filters';

export { parseTransactionSearch, type TransactionSearch } from './transaction-search-params';

/** The filters a URL names, or null when it names none (then the remembered ones apply). */
export function filtersFromSearch(search: TransactionSearch): TransactionFilters | null {
  const { start_date, end_date, tokens, labels, ordering } = search;
  if ([start_date, end_date, tokens, labels, ordering].every((value) => value === undefined)) return null;
  return {
    start_date: start_date ?? '',
    end_date: end_date ?? '',
    tokens: listParam(tokens),
    labels: listParam(labels),
    ordering: ordering ?? DEFAULT_TRANSACTION_FILTERS.ordering,
  };
}

/** The URL parameters of `filters` (defaults left out) and of the search text. */
export function filtersToSearch(filters: TransactionFilters, search?: string): TransactionSearch {
  const range = dayRangeParams(filters.start_date, filters.end_date);
  return definedParams<TransactionSearch>({
    search: textParam(search),
    start_date: range?.start_date,
    end_date: range?.end_date,
    tokens: listValue(filters.tokens),
    labels: listValue(filters.labels),
    ordering: filters.ordering === DEFAULT_TRANSACTION_FILTERS.ordering ? undefined : filters.ordering,
  });
}
