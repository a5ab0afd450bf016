/**
 * The service worker: the app shell is precached so the PWA opens offline, every navigation is answered with
 * index.html (the router takes it from there), and token/NFT images are kept in a bounded cache. A new version
 * waits until the page asks it to take over (the update prompt's SKIP_WAITING message).
 *
 * API calls are never cached here: React Query keeps their data in IndexedDB.
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { isOfflineImage, isSkipWaitingMessage } from './routes';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

/** Name of the runtime image cache. */
const IMAGE_CACHE = 'ledgerloop-images';

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Navigations (including deep links such as /transactions or an address path) get the shell; /api never.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api(?:\/|$)/],
  }),
);

// Token and NFT icons: same-origin and cross-origin (opaque) images, first from the cache, bounded in count and age.
// A token logo the server could not fetch redirects to the app's mark for a few minutes: that answer is not kept.
registerRoute(
  ({ request, url }) => isOfflineImage(request.destination, url),
  new CacheFirst({
    cacheName: IMAGE_CACHE,
    plugins: [
      { cacheWillUpdate: ({ response }) => Promise.resolve(response.redirected ? null : response) },
      new CacheableResponsePlugin({ statuses: [0, 200] }),
      new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true }),
    ],
  }),
);

self.addEventListener('message', (event) => {
  if (isSkipWaitingMessage(event.data)) void self.skipWaiting();
});

// Once active, the worker serves the pages already open (the first visit included), so images cache from the start.
clientsClaim();
