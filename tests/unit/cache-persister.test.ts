import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { describe, expect, it } from 'vitest';
import { createCachePersister } from '../../src/app/lib/cache-persister';

const KEY = 'cache';

/** A storage in memory, with the interface the app's IndexedDB store has. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => Promise.resolve(items.get(key) ?? null),
    setItem: (key: string, value: string) => Promise.resolve(void items.set(key, value)),
    removeItem: (key: string) => Promise.resolve(void items.delete(key)),
  };
}

/** A stored copy whose only query holds `data`. */
function copy(data: string): PersistedClient {
  return {
    timestamp: 0,
    buster: 'test',
    clientState: {
      mutations: [],
      queries: [{ queryKey: ['balances'], queryHash: '["balances"]', dehydratedAt: 0, state: { data, status: 'success' } as never }],
    },
  };
}

const storedData = (storage: ReturnType<typeof memoryStorage>): unknown => {
  const text = storage.items.get(KEY);
  return text === undefined ? undefined : (JSON.parse(text) as PersistedClient).clientState.queries[0]?.state.data;
};

describe('the persisted cache', () => {
  it('stores a copy and gives it back', async () => {
    const storage = memoryStorage();
    const persister = createCachePersister(storage, KEY);
    await persister.persistClient(copy('first'));
    expect(storedData(storage)).toBe('first');
    expect((await persister.restoreClient())?.clientState.queries[0]?.state.data).toBe('first');
  });

  it('never writes, after a removal, a copy taken before it (a sign-out during the write interval)', async () => {
    const storage = memoryStorage();
    const persister = createCachePersister(storage, KEY);
    await persister.persistClient(copy('first'));
    // Asked for within the interval after the first write: it waits for the interval, then writes.
    const waiting = persister.persistClient(copy("the signed-out user's data"));
    await persister.removeClient();
    expect(storage.items.has(KEY)).toBe(false);
    await waiting;
    expect(storage.items.has(KEY)).toBe(false);

    // The next user's copies are written again.
    await persister.persistClient(copy('next user'));
    expect(storedData(storage)).toBe('next user');
  });

  it('does nothing without a storage (no IndexedDB)', async () => {
    const persister = createCachePersister(undefined, KEY);
    await persister.persistClient(copy('first'));
    expect(await persister.restoreClient()).toBeUndefined();
  });
});
