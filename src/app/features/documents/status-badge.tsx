import type { InvoiceState } from '../../../shared/enums';
import { invoiceStatusDisplay } from './document-display';
import styles from './status-badge.module.css';

const TONE_CLASS = {
  red: styles.badgeRed,
  yellow: styles.badgeYellow,
  green: styles.badgeGreen,
  blue: styles.badgeBlue,
} as const;

/** An invoice's state as a coloured badge (docs/documents.md); DUE reads 'SENT'. */
export function StatusBadge({ state }: { state: InvoiceState }) {
  const { text, tone } = invoiceStatusDisplay(state);
  return <span className={`${styles.badge} ${TONE_CLASS[tone] ?? ''}`}>{text}</span>;
}
