/**
 * The transaction list's filters and sort in the URL (docs/transactions.md "Filters and sort"):
 * /transactions?search=…&start_date=…&end_date=…&tokens=ETH,USDC&labels=…&ordering=-amount. Defaults are left out;
 * invalid values are dropped. A page opened without any of them shows the last choice (transaction-shown-filters.ts).
 * Read by the route before the page loads, so it imports nothing heavy.
 */
import { TRANSACTION_ORDERINGS, type TransactionOrdering } from '../../../shared/contract/transactions';
import { dayRangeParams, definedParams, listParam, listValue, oneOfParam, textParam } from '../../lib/search-params';
import { DEFAULT_TRANSACTION_FILTERS, type TransactionFilters } from './transaction-filters';

export interface TransactionSearch {
  search?: string;
  start_date?: string;
  end_date?: string;
  /** Token symbols, comma-separated. */
  tokens?: string;
  /** Label ids, comma-separated. */
  labels?: string;
  ordering?: TransactionOrdering;
}

/** The route's validateSearch: keeps the valid parameters, drops the rest. */
export function parseTransactionSearch(raw: Record<string, unknown>): TransactionSearch {
  const range = dayRangeParams(raw.start_date, raw.end_date);
  return definedParams<TransactionSearch>({
    search: textParam(raw.search),
    start_date: range?.start_date,
    end_date: range?.end_date,
    tokens: listValue(listParam(raw.tokens)),
    labels: listValue(listParam(raw.labels)),
    ordering: oneOfParam(raw.ordering, TRANSACTION_ORDERINGS),
  });
}

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
