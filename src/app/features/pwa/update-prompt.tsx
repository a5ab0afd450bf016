import { useEffect, useState, type ComponentType } from 'react';
import { SERVICE_WORKER_URL } from './service-worker-url';

/** Longest wait for an idle moment once the page has loaded. */
const IDLE_TIMEOUT_MS = 2000;

/**
 * Runs `task` once the page has loaded and the browser is idle, so the service worker's registration (and the
 * precache download it starts) never competes with the page's own first downloads. Returns a cancel function.
 */
function afterLoadWhenIdle(task: () => void): () => void {
  let idle: number | undefined;
  const whenIdle = () => {
    idle =
      typeof window.requestIdleCallback === 'function'
        ? window.requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS })
        : window.setTimeout(task, 0);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
  return () => {
    window.removeEventListener('load', whenIdle);
    if (idle === undefined) return;
    if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idle);
    else window.clearTimeout(idle);
  };
}

/**
 * Registers the service worker (production builds only) and, once it is installed, keeps the app up to date with
 * the new-version prompt (service-worker-updates.tsx, with workbox-window). A first visit registers with the
 * browser's own call and loads the prompt's code only after the new worker has taken over the page, so a first
 * visit downloads none of it before the page is ready; a later visit loads it at once.
 */
export function UpdatePrompt() {
  const [Updates, setUpdates] = useState<ComponentType | null>(null);

  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    const container = navigator.serviceWorker;
    let cancelled = false;
    let loading = false;
    const loadUpdates = () => {
      if (loading) return;
      loading = true;
      import('./service-worker-updates')
        .then((module) => {
          if (!cancelled) setUpdates(() => module.default);
        })
        // Without its code (offline before the first install finished) the app runs on; the next visit tries again.
        .catch(() => undefined);
    };
    const onControllerChange = () => loadUpdates();
    const register = async () => {
      if (container.controller) {
        loadUpdates();
        return;
      }
      container.addEventListener('controllerchange', onControllerChange, { once: true });
      try {
        const registration = await container.register(SERVICE_WORKER_URL, { scope: '/' });
        // A page loaded past the worker (a forced reload) still gets the updates of the installed version.
        if (registration.active) loadUpdates();
      } catch (error: unknown) {
        console.error('Service worker registration failed', error);
      }
    };
    const cancelWait = afterLoadWhenIdle(() => void register());
    return () => {
      cancelled = true;
      cancelWait();
      container.removeEventListener('controllerchange', onControllerChange);
    };
  }, []);

  return Updates ? <Updates /> : null;
}
