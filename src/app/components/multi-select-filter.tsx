import type { ReactNode } from 'react';
import { Popover } from './popover';
import styles from './filters.module.css';

export interface FilterOption {
  value: string;
  /** What the option shows (text or a label chip). */
  content: ReactNode;
  /** Plain text of the option (its accessible name). */
  text: string;
}

interface MultiSelectFilterProps {
  /** 'Tokens', 'Labels'. */
  name: string;
  options: readonly FilterOption[];
  selected: readonly string[];
  onChange: (values: string[]) => void;
  emptyText: string;
}

/** A filter button with a count that opens a checklist; changes apply at once. */
export function MultiSelectFilter({ name, options, selected, onChange, emptyText }: MultiSelectFilterProps) {
  const chosen = new Set(selected);
  return (
    <Popover
      // The name holds what the button shows ('Tokens', the count), as speech input users read it.
      label={selected.length > 0 ? `${name}, ${String(selected.length)} selected` : `${name} filter`}
      align="start"
      triggerClassName={`btn ${styles.filterButton} ${selected.length > 0 ? styles.filterButtonActive : ''}`}
      panelClassName={styles.filterPanel}
      trigger={
        <>
          <span>{name}</span>{' '}
          {selected.length > 0 ? <span className={styles.count}>{selected.length}</span> : null}
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
            <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </>
      }
    >
      {() => (
        <div className={styles.checklistWrap}>
          {options.length === 0 ? (
            <p className={styles.checklistEmpty}>{emptyText}</p>
          ) : (
            <ul className={styles.checklist} aria-label={name}>
              {options.map((option) => (
                <li key={option.value}>
                  <label className={styles.checkOption}>
                    <input
                      type="checkbox"
                      checked={chosen.has(option.value)}
                      aria-label={option.text}
                      onChange={(event) =>
                        onChange(
                          event.target.checked
                            ? [...selected, option.value]
                            : selected.filter((value) => value !== option.value),
                        )
                      }
                    />
                    {option.content}
                  </label>
                </li>
              ))}
            </ul>
          )}
          {selected.length > 0 ? (
            <button type="button" className={`btn btn-ghost ${styles.clearChoice}`} onClick={() => onChange([])}>
              Clear {name.toLowerCase()}
            </button>
          ) : null}
        </div>
      )}
    </Popover>
  );
}
