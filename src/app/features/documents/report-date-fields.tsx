import { useId } from 'react';
import { earliestEnd, latestStart, type DateBounds } from '../../lib/date-range-rules';
import styles from './documents.module.css';

export type RangeEnd = 'start_date' | 'end_date';

interface ReportDateFieldsProps {
  start: string;
  end: string;
  bounds: DateBounds;
  /** Messages to show (only of fields the user has touched, or after a server answer). */
  errors: Partial<Record<RangeEnd, string>>;
  /** `unreadable`: the browser holds a partly typed date it cannot read (the input reports ''). */
  onChange: (which: RangeEnd, value: string, unreadable: boolean) => void;
  onBlur: (which: RangeEnd) => void;
}

/** The report's From and To days (docs/documents.md generic date rules), each with its error under it. */
export function ReportDateFields({ start, end, bounds, errors, onChange, onBlur }: ReportDateFieldsProps) {
  const id = useId();
  const field = (which: RangeEnd, label: string, value: string, min: string, max: string) => {
    const error = errors[which];
    const inputId = `${id}-${which}`;
    return (
      <div className="field">
        <label htmlFor={inputId}>{label}</label>
        <input
          id={inputId}
          type="date"
          value={value}
          min={min}
          max={max}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          onChange={(event) => onChange(which, event.target.value, event.target.value === '' && event.target.validity.badInput)}
          onBlur={() => onBlur(which)}
        />
        {error ? (
          <p id={`${inputId}-error`} className="field-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    );
  };
  return (
    <fieldset className={styles.range}>
      <legend>Report range</legend>
      {field('start_date', 'From', start, bounds.min, latestStart(end, bounds))}
      {field('end_date', 'To', end, earliestEnd(start, bounds), bounds.max)}
    </fieldset>
  );
}
