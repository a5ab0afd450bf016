/**
 * The transaction list's filters and sort (docs/transactions.md), saved in localStorage under
 * `transactions_filters` (docs/transactions.md) and turned into the GET transactions query (docs/transactions.md).
 */
import type { QueryOf } from '../../../shared/contract/endpoint';
import {
  TRANSACTION_ORDERINGS,
  type TransactionOrdering,
  type transactionEndpoints,
} from '../../../shared/contract/transactions';
import { hasDateFormat, isRealDay } from '../../lib/day-text';

export interface TransactionFilters {
  /** yyyy-MM-dd or '' (no date filter); both set or both empty once applied. */
  start_date: string;
  end_date: string;
  /** Token symbols (token__in). */
  tokens: string[];
  /** Label ids. */
  labels: string[];
  ordering: TransactionOrdering;
}

export const DEFAULT_TRANSACTION_FILTERS: TransactionFilters = {
  start_date: '',
  end_date: '',
  tokens: [],
  labels: [],
  ordering: '-created_at',
};

/** Page size of the list (docs/transactions.md). */
export const TRANSACTIONS_PAGE_SIZE = 10;

function stringList(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return [...new Set(value.filter((item): item is string => typeof item === 'string' && item !== ''))];
}

function day(value: unknown): string {
  return typeof value === 'string' && hasDateFormat(value) && isRealDay(value) ? value : '';
}

/** Reads a saved value; anything malformed falls back to the defaults field by field. */
export function parseSavedFilters(raw: string | null): TransactionFilters {
  if (raw === null) return { ...DEFAULT_TRANSACTION_FILTERS };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { ...DEFAULT_TRANSACTION_FILTERS };
  }
  if (typeof value !== 'object' || value === null) return { ...DEFAULT_TRANSACTION_FILTERS };
  const record = value as Record<string, unknown>;
  let start = day(record.start_date);
  let end = day(record.end_date);
  if (start === '' || end === '' || start > end) {
    start = '';
    end = '';
  }
  const ordering = TRANSACTION_ORDERINGS.find((item) => item === record.ordering) ?? DEFAULT_TRANSACTION_FILTERS.ordering;
  return { start_date: start, end_date: end, tokens: stringList(record.tokens), labels: stringList(record.labels), ordering };
}

export function serializeFilters(filters: TransactionFilters): string {
  return JSON.stringify(filters);
}

/** Whether anything differs from the defaults apart from the sort (the 'Reset filters' button shows then). */
export function hasActiveFilters(filters: TransactionFilters): boolean {
  return filters.start_date !== '' || filters.tokens.length > 0 || filters.labels.length > 0;
}

/** The query of GET transactions. */
export type TransactionListParams = QueryOf<typeof transactionEndpoints.listTransactions>;

/**
 * The query of GET transactions for these filters (without paging). Lists are comma-separated, and sorted so
 * that the same choice in another order reuses the same cached list.
 */
export function listParams(filters: TransactionFilters, search: string | undefined): TransactionListParams {
  const params: TransactionListParams = { ordering: filters.ordering };
  if (filters.labels.length > 0) params.labels = [...filters.labels].sort().join(',');
  if (filters.tokens.length > 0) params.token__in = [...filters.tokens].sort().join(',');
  if (filters.start_date !== '' && filters.end_date !== '') {
    params.created_at_after = filters.start_date;
    params.created_at_before = filters.end_date;
  }
  const text = search?.trim();
  if (text) params.search = text;
  return params;
}

/** The page at `offset` of a list (limit 10). */
export function pageQuery(params: TransactionListParams, offset: number): TransactionListParams {
  return { ...params, limit: TRANSACTIONS_PAGE_SIZE, offset };
}

/** Next sort when a column header is clicked: the other direction of the same column, else newest/largest first. */
export function nextOrdering(current: TransactionOrdering, column: 'created_at' | 'amount'): TransactionOrdering {
  if (current === `-${column}`) return column;
  return `-${column}`;
}

/** aria-sort of a column under the current ordering. */
export function sortState(current: TransactionOrdering, column: 'created_at' | 'amount'): 'ascending' | 'descending' | 'none' {
  if (current === column) return 'ascending';
  if (current === `-${column}`) return 'descending';
  return 'none';
}
