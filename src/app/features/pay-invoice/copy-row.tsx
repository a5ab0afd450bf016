import { copyText } from '../../lib/clipboard';
import styles from './pay-invoice.module.css';

/** One detail the payer may need to type elsewhere: its label, its value and a copy button. */
export function CopyRow({ label, value }: { label: string; value: string }) {
  return (
    <div className={styles.copyRow}>
      <dt>{label}</dt>
      <dd>
        <span className={styles.copyValue}>{value}</span>
        <button type="button" className="btn btn-ghost" aria-label={`Copy ${label}`} onClick={() => void copyText(value)}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <rect x="8" y="8" width="12" height="12" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M16 8V5a1 1 0 0 0-1-1H5a1 1 0 0 0-1 1v10a1 1 0 0 0 1 1h3" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
        </button>
      </dd>
    </div>
  );
}
