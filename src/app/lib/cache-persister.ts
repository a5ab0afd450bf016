import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import type { AsyncStorage, PersistedClient, Persister } from '@tanstack/react-query-persist-client';

/** The stored copy is written at most this often (and one write at a time). */
export const CACHE_WRITE_INTERVAL_MS = 1000;

/** A copy of the cache with the generation it was taken in. */
type GenerationCopy = PersistedClient & { generation: number };

/**
 * The persister of the cache's stored copy. Writes are throttled, so a write asked for just before the copy is
 * removed (at sign-in and sign-out) can run after the removal and store the signed-out user's data again. Each
 * removal starts a new generation, and a copy taken in an earlier generation is never written.
 */
export function createCachePersister(storage: AsyncStorage<string> | undefined, key: string): Persister {
  let generation = 0;
  /** The generation of the copy being written (serialize runs just before setItem, one write at a time). */
  let writing = -1;
  const persister = createAsyncStoragePersister({
    storage: storage && {
      getItem: (itemKey) => storage.getItem(itemKey),
      setItem: async (itemKey, value) => {
        if (writing === generation) await storage.setItem(itemKey, value);
      },
      removeItem: (itemKey) => storage.removeItem(itemKey),
    },
    key,
    throttleTime: CACHE_WRITE_INTERVAL_MS,
    serialize: (copy) => {
      writing = (copy as GenerationCopy).generation;
      return JSON.stringify(copy);
    },
  });
  return {
    persistClient: (copy) => {
      const tagged: GenerationCopy = { ...copy, generation };
      return persister.persistClient(tagged);
    },
    restoreClient: () => persister.restoreClient(),
    removeClient: async () => {
      generation += 1;
      await persister.removeClient();
    },
  };
}
