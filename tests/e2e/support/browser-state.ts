import type { Page } from '@playwright/test';

/** Number of entries in idb-keyval's default store (where the React Query cache is persisted). */
export function persistedEntries(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('keyval-store');
        // No store yet: read nothing, and leave none behind (the app's store would then lack its object store).
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => (open.error?.name === 'AbortError' ? resolve(0) : reject(new Error(open.error?.message ?? 'indexedDB open failed')));
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('keyval')) {
            db.close();
            resolve(0);
            return;
          }
          const count = db.transaction('keyval', 'readonly').objectStore('keyval').count();
          count.onsuccess = () => {
            db.close();
            resolve(count.result);
          };
          count.onerror = () => reject(new Error('count failed'));
        };
      }),
  );
}

export function storedUser(page: Page): Promise<unknown> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('user');
    return raw ? (JSON.parse(raw) as unknown) : null;
  });
}

/** The query keys held in the persisted React Query cache (idb-keyval key 'ledgerloop-query-cache'). */
export function persistedQueryKeys(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('keyval-store');
        // No store yet: read nothing, and leave none behind (the app's store would then lack its object store).
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => (open.error?.name === 'AbortError' ? resolve([]) : reject(new Error(open.error?.message ?? 'indexedDB open failed')));
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('keyval')) {
            db.close();
            resolve([]);
            return;
          }
          const read = db.transaction('keyval', 'readonly').objectStore('keyval').get('ledgerloop-query-cache');
          read.onsuccess = () => {
            db.close();
            const raw = read.result as string | undefined;
            if (!raw) {
              resolve([]);
              return;
            }
            const parsed = JSON.parse(raw) as { clientState?: { queries?: { queryKey: unknown }[] } };
            resolve((parsed.clientState?.queries ?? []).map((q) => JSON.stringify(q.queryKey)));
          };
          read.onerror = () => reject(new Error('read failed'));
        };
      }),
  );
}
