import type { LabelOut } from '../../../shared/contract/primitives';
import { LABEL_SWATCHES } from './label-colors';
import styles from './labels.module.css';

/** A label as a coloured chip. */
export function LabelChip({ label, pending = false }: { label: Pick<LabelOut, 'name' | 'color'>; pending?: boolean }) {
  const swatch = LABEL_SWATCHES[label.color];
  return (
    <span
      className={`${styles.chip} ${pending ? styles.chipPending : ''}`}
      style={{ background: swatch.background, color: swatch.text }}
    >
      {label.name}
    </span>
  );
}

/** The chips of a list of labels; nothing when there are none. */
export function LabelChips({ labels }: { labels: readonly LabelOut[] }) {
  if (labels.length === 0) return null;
  return (
    <ul className={styles.chips} aria-label="Labels">
      {labels.map((label) => (
        <li key={label.id}>
          <LabelChip label={label} />
        </li>
      ))}
    </ul>
  );
}
