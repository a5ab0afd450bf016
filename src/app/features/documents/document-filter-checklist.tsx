import { Popover } from '../../components/popover';
import styles from '../../components/filters.module.css';

export interface ChecklistOption<T extends string> {
  value: T;
  text: string;
}

interface DocumentFilterChecklistProps<T extends string> {
  /** 'Status', 'Type'. */
  name: string;
  options: readonly ChecklistOption<T>[];
  selected: readonly T[];
  onChange: (values: T[]) => void;
}

/**
 * A filter popup with a checklist whose defaults are all checked (invoice status, report type). At least one stays
 * checked: the last one cannot be unchecked. The button counts the checked options while not all are.
 */
export function DocumentFilterChecklist<T extends string>({ name, options, selected, onChange }: DocumentFilterChecklistProps<T>) {
  const chosen = new Set<string>(selected);
  const narrowed = selected.length < options.length;
  return (
    <Popover
      label={narrowed ? `${name}, ${String(selected.length)} of ${String(options.length)} selected` : `${name} filter`}
      align="start"
      triggerClassName={`btn ${styles.filterButton} ${narrowed ? styles.filterButtonActive : ''}`}
      panelClassName={styles.filterPanel}
      trigger={
        <>
          <span>{name}</span> {narrowed ? <span className={styles.count}>{selected.length}</span> : null}
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
            <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </>
      }
    >
      {() => (
        <div className={styles.checklistWrap}>
          <ul className={styles.checklist} aria-label={name}>
            {options.map((option) => {
              const checked = chosen.has(option.value);
              return (
                <li key={option.value}>
                  <label className={styles.checkOption}>
                    <input
                      type="checkbox"
                      checked={checked}
                      disabled={checked && selected.length === 1}
                      onChange={(event) =>
                        onChange(
                          options
                            .map((item) => item.value)
                            .filter((value) => (value === option.value ? event.target.checked : chosen.has(value))),
                        )
                      }
                    />
                    {option.text}
                  </label>
                </li>
              );
            })}
          </ul>
          {narrowed ? (
            <button
              type="button"
              className={`btn btn-ghost ${styles.clearChoice}`}
              onClick={() => onChange(options.map((option) => option.value))}
            >
              Select all
            </button>
          ) : null}
        </div>
      )}
    </Popover>
  );
}
