import { useEffect, useRef, useState } from 'react';
import { Workbox } from 'workbox-window';
import { SERVICE_WORKER_URL } from './service-worker-url';
import styles from './service-worker-updates.module.css';

/** How often an open app asks whether a new version was deployed. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Keeps an installed app up to date (loaded once the service worker controls the page, see update-prompt.tsx):
 * checks for a new version every hour and, when one has installed and waits, offers to switch to it: 'Reload'
 * tells the waiting worker to take over and reloads once it controls the page.
 */
export default function ServiceWorkerUpdates() {
  const [waiting, setWaiting] = useState(false);
  const [reloading, setReloading] = useState(false);
  const workbox = useRef<Workbox | null>(null);

  useEffect(() => {
    const wb = new Workbox(SERVICE_WORKER_URL, { scope: '/' });
    const onWaiting = () => setWaiting(true);
    wb.addEventListener('waiting', onWaiting);
    workbox.current = wb;
    wb.register().catch((error: unknown) => console.error('Service worker registration failed', error));
    const timer = setInterval(() => {
      if (navigator.onLine) void wb.update().catch(() => undefined);
    }, UPDATE_CHECK_MS);
    return () => {
      clearInterval(timer);
      wb.removeEventListener('waiting', onWaiting);
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
