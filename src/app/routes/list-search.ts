/**
 * Search parameters of the list pages the global search leads to: /transactions?search=…, /contacts?search=…,
 * /wallets?search=…, /documents?search=….
 */
export interface ListSearch {
  search?: string;
}

const MAX_LENGTH = 200;

/** Keeps non-empty texts, drops anything else. */
export function parseListSearch(search: Record<string, unknown>): ListSearch {
  const result: ListSearch = {};
  const text = typeof search.search === 'number' ? String(search.search) : search.search;
  if (typeof text === 'string' && text.trim() !== '') result.search = text.slice(0, MAX_LENGTH);
  return result;
}

/** Pages that take only a search text (/wallets, /documents). */
export interface TextSearch {
  search?: string;
}

export function parseTextSearch(search: Record<string, unknown>): TextSearch {
  const { search: text } = parseListSearch(search);
  return text === undefined ? {} : { search: text };
}
