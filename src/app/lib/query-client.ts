/**
 * The React Query client and its IndexedDB persister (ARCHITECTURE.md "Persistence"). The defaults of the signed-in
 * screens' offline mutations are registered by features/offline/load-mutation-defaults.ts.
 */
import { QueryClient } from '@tanstack/react-query';
import type { PersistQueryClientProviderProps } from '@tanstack/react-query-persist-client';
import { ApiError, NetworkError } from './api-client';
import { mutationKeys, queryKeys } from './query-keys';
import { getStoredUser, setCacheReset } from './session';
import { dropSettledChanges } from './settled-changes';
import { updateUserDefaults } from './user-queries';

/** Cached data older than a day is not restored. */
export const PERSIST_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** Bump when the shape of cached data changes, so old caches are dropped. */
export const PERSIST_BUSTER = 'v2';

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
      gcTime: PERSIST_MAX_AGE_MS,
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

type Persister = PersistQueryClientProviderProps['persistOptions']['persister'];

let idbPersister: Promise<Persister> | undefined;
/** The IndexedDB persister's code, downloaded on first use. */
const loadIdbPersister = (): Promise<Persister> =>
  (idbPersister ??= import('./idb-persister').then((module) => module.idbPersister));

/**
 * The cache is the signed-in user's data: it is kept and restored only while someone is signed in. A signed-out
 * visitor's pages (sign-in, FAQ, a payer's invoice) keep nothing, so they never download the persister. At sign-in
 * and sign-out the stored copy is removed (clearQueryCaches below).
 */
const persister: Persister = {
  persistClient: async (client) => {
    if (getStoredUser()) await (await loadIdbPersister()).persistClient(client);
  },
  restoreClient: async () => (getStoredUser() ? (await loadIdbPersister()).restoreClient() : undefined),
  removeClient: async () => (await loadIdbPersister()).removeClient(),
};

/**
 * The persister packages are typed against their own copy of query-core; only these fields are read.
 * Persist successful queries (never pending or failed ones) unless a query opts out with meta.persist false.
 */
interface DehydratableQuery {
  state: { status: string };
  meta?: Record<string, unknown>;
}
function shouldDehydrateQuery(query: DehydratableQuery): boolean {
  return query.state.status === 'success' && query.meta?.persist !== false;
}

/**
 * How the cache is persisted. A restored cache holding paused changes is handed over only once
 * `registerChangeDefaults` has registered their mutations' defaults, so they can run.
 */
export function persistOptions(
  registerChangeDefaults: () => Promise<void>,
): PersistQueryClientProviderProps['persistOptions'] {
  return {
    persister: {
      ...persister,
      restoreClient: async () => {
        const stored = await persister.restoreClient();
        if ((stored?.clientState.mutations.length ?? 0) > 0) await registerChangeDefaults();
        return stored;
      },
    },
    maxAge: PERSIST_MAX_AGE_MS,
    buster: PERSIST_BUSTER,
    dehydrateOptions: { shouldDehydrateQuery },
  };
}

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
    await persister.removeClient();
  } catch {
    // IndexedDB unavailable: nothing was persisted.
  }
}

setCacheReset(clearQueryCaches);
