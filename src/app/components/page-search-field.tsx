import { useId, useRef } from 'react';
import { ClearSearchButton } from './clear-search-button';
import styles from './page-search-field.module.css';

interface PageSearchFieldProps {
  /** The field's name, also its placeholder ('Search contacts'). */
  label: string;
  value: string;
  onChange: (value: string) => void;
  onClear: () => void;
}

/** The search box above a page's cards, with a button that clears it. */
export function PageSearchField({ label, value, onChange, onClear }: PageSearchFieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className={styles.field} role="search" aria-label={label}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        ref={input}
        id={id}
        type="search"
        className={`input ${styles.input}`}
        placeholder={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      {value !== '' ? (
        <ClearSearchButton className={styles.clear} onClear={onClear} input={input} />
      ) : null}
    </div>
  );
}
