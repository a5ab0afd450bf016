import { queryOptions } from '@tanstack/react-query';
import { searchEndpoints } from '../../../shared/contract/search';
import { api } from '../../lib/api-client';

/** GET /api/search?search=… (not kept for offline use: results are for the moment). */
export function searchQuery(text: string) {
  const search = text.trim();
  return queryOptions({
    queryKey: ['search', search] as const,
    queryFn: ({ signal }) => api.call(searchEndpoints.search, { query: { search }, signal, silent: true }),
    enabled: search !== '',
    staleTime: 30_000,
    gcTime: 5 * 60_000,
    meta: { persist: false },
  });
}
