/**
 * The persisted cache (ARCHITECTURE.md "Persistence"): restored at start, saved as it changes, removed at sign-in
 * and sign-out. Loaded only while someone is signed in (query-provider.tsx), so a signed-out visitor's pages never
 * download it. The cache is the signed-in user's data: nothing is saved while no one is signed in.
 */
import type { QueryClient } from '@tanstack/react-query';
import {
  persistQueryClientRestore,
  persistQueryClientSubscribe,
  type PersistQueryClientOptions,
} from '@tanstack/react-query-persist-client';
import { del, get, set } from 'idb-keyval';
import { createCachePersister } from './cache-persister';
import { getStoredUser } from './session';

/** IndexedDB key (idb-keyval's default store) of the persisted cache. */
export const PERSIST_KEY = 'ledgerloop-query-cache';

/** Cached data older than a day is not restored. */
export const PERSIST_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** Bump when the shape of cached data changes, so old caches are dropped. */
export const PERSIST_BUSTER = 'v2';

const idbPersister = createCachePersister(
  typeof indexedDB === 'undefined'
    ? undefined
    : {
        getItem: (key: string) => get<string>(key).then((value) => value ?? null),
        setItem: (key: string, value: string) => set(key, value),
        removeItem: (key: string) => del(key),
      },
  PERSIST_KEY,
);

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
function persistOptions(client: QueryClient, registerChangeDefaults: () => Promise<void>): PersistQueryClientOptions {
  return {
    queryClient: client as unknown as PersistQueryClientOptions['queryClient'],
    persister: {
      persistClient: async (persisted) => {
        if (getStoredUser()) await idbPersister.persistClient(persisted);
      },
      restoreClient: async () => {
        const stored = await idbPersister.restoreClient();
        if ((stored?.clientState.mutations.length ?? 0) > 0) await registerChangeDefaults();
        return stored;
      },
      removeClient: async () => {
        await idbPersister.removeClient();
      },
    },
    maxAge: PERSIST_MAX_AGE_MS,
    buster: PERSIST_BUSTER,
    dehydrateOptions: { shouldDehydrateQuery },
  };
}

/** Puts the stored copy of the cache back into `client` (nothing when it is missing, too old or of another shape). */
export function restoreCache(client: QueryClient, registerChangeDefaults: () => Promise<void>): Promise<void> {
  return persistQueryClientRestore(persistOptions(client, registerChangeDefaults));
}

/** Saves the cache whenever it changes (at most once a second); returns the function that stops it. */
export function saveCacheChanges(client: QueryClient, registerChangeDefaults: () => Promise<void>): () => void {
  return persistQueryClientSubscribe(persistOptions(client, registerChangeDefaults));
}

/** Removes the stored copy. */
export async function removeStoredCache(): Promise<void> {
  await idbPersister.removeClient();
}
