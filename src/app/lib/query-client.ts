/**
 * The React Query client, its IndexedDB persister and the defaults of every offline-capable mutation
 * (ARCHITECTURE.md "Persistence").
 */
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { QueryClient } from '@tanstack/react-query';
import type { PersistQueryClientProviderProps } from '@tanstack/react-query-persist-client';
import { del, get, set } from 'idb-keyval';
import { ApiError, NetworkError } from './api-client';
import { mutationKeys, queryKeys } from './query-keys';
import { updateUserDefaults } from './user-queries';
import { dropSettledChanges } from '../features/offline/settled-changes';
import { setWalletActiveDefaults } from './wallet-queries';

/** IndexedDB key (idb-keyval's default store) of the persisted cache. */
export const PERSIST_KEY = 'ledgerloop-query-cache';
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

queryClient.setMutationDefaults(mutationKeys.setWalletActive, setWalletActiveDefaults(queryClient));
queryClient.setMutationDefaults(mutationKeys.updateUser, updateUserDefaults(queryClient));
let mutationDefaults: Promise<void> | undefined;
/**
 * Registers the defaults of the signed-in screens' offline mutations (transactions, contacts, documents, labels,
 * wallets), loaded on first need so the signed-out pages never download them: before any signed-in page loads,
 * and before a persisted cache holding paused changes is restored.
 */
export function loadMutationDefaults(): Promise<void> {
  mutationDefaults ??= import('../features/offline/register-mutation-defaults').then(({ registerMutationDefaults }) =>
    registerMutationDefaults(queryClient),
  );
  return mutationDefaults;
}

const idbStorage = {
  getItem: (key: string) => get<string>(key).then((value) => value ?? null),
  setItem: (key: string, value: string) => set(key, value),
  removeItem: (key: string) => del(key),
};

const idbPersister = createAsyncStoragePersister({
  storage: typeof indexedDB === 'undefined' ? undefined : idbStorage,
  key: PERSIST_KEY,
  throttleTime: 1000,
});

/** The IndexedDB persister; a cache holding paused changes is handed over once their defaults are registered. */
export const persister: typeof idbPersister = {
  ...idbPersister,
  restoreClient: async () => {
    const stored = await idbPersister.restoreClient();
    if ((stored?.clientState.mutations.length ?? 0) > 0) await loadMutationDefaults();
    return stored;
  },
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

export const persistOptions: PersistQueryClientProviderProps['persistOptions'] = {
  persister,
  maxAge: PERSIST_MAX_AGE_MS,
  buster: PERSIST_BUSTER,
  dehydrateOptions: { shouldDehydrateQuery },
};

/**
 * Called once the cache is restored: changes that settled just before the reload (newer than the stored copy) are
 * dropped, and the paused ones run (once, when online).
 */
export async function afterCacheRestore(): Promise<void> {
  dropSettledChanges(queryClient.getMutationCache());
  await queryClient.resumePausedMutations();
  await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.config[0] });
}

/** Empties the in-memory cache (queries and pending mutations) and its IndexedDB copy. */
export async function clearQueryCaches(): Promise<void> {
  await queryClient.cancelQueries();
  queryClient.clear();
  try {
    await persister.removeClient();
  } catch {
    // IndexedDB unavailable: nothing was persisted.
  }
}
