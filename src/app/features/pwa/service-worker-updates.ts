/**
 * The service worker's registration and updates, with the browser's own API: a new version that has installed
 * while an older one controls the page waits, and is told to take over only when the user chooses to reload.
 */

/** The message the service worker takes over on (sw/routes.ts isSkipWaitingMessage). */
const SKIP_WAITING = { type: 'SKIP_WAITING' } as const;

/** Calls `onWaiting` once `worker` has installed, if an older version controls the page (an update, not a first install). */
function watchInstall(worker: ServiceWorker | null, onWaiting: () => void): void {
  if (worker === null) return;
  worker.addEventListener('statechange', () => {
    if (worker.state === 'installed' && navigator.serviceWorker.controller !== null) onWaiting();
  });
}

/**
 * Registers the worker at `url` for the whole origin; `onWaiting` is called when a new version waits to take over
 * (one already waiting from an earlier visit included).
 */
export async function registerServiceWorker(url: string, onWaiting: () => void): Promise<ServiceWorkerRegistration> {
  const registration = await navigator.serviceWorker.register(url, { scope: '/' });
  if (registration.waiting !== null && navigator.serviceWorker.controller !== null) onWaiting();
  watchInstall(registration.installing, onWaiting);
  registration.addEventListener('updatefound', () => watchInstall(registration.installing, onWaiting));
  return registration;
}

/** Lets the waiting version take over, then reloads the page once it controls it. */
export function activateWaitingWorker(registration: ServiceWorkerRegistration): void {
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  registration.waiting?.postMessage(SKIP_WAITING);
}
