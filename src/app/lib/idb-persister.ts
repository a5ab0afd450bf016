/** The IndexedDB copy of the React Query cache (ARCHITECTURE.md "Persistence"); loaded by query-client.ts on first use. */
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { del, get, set } from 'idb-keyval';

/** IndexedDB key (idb-keyval's default store) of the persisted cache. */
export const PERSIST_KEY = 'ledgerloop-query-cache';

const idbStorage = {
  getItem: (key: string) => get<string>(key).then((value) => value ?? null),
  setItem: (key: string, value: string) => set(key, value),
  removeItem: (key: string) => del(key),
};

export const idbPersister = createAsyncStoragePersister({
  storage: typeof indexedDB === 'undefined' ? undefined : idbStorage,
  key: PERSIST_KEY,
  throttleTime: 1000,
});
