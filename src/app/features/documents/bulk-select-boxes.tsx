import { useEffect, useRef } from 'react';
import styles from './bulk-actions.module.css';

/** A row's checkbox ('Select {name}'). */
export function SelectBox({ name, checked, onChange }: { name: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <input
      type="checkbox"
      className={styles.check}
      aria-label={`Select ${name}`}
      checked={checked}
      onChange={(event) => onChange(event.target.checked)}
    />
  );
}

/** 'Select all' over the shown rows: checked when all are, mixed when some are. */
export function SelectAllBox({
  chosen,
  total,
  onChange,
  hideText = false,
}: {
  chosen: number;
  total: number;
  onChange: (checked: boolean) => void;
  /** In a table header only the box shows; the text stays its name. */
  hideText?: boolean;
}) {
  const ref = useRef<HTMLInputElement>(null);
  const all = total > 0 && chosen === total;
  const some = chosen > 0 && !all;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = some;
  }, [some]);
  return (
    <label className={styles.selectAll}>
      <input
        ref={ref}
        type="checkbox"
        className={styles.check}
        checked={all}
        aria-checked={some ? 'mixed' : all}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span className={hideText ? 'visually-hidden' : undefined}>Select all</span>
    </label>
  );
}
