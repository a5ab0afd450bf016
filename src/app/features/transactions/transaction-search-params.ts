/**
 * The transaction list's URL parameters (docs/transactions.md "Filters and sort"), read by the route before the page
 * loads: only light modules, so the route table adds nothing of the signed-in screens to a signed-out page.
 */
import type { TransactionOrdering } from '../../../shared/transaction-orderings';
import { TRANSACTION_ORDERINGS } from '../../../shared/transaction-orderings';
import { dayRangeParams, definedParams, listParam, listValue, oneOfParam, textParam } from '../../lib/search-params';

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
