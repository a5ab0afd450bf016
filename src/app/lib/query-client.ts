/**
 * The React Query client (ARCHITECTURE.md "Persistence": its IndexedDB copy is kept by cache-persistence.ts, through
 * query-provider.tsx). The defaults of the signed-in screens' offline mutations are registered by
 * features/offline/load-mutation-defaults.ts.
 */
import { QueryClient } from '@tanstack/react-query';
import { ApiError, NetworkError } from './api-client';
import { mutationKeys, queryKeys } from './query-keys';
import { loadCachePersistence } from './load-cache-persistence';
import { setCacheReset } from './session';
import { dropSettledChanges } from './settled-changes';
import { updateUserDefaults } from './user-queries';

/** Queries stay in memory a day (as long as a persisted copy is restored: lib/cache-persistence.ts). */
const GC_TIME_MS = 24 * 60 * 60 * 1000;

/**
 * Queries retry network failures and server errors (docs/errors.md: failed lists are retried automatically), at most
 * 3 times; other statuses (400, 401, 403, 404, ...) are final.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (failureCount >= 3) return false;
  if (error instanceof NetworkError) return true;
  if (error instanceof ApiError) return error.status >= 500 || error.status === 429;
  return false;
}

/** Mutations retry only when no response came (the request may not have reached the server). */
export function shouldRetryMutation(failureCount: number, error: unknown): boolean {
  return failureCount < 2 && error instanceof NetworkError;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      networkMode: 'online',
      staleTime: 30_000,
      gcTime: GC_TIME_MS,
      retry: shouldRetryQuery,
      refetchOnWindowFocus: true,
    },
    mutations: {
      networkMode: 'online',
      retry: shouldRetryMutation,
    },
  },
});

queryClient.setMutationDefaults(mutationKeys.updateUser, updateUserDefaults(queryClient));

/**
 * Called once the cache is restored: changes that settled just before the reload (newer than the stored copy) are
 * dropped, and the paused ones run (once, when online).
 */
export async function afterCacheRestore(): Promise<void> {
  dropSettledChanges(queryClient.getMutationCache());
  await queryClient.resumePausedMutations();
  await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.config[0] });
}

/** Empties the in-memory cache (queries and pending mutations) and its IndexedDB copy (at sign-in and sign-out). */
export async function clearQueryCaches(): Promise<void> {
  await queryClient.cancelQueries();
  queryClient.clear();
  try {
    await (await loadCachePersistence()).removeStoredCache();
  } catch {
    // IndexedDB unavailable: nothing was persisted.
  }
}

setCacheReset(clearQueryCaches);
