import { useId } from 'react';
import styles from './invoices.module.css';

export interface ReviewChoice {
  value: string;
  label: string;
}

/**
 * The actions of a payment to review: the invoice to assign it to (a select, with Assign) when there is one to
 * choose, and Dismiss.
 */
export function ReviewActions(props: {
  selectLabel: string;
  choices: readonly ReviewChoice[];
  chosen: string;
  onChoose: (value: string) => void;
  busy: boolean;
  onAssign: () => void;
  onDismiss: () => void;
}) {
  const selectId = useId();
  return (
    <span className={styles.rowActions}>
      {props.choices.length > 0 ? (
        <>
          <label className="visually-hidden" htmlFor={selectId}>
            {props.selectLabel}
          </label>
          <select id={selectId} className="input" value={props.chosen} onChange={(event) => props.onChoose(event.target.value)}>
            {props.choices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
          <button type="button" className="btn btn-primary" disabled={props.busy || props.chosen === ''} onClick={props.onAssign}>
            Assign
          </button>
        </>
      ) : null}
      <button type="button" className="btn" disabled={props.busy} onClick={props.onDismiss}>
        Dismiss
      </button>
    </span>
  );
}
