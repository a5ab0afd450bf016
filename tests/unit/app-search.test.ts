import { describe, expect, it } from 'vitest';
import type { SearchCategory } from '../../src/shared/contract/search';
import {
  canSeeMore,
  CATEGORY_INFO,
  nonEmptyGroups,
  resultHref,
  RESULTS_PER_GROUP,
  RESULTS_PER_GROUP_EXPANDED,
  SEARCH_DEBOUNCE_MS,
  visibleItems,
} from '../../src/app/features/search/search-model';
import { parseListSearch } from '../../src/app/routes/list-search';

const items = Array.from({ length: 8 }, (_, index) => ({ id: String(index), text: `Item ${String(index)}` }));

describe('global search results (docs/search.md)', () => {
  it('waits 500 ms and shows 3 per group, 6 after see more', () => {
    expect(SEARCH_DEBOUNCE_MS).toBe(500);
    expect(RESULTS_PER_GROUP).toBe(3);
    expect(RESULTS_PER_GROUP_EXPANDED).toBe(6);
    expect(visibleItems(items, false).map((item) => item.id)).toEqual(['0', '1', '2']);
    expect(visibleItems(items, true)).toHaveLength(6);
    expect(canSeeMore(items, false)).toBe(true);
    expect(canSeeMore(items, true)).toBe(false);
    expect(canSeeMore(items.slice(0, 3), false)).toBe(false);
  });

  it('drops empty groups and keeps the server order', () => {
    const groups: SearchCategory[] = [
      { category: 'wallets', items: [] },
      { category: 'contacts', items: items.slice(0, 1) },
      { category: 'documents', items: items.slice(0, 2) },
    ];
    expect(nonEmptyGroups(groups).map((group) => group.category)).toEqual(['contacts', 'documents']);
    expect(nonEmptyGroups(undefined)).toEqual([]);
  });

  it("leads to the category's page with the search text", () => {
    expect(resultHref('transactions', ' 0xab cd ')).toBe('/transactions?search=0xab+cd');
    expect(resultHref('contacts', 'Ada')).toBe('/contacts?search=Ada');
    expect(resultHref('wallets', 'main')).toBe('/wallets?search=main');
    expect(resultHref('documents', 'inv-1')).toBe('/documents?search=inv-1');
    // A label's page is the transactions page, searched for the label's name.
    expect(resultHref('labels', 'rent')).toBe('/transactions?search=rent');
    expect(Object.keys(CATEGORY_INFO).sort()).toEqual(['contacts', 'documents', 'labels', 'transactions', 'wallets']);
  });

  it('is read back by the list pages', () => {
    expect(parseListSearch({ search: '0xab cd' })).toEqual({ search: '0xab cd' });
    expect(parseListSearch({ search: 42 })).toEqual({ search: '42' });
    expect(parseListSearch({ search: '  ', label: 'l-9' })).toEqual({});
    expect(parseListSearch({ search: ['a'], other: 'x' })).toEqual({});
    expect(parseListSearch({ search: 'x'.repeat(500) }).search).toHaveLength(200);
  });
});
