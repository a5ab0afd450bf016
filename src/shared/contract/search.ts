/** The top bar's search (docs/search.md) over the user's own data. */
import * as v from 'valibot';
import { endpoint } from './endpoint';
import { searchParam } from './primitives';

export const SEARCH_CATEGORIES = ['wallets', 'contacts', 'transactions', 'labels', 'documents'] as const;

/** One category of matches, each item {id, text}. */
export const searchCategoryOut = v.object({
  category: v.picklist(SEARCH_CATEGORIES),
  items: v.array(v.object({ id: v.string(), text: v.string() })),
});
export type SearchCategory = v.InferOutput<typeof searchCategoryOut>;

export const searchEndpoints = {
  search: endpoint({
    method: 'GET',
    path: '/api/search',
    access: 'user',
    query: v.object({ search: searchParam }),
    response: v.array(searchCategoryOut),
  }),
} as const;
