import type { DocumentTab } from './document-keys';
import styles from './documents.module.css';

const TABS: { value: DocumentTab; label: string }[] = [
  { value: 'invoice', label: 'Invoice' },
  { value: 'report', label: 'Report' },
];

/** The Invoice / Report switch of the documents screen. */
export function TabToggle({ value, onChange }: { value: DocumentTab; onChange: (tab: DocumentTab) => void }) {
  return (
    <div className={styles.toggle} role="group" aria-label="Document list">
      {TABS.map((tab) => (
        <button
          key={tab.value}
          type="button"
          className={`${styles.toggleButton} ${value === tab.value ? styles.toggleActive : ''}`}
          aria-pressed={value === tab.value}
          onClick={() => onChange(tab.value)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
