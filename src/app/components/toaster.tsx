import { useSyncExternalStore } from 'react';
import { dismissToast, getToasts, subscribeToasts } from '../lib/toast';
import styles from './toaster.module.css';

const EMPTY: ReturnType<typeof getToasts> = [];

/** Toasts at the bottom of the screen (docs/README.md, docs/money.md); read out politely by screen readers. */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, () => EMPTY);
  return (
    <div className={styles.region} aria-live="polite" aria-relevant="additions text" role="region" aria-label="Notifications">
      {toasts.map((item) => (
        <div key={item.id} className={`${styles.toast} ${styles[item.kind] ?? ''}`} role="status">
          <span className={styles.message}>{item.message}</span>
          <button
            type="button"
            className={styles.close}
            aria-label="Dismiss notification"
            onClick={() => dismissToast(item.id)}
          >
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
      ))}
    </div>
  );
}
