import { useEffect, useRef, useState } from 'react';
import type { Workbox } from 'workbox-window';
import styles from './update-prompt.module.css';

/** Where the built service worker is served (vite-plugin-pwa injectManifest output). */
export const SERVICE_WORKER_URL = '/sw.js';
/** How often an open app asks whether a new version was deployed. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

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
    void import('workbox-window').then(({ Workbox }) => {
      if (cancelled) return;
      const wb = new Workbox(SERVICE_WORKER_URL, { scope: '/' });
      wb.addEventListener('waiting', () => setWaiting(true));
      workbox.current = wb;
      wb.register().catch((error: unknown) => console.error('Service worker registration failed', error));
      timer = setInterval(() => {
        if (navigator.onLine) void wb.update().catch(() => undefined);
      }, UPDATE_CHECK_MS);
    });
    return () => {
      cancelled = true;
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
