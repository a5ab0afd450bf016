import type { ReadonlySignal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { useId, type ChangeEventHandler, type FocusEventHandler, type RefCallback } from 'react';

export interface SelectInputProps {
  name: string;
  ref: RefCallback<HTMLSelectElement>;
  onChange: ChangeEventHandler<HTMLSelectElement>;
  onBlur: FocusEventHandler<HTMLSelectElement>;
}

interface SelectFieldProps {
  label: string;
  value: ReadonlySignal<string | undefined>;
  error: ReadonlySignal<string>;
  input: SelectInputProps;
  options: readonly { value: string; label: string }[];
  /** First, empty choice ('Select a network'). */
  placeholder?: string;
  disabled?: boolean;
  required?: boolean;
}

/** A labelled <select> bound to a modular-forms field, with its error under it. */
export function SelectField({ label, value, error, input, options, placeholder, disabled, required }: SelectFieldProps) {
  useSignals();
  const id = useId();
  const errorId = `${id}-error`;
  const message = error.value;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        {...input}
        id={id}
        value={value.value ?? ''}
        disabled={disabled}
        aria-required={required || undefined}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? errorId : undefined}
      >
        {placeholder ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {message ? (
        <p id={errorId} className="field-error" role="alert">
          {message}
        </p>
      ) : null}
    </div>
  );
}
