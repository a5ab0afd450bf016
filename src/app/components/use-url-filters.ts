import { useLocation, useNavigate, useRouter } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo } from 'react';
import { useDayRollover } from '../lib/app-day-rollover';
import type { DayChange } from '../lib/day-rollover-watch';
import { RESET_FILTERS_EVENT } from '../lib/reset-filters-event';
import { safeStorage } from '../lib/storage-keys';

/** Pages whose filters live in the URL. */
export type FilteredPage = '/transactions' | '/documents';

export interface UrlFiltersOptions<F extends { end_date: string }, S extends { search?: string }> {
  page: FilteredPage;
  /** The route's validateSearch. */
  parse: (raw: Record<string, unknown>) => S;
  /** localStorage key of the remembered choice. */
  storageKey: string;
  /** The filters the URL names, or null when it names none. */
  fromSearch: (search: S) => F | null;
  /** The remembered choice (read when the URL names no filter). */
  remembered: () => F;
  /** The URL parameters of the filters and the search text (defaults left out). */
  toSearch: (filters: F, text: string | undefined) => S;
  defaults: () => F;
  serialize: (filters: F) => string;
  /** The URL parameters that are not filters, carried over as they are (the documents screen's list). */
  kept?: (search: S) => Partial<S>;
}

/**
 * A list's filters kept in the URL (docs/transactions.md "Filters and sort"). The URL is what the list shows;
 * opened without filters it shows the remembered choice and writes it to the URL; invalid parameters are dropped
 * from it. Every change replaces the URL (no history entry per keystroke) and becomes the remembered choice. An end
 * date on the day that just ended follows the day rollover; the 'reset-filters' window event resets the filters.
 */
export function useUrlFilters<F extends { end_date: string }, S extends { search?: string }>(options: UrlFiltersOptions<F, S>) {
  const { page, parse, storageKey, fromSearch, remembered, toSearch, defaults, serialize, kept } = options;
  const router = useRouter();
  const navigate = useNavigate();
  // Read with the location they come from, so what is shown and what the URL says never disagree mid-navigation.
  const location = useLocation({
    select: ({ pathname, searchStr, search }) => ({ pathname, searchStr, search: search as Record<string, unknown> }),
  });
  const searchKey = JSON.stringify(location.search);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the URL's parameters (by value) decide the filters
  const search = useMemo(() => parse(location.search), [searchKey]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- idem
  const filters = useMemo(() => fromSearch(search) ?? remembered(), [searchKey]);
  const text = search.search;
  const carried = useMemo(() => kept?.(search) ?? {}, [kept, search]);
  const wantedStr = router.options.stringifySearch({ ...carried, ...toSearch(filters, text) } as Record<string, unknown>);

  const show = useCallback(
    (next: F, nextText: string | undefined = text) => {
      safeStorage.set(storageKey, serialize(next));
      void navigate({ to: page, search: { ...carried, ...toSearch(next, nextText) } as never, replace: true, state: (old) => old });
    },
    [navigate, page, storageKey, serialize, toSearch, text, carried],
  );

  // Remembered or corrected filters are written to the URL; what is shown is remembered.
  useEffect(() => {
    // Not while another page is being opened.
    if (location.pathname !== page) return;
    safeStorage.set(storageKey, serialize(filters));
    if (wantedStr !== location.searchStr) show(filters);
  }, [filters, wantedStr, location.pathname, location.searchStr, page, show, storageKey, serialize]);

  const update = useCallback((patch: Partial<F>) => show({ ...filters, ...patch }), [show, filters]);
  /** Back to the defaults; `clearSearch` also empties the search text (one URL change for both). */
  const reset = useCallback(
    (clearSearch = false) => show(defaults(), clearSearch ? undefined : text),
    [show, defaults, text],
  );
  const resetOnEvent = useCallback(() => reset(), [reset]);

  const followRollover = useCallback(
    (change: DayChange) => {
      if (change.previous !== null && filters.end_date !== '' && filters.end_date === change.previous) {
        show({ ...filters, end_date: change.today });
      }
    },
    [show, filters],
  );
  useDayRollover(followRollover);

  useEffect(() => {
    window.addEventListener(RESET_FILTERS_EVENT, resetOnEvent);
    return () => window.removeEventListener(RESET_FILTERS_EVENT, resetOnEvent);
  }, [resetOnEvent]);

  return { filters, update, reset };
}
