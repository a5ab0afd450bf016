import type { SearchCategory } from '../../shared/data-types';
import type { Database } from '../db/database';
import { searchContacts, searchDocuments, searchLabels, searchWallets } from './search-categories';
import { searchTransactions } from './search-transactions';

/** Items per category (the top bar shows 3 and expands to 6, spec §9). */
export const SEARCH_ITEMS_PER_CATEGORY = 6;

type Searcher = (db: Database, userId: string, text: string, limit: number) => Promise<SearchCategory['items']>;

const CATEGORIES: readonly [SearchCategory['category'], Searcher][] = [
  ['wallets', searchWallets],
  ['contacts', searchContacts],
  ['transactions', searchTransactions],
  ['labels', searchLabels],
  ['documents', searchDocuments],
];

/**
 * The top bar's search over the user's wallets, contacts, transactions, labels and documents: the categories
 * with at least one match, in that order, each with up to 6 items. An empty text finds nothing.
 */
export async function globalSearch(db: Database, userId: string, text: string): Promise<SearchCategory[]> {
  const query = text.trim();
  if (query === '') return [];
  const results: SearchCategory[] = [];
  // One after another: a search holds one pooled connection at a time.
  for (const [category, search] of CATEGORIES) {
    const items = await search(db, userId, query, SEARCH_ITEMS_PER_CATEGORY);
    if (items.length > 0) results.push({ category, items });
  }
  return results;
}
