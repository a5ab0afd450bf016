// Global tokens and base styles first, so feature CSS modules override them.
import './styles/global.css';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { loadMutationDefaults } from './features/offline/load-mutation-defaults';
import { initOnlineState } from './lib/online';
import { afterCacheRestore, queryClient } from './lib/query-client';
import { PersistedQueryClientProvider, restoreStoredCache } from './lib/query-provider';
import { getStoredUser, subscribeSession } from './lib/session';
import { applyTheme, getTheme } from './lib/theme';
import { createAppRouter } from './router';
import { prepareSignedInScreens } from './routes/signed-in-setup';

applyTheme(getTheme());
initOnlineState();
// Saved end dates follow a new day before any screen reads them (the signed-in pages also wait for this), and the
// saved data is read from IndexedDB while the first page renders.
if (getStoredUser()) {
  void prepareSignedInScreens();
  void restoreStoredCache(queryClient, loadMutationDefaults, afterCacheRestore);
}

/** Gives the main thread back (to a tap, a paint) between the steps of starting, so that none is one long task. */
const yieldToMain = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start(container: HTMLElement): Promise<void> {
  // The modules have just run in one task; the router (its route tree and history) is built in the next.
  await yieldToMain();
  const router = createAppRouter();

  /** Re-run the route guards whenever who is signed in (or what they may do) changes, e.g. after a 401. */
  const accessKey = (): string => {
    const user = getStoredUser();
    return user ? `${user.id}|${String(user.full_access)}|${String(user.is_staff)}` : '';
  };
  let lastAccess = accessKey();
  subscribeSession(() => {
    const next = accessKey();
    if (next === lastAccess) return;
    lastAccess = next;
    void router.invalidate();
  });

  // The first page is matched, its guards run and its code loaded before anything renders (the shell's first frame
  // stays up until then), so it is part of the first render below rather than a later, blocking one.
  await router.load().catch((error: unknown) => console.error(error));
  await yieldToMain();
  const root = createRoot(container);
  // The first render as a transition: React renders it in slices and gives the main thread back between them, so
  // a slow phone answers a tap while the first page is built.
  startTransition(() => {
    root.render(
      <StrictMode>
        <PersistedQueryClientProvider client={queryClient} registerChangeDefaults={loadMutationDefaults} onRestored={afterCacheRestore}>
          <RouterProvider router={router} />
        </PersistedQueryClientProvider>
      </StrictMode>,
    );
  });
}

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');
void start(container);
