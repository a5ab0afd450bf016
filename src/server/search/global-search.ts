import type { SearchCategory } from '../../shared/contract/search';
import type { Database } from '../db/database';
import { searchContacts, searchDocuments, searchLabels, searchWallets } from './search-categories';
import { searchTransactions } from './search-transactions';

/** Items per category (the top bar shows 3 and expands to 6, docs/search.md). */
export const SEARCH_ITEMS_PER_CATEGORY = 6;

type Searcher = (db: Database, userId: string, text: string, limit: number) => Promise<SearchCategory['items']>;

/** What a guest (full_access false) is searched for: the pages a guest can open (docs/search.md). */
const GUEST_CATEGORIES: ReadonlySet<SearchCategory['category']> = new Set(['transactions', 'labels']);

const CATEGORIES: readonly [SearchCategory['category'], Searcher][] = [
  ['wallets', searchWallets],
  ['contacts', searchContacts],
  ['transactions', searchTransactions],
  ['labels', searchLabels],
  ['documents', searchDocuments],
];

/**
 * The top bar's search over the user's wallets, contacts, transactions, labels and documents: the categories
 * with at least one match, in that order, each with up to 6 items. An empty text finds nothing. Guests see
 * wallets, contacts and documents only as the logged-in-only message (docs/search.md), so only transactions and labels
 * are searched for them.
 */
export async function globalSearch(
  db: Database,
  userId: string,
  text: string,
  access: { fullAccess: boolean } = { fullAccess: true },
): Promise<SearchCategory[]> {
  const query = text.trim();
  if (query === '') return [];
  const results: SearchCategory[] = [];
  // One after another: a search holds one pooled connection at a time.
  for (const [category, search] of CATEGORIES) {
    if (!access.fullAccess && !GUEST_CATEGORIES.has(category)) continue;
    const items = await search(db, userId, query, SEARCH_ITEMS_PER_CATEGORY);
    if (items.length > 0) results.push({ category, items });
  }
  return results;
}
