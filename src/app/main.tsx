// Global tokens and base styles first, so feature CSS modules override them.
import './styles/global.css';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadMutationDefaults } from './features/offline/load-mutation-defaults';
import { initOnlineState } from './lib/online';
import { afterCacheRestore, persistOptions, queryClient } from './lib/query-client';
import { getStoredUser, subscribeSession } from './lib/session';
import { applyTheme, getTheme } from './lib/theme';
import { router } from './router';
import { prepareSignedInScreens } from './routes/signed-in-setup';

applyTheme(getTheme());
initOnlineState();
// Saved end dates follow a new day before any screen reads them (the signed-in pages also wait for this).
if (getStoredUser()) void prepareSignedInScreens();

/** Re-run the route guards whenever who is signed in (or what they may do) changes, e.g. after a 401. */
function accessKey(): string {
  const user = getStoredUser();
  return user ? `${user.id}|${String(user.full_access)}|${String(user.is_staff)}` : '';
}
let lastAccess = accessKey();
subscribeSession(() => {
  const next = accessKey();
  if (next === lastAccess) return;
  lastAccess = next;
  void router.invalidate();
});

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

createRoot(container).render(
  <StrictMode>
    <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions(loadMutationDefaults)} onSuccess={afterCacheRestore}>
      <RouterProvider router={router} />
    </PersistQueryClientProvider>
  </StrictMode>,
);
