import { queryOptions } from '@tanstack/react-query';
import { API } from '../../../shared/api-paths';
import type { SearchCategory } from '../../../shared/data-types';
import { api } from '../../lib/api-client';

/** GET /api/search?search=… (not kept for offline use: results are for the moment). */
export function searchQuery(text: string) {
  const search = text.trim();
  return queryOptions({
    queryKey: ['search', search] as const,
    queryFn: ({ signal }) => api.get<SearchCategory[]>(API.search, { search }, { signal, silent: true }),
    enabled: search !== '',
    staleTime: 30_000,
    gcTime: 5 * 60_000,
    meta: { persist: false },
  });
}
