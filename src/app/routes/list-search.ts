import { textParam } from '../lib/search-params';

/**
 * Search parameters of the list pages the global search leads to: /transactions?search=…, /contacts?search=…,
 * /wallets?search=…, /documents?search=… (the transaction and document lists also keep their filters in the URL:
 * features/transactions/transaction-search.ts, features/documents/document-search.ts).
 */
export interface ListSearch {
  search?: string;
}

/** Keeps non-empty texts, drops anything else. */
export function parseListSearch(search: Record<string, unknown>): ListSearch {
  const text = textParam(search.search);
  return text === undefined ? {} : { search: text };
}

/** Pages that take only a search text (/contacts, /wallets). */
export type TextSearch = ListSearch;

export const parseTextSearch = parseListSearch;
