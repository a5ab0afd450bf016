import { useOnline } from '../../lib/online';
import { offlineAsOfText, useLastFetchTime } from '../../lib/last-fetch';
import styles from './top-bar.module.css';

/** A strip under the top bar while the browser has no connection, with the time of the last data fetch. */
export function OfflineIndicator() {
  const online = useOnline();
  const lastFetch = useLastFetchTime();
  return (
    <div role="status" aria-live="polite" className={online ? 'visually-hidden' : styles.offline}>
      {online ? null : (
        <>
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
            <path
              d="M2 8.5a15 15 0 0 1 20 0M5 12a10 10 0 0 1 14 0M8.5 15.5a5 5 0 0 1 7 0M12 19h.01M3 3l18 18"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
          <span>
            {offlineAsOfText(lastFetch)}: showing saved data. Changes are sent when the connection returns.
          </span>
        </>
      )}
    </div>
  );
}
