import { useEffect, useId, useState, type ChangeEvent } from 'react';
import {
  DATE_FILTER_DEBOUNCE_MS,
  DATE_MESSAGES,
  dateRangeErrors,
  earliestEnd,
  latestStart,
  rangeToApply,
  resetToBound,
  type AppliedRange,
  type DateBounds,
} from '../lib/date-range-rules';
import styles from './filters.module.css';

interface DateRangeFieldsProps {
  start: string;
  end: string;
  bounds: DateBounds;
  /** Called (debounced 100 ms) with a valid range, or null when both dates are cleared. */
  onApply: (range: AppliedRange) => void;
}

interface Draft {
  start: string;
  end: string;
  /** The browser holds a partly typed date it cannot read (the input reports ''). */
  startUnreadable: boolean;
  endUnreadable: boolean;
}

/** From/To date inputs of docs/transactions.md: errors under each field, invalid values reset to the bounds on leaving it. */
export function DateRangeFields({ start, end, bounds, onApply }: DateRangeFieldsProps) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>({ start, end, startUnreadable: false, endUnreadable: false });

  // The applied range changed elsewhere (reset, restored filters): show it.
  const [shown, setShown] = useState({ start, end });
  if (shown.start !== start || shown.end !== end) {
    setShown({ start, end });
    if (draft.start !== start || draft.end !== end) {
      setDraft({ ...draft, start, end, startUnreadable: false, endUnreadable: false });
    }
  }

  const errors = dateRangeErrors(draft.start, draft.end, bounds);
  const startError = draft.startUnreadable ? DATE_MESSAGES.format : errors.start;
  const endError = draft.endUnreadable ? DATE_MESSAGES.format : errors.end;

  useEffect(() => {
    if (draft.startUnreadable || draft.endUnreadable) return undefined;
    const range = rangeToApply(draft.start, draft.end, bounds);
    if (range === undefined) return undefined;
    const unchanged = range === null ? start === '' && end === '' : range.start === start && range.end === end;
    if (unchanged) return undefined;
    const timer = window.setTimeout(() => onApply(range), DATE_FILTER_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [draft, bounds, start, end, onApply]);

  function change(which: 'start' | 'end') {
    return (event: ChangeEvent<HTMLInputElement>) => {
      const { value, validity } = event.target;
      setDraft((old) => ({
        ...old,
        [which]: value,
        [which === 'start' ? 'startUnreadable' : 'endUnreadable']: value === '' && validity.badInput,
      }));
    };
  }

  function blur(which: 'start' | 'end') {
    return () => {
      setDraft((old) => {
        const unreadable = which === 'start' ? old.startUnreadable : old.endUnreadable;
        const value = unreadable ? (which === 'start' ? bounds.min : bounds.max) : resetToBound(old[which], bounds, which);
        return { ...old, [which]: value, [which === 'start' ? 'startUnreadable' : 'endUnreadable']: false };
      });
    };
  }

  return (
    <fieldset className={styles.dateRange}>
      <legend className="visually-hidden">Date range</legend>
      <div className={`field ${styles.dateField}`}>
        <label htmlFor={`${id}-from`}>From</label>
        <input
          id={`${id}-from`}
          type="date"
          value={draft.start}
          min={bounds.min}
          max={latestStart(draft.end, bounds)}
          aria-invalid={startError ? true : undefined}
          aria-describedby={startError ? `${id}-from-error` : undefined}
          onChange={change('start')}
          onBlur={blur('start')}
        />
        {startError ? (
          <p id={`${id}-from-error`} className="field-error" role="alert">
            {startError}
          </p>
        ) : null}
      </div>
      <div className={`field ${styles.dateField}`}>
        <label htmlFor={`${id}-to`}>To</label>
        <input
          id={`${id}-to`}
          type="date"
          value={draft.end}
          min={earliestEnd(draft.start, bounds)}
          max={bounds.max}
          aria-invalid={endError ? true : undefined}
          aria-describedby={endError ? `${id}-to-error` : undefined}
          onChange={change('end')}
          onBlur={blur('end')}
        />
        {endError ? (
          <p id={`${id}-to-error`} className="field-error" role="alert">
            {endError}
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}
