/** Global search results (docs/app-shell.md, docs/search.md): grouped by category, 3 per group, 6 after 'see more'. */
import type { SearchCategory } from '../../../shared/contract/search';

export const SEARCH_DEBOUNCE_MS = 500;
export const RESULTS_PER_GROUP = 3;
export const RESULTS_PER_GROUP_EXPANDED = 6;
export const NO_RESULTS = 'No results';

export type SearchCategoryName = SearchCategory['category'];

interface CategoryInfo {
  title: string;
  /** The page a result of this category opens. */
  route: '/wallets' | '/contacts' | '/transactions' | '/documents';
}

export const CATEGORY_INFO: Record<SearchCategoryName, CategoryInfo> = {
  wallets: { title: 'Wallets', route: '/wallets' },
  contacts: { title: 'Contacts', route: '/contacts' },
  transactions: { title: 'Transactions', route: '/transactions' },
  labels: { title: 'Labels', route: '/transactions' },
  documents: { title: 'Documents', route: '/documents' },
};

/** Groups with at least one item, in the server's order. */
export function nonEmptyGroups(categories: readonly SearchCategory[] | undefined): SearchCategory[] {
  return (categories ?? []).filter((group) => group.items.length > 0);
}

/** The items a group shows: 3, or up to 6 once expanded. */
export function visibleItems<T>(items: readonly T[], expanded: boolean): T[] {
  return items.slice(0, expanded ? RESULTS_PER_GROUP_EXPANDED : RESULTS_PER_GROUP);
}

/** Whether a group offers 'see more'. */
export function canSeeMore(items: readonly unknown[], expanded: boolean): boolean {
  return !expanded && items.length > RESULTS_PER_GROUP;
}

/**
 * Where a result leads: the category's page with the search text (?search=…). Labels have no page of their own:
 * theirs is the transactions page, whose search finds the transactions carrying a label of that name.
 */
export function resultHref(category: SearchCategoryName, searchText: string): string {
  const { route } = CATEGORY_INFO[category];
  return `${route}?${new URLSearchParams({ search: searchText.trim() }).toString()}`;
}
