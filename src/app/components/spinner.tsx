import styles from './spinner.module.css';

interface SpinnerProps {
  /** Read by screen readers and shown next to the spinner when `showLabel` is set. */
  label?: string;
  showLabel?: boolean;
}

export function Spinner({ label = 'Loading', showLabel = false }: SpinnerProps) {
  return (
    <span className={styles.wrap} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      {showLabel ? <span>{label}</span> : <span className="visually-hidden">{label}</span>}
    </span>
  );
}
