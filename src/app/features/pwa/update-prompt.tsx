import { useEffect, useRef, useState } from 'react';
import type { Workbox } from 'workbox-window';
import styles from './update-prompt.module.css';

/** Where the built service worker is served (vite-plugin-pwa injectManifest output). */
export const SERVICE_WORKER_URL = '/sw.js';
/** How often an open app asks whether a new version was deployed. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

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
 * Registers the service worker (production builds only) and, when a new version has installed and waits,
 * offers to switch to it: 'Reload' tells the waiting worker to take over and reloads once it controls the page.
 */
export function UpdatePrompt() {
  const [waiting, setWaiting] = useState(false);
  const [reloading, setReloading] = useState(false);
  const workbox = useRef<Workbox | null>(null);

  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    let cancelled = false;
    let timer: ReturnType<typeof setInterval> | undefined;
    const register = async () => {
      const { Workbox } = await import('workbox-window');
      if (cancelled) return;
      const wb = new Workbox(SERVICE_WORKER_URL, { scope: '/' });
      wb.addEventListener('waiting', () => setWaiting(true));
      workbox.current = wb;
      wb.register().catch((error: unknown) => console.error('Service worker registration failed', error));
      timer = setInterval(() => {
        if (navigator.onLine) void wb.update().catch(() => undefined);
      }, UPDATE_CHECK_MS);
    };
    const cancelWait = afterLoadWhenIdle(() => void register());
    return () => {
      cancelled = true;
      cancelWait();
      if (timer) clearInterval(timer);
    };
  }, []);

  if (!waiting) return null;

  function reload(): void {
    const wb = workbox.current;
    if (!wb) return;
    setReloading(true);
    wb.addEventListener('controlling', () => window.location.reload());
    wb.messageSkipWaiting();
  }

  return (
    <div className={styles.banner} role="status">
      <p className={styles.text}>A new version is available</p>
      <div className={styles.actions}>
        <button type="button" className="btn btn-ghost" onClick={() => setWaiting(false)} disabled={reloading}>
          Later
        </button>
        <button type="button" className="btn btn-primary" onClick={reload} disabled={reloading} aria-busy={reloading || undefined}>
          Reload
        </button>
      </div>
    </div>
  );
}
