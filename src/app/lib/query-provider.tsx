import { IsRestoringProvider, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { loadCachePersistence } from './load-cache-persistence';
import { useCurrentUser } from './session';

let restoring: Promise<void> | undefined;

/**
 * Restores the stored cache into `client` once (later calls answer the same promise), then runs `onRestored`.
 * The app starts it as its modules load when someone is signed in, so the stored data is read beside the first
 * render rather than after it.
 */
export function restoreStoredCache(
  client: QueryClient,
  registerChangeDefaults: () => Promise<void>,
  onRestored: () => Promise<void>,
): Promise<void> {
  restoring ??= loadCachePersistence()
    .then(({ restoreCache }) => restoreCache(client, registerChangeDefaults))
    .then(onRestored)
    .catch((error: unknown) => console.error('Restoring the saved data failed', error));
  return restoring;
}

interface PersistedQueryClientProviderProps {
  client: QueryClient;
  /** Registers the offline changes' defaults, so paused changes in a restored cache can run. */
  registerChangeDefaults: () => Promise<void>;
  /** Runs once the stored cache is back in the client (not when restoring it failed). */
  onRestored: () => Promise<void>;
  children: ReactNode;
}

/** Settles once the stored cache has been restored (at once when no restore was started). */
export const storedCacheRestored = (): Promise<void> => restoring ?? Promise.resolve();

/**
 * Provides the React Query client, as TanStack's PersistQueryClientProvider does, but with the persisted cache's
 * code loaded only for a signed-in user: someone signed in when the app starts has the stored cache restored first
 * (queries wait meanwhile: `useIsRestoring`), and the cache is saved as it changes while someone is signed in. A
 * user who signs in later starts with an empty cache (sign-in empties it), so there is nothing to restore.
 */
export function PersistedQueryClientProvider({ client, registerChangeDefaults, onRestored, children }: PersistedQueryClientProviderProps) {
  const signedIn = useCurrentUser() !== null;
  const [isRestoring, setIsRestoring] = useState(signedIn);

  useEffect(() => {
    if (!isRestoring) return undefined;
    let live = true;
    void restoreStoredCache(client, registerChangeDefaults, onRestored).finally(() => {
      if (live) setIsRestoring(false);
    });
    return () => {
      live = false;
    };
  }, [isRestoring, client, registerChangeDefaults, onRestored]);

  useEffect(() => {
    if (!signedIn || isRestoring) return undefined;
    let live = true;
    let stop: (() => void) | undefined;
    void loadCachePersistence().then(({ saveCacheChanges }) => {
      if (live) stop = saveCacheChanges(client, registerChangeDefaults);
    });
    return () => {
      live = false;
      stop?.();
    };
  }, [signedIn, isRestoring, client, registerChangeDefaults]);

  return (
    <QueryClientProvider client={client}>
      <IsRestoringProvider value={isRestoring}>{children}</IsRestoringProvider>
    </QueryClientProvider>
  );
}
