import type { ReactNode } from 'react';
import styles from './new-invoice.module.css';

export interface Choice {
  value: string;
  label: ReactNode;
  /** Text for the accessible name when `label` is not plain text. */
  text?: string;
}

interface ChoiceListProps {
  /** The group's name (legend), e.g. 'Receiving wallet'. */
  legend: string;
  name: string;
  choices: readonly Choice[];
  value: string | null;
  onChange: (value: string) => void;
  /** Maximum list height in px (docs/invoices.md: wallets 280, contacts 230, currencies 250). */
  maxHeight: number;
  empty: string;
  errors?: readonly string[];
  disabled?: boolean;
  /** Above the list (a search field). */
  header?: ReactNode;
  /** Under the list (add and edit buttons). */
  footer?: ReactNode;
  hideLegend?: boolean;
}

/** A picker: a scrolling list of radio choices of bounded height, each row a 44 px target. */
export function ChoiceList({ legend, name, choices, value, onChange, maxHeight, empty, errors, disabled, header, footer, hideLegend }: ChoiceListProps) {
  const message = errors?.[0];
  const errorId = `${name}-error`;
  return (
    <fieldset
      className={styles.picker}
      disabled={disabled}
      aria-invalid={message ? true : undefined}
      aria-describedby={message ? errorId : undefined}
    >
      <legend className={hideLegend ? 'visually-hidden' : styles.legend}>{legend}</legend>
      {header}
      {choices.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <div className={styles.choices} style={{ maxHeight }} data-testid={`${name}-list`}>
          {choices.map((choice) => (
            <label key={choice.value} className={styles.choice}>
              <input
                type="radio"
                name={name}
                value={choice.value}
                checked={value === choice.value}
                onChange={() => onChange(choice.value)}
                aria-label={choice.text}
              />
              <span>{choice.label}</span>
            </label>
          ))}
        </div>
      )}
      {footer}
      {message ? (
        <p id={errorId} className="field-error" role="alert">
          {message}
        </p>
      ) : null}
    </fieldset>
  );
}
