import type { ReadonlySignal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { useId, type ChangeEventHandler, type FocusEventHandler, type HTMLInputTypeAttribute, type RefCallback } from 'react';

/** The element props a modular-forms <Field> hands to its input. */
export interface FieldInputProps {
  name: string;
  ref: RefCallback<HTMLInputElement>;
  onChange: ChangeEventHandler<HTMLInputElement>;
  onBlur: FocusEventHandler<HTMLInputElement>;
}

interface TextFieldProps {
  label: string;
  value: ReadonlySignal<string | undefined>;
  error: ReadonlySignal<string>;
  input: FieldInputProps;
  type?: HTMLInputTypeAttribute;
  required?: boolean;
  autoComplete?: string;
  placeholder?: string;
  spellCheck?: boolean;
  className?: string;
}

/**
 * A labelled text input bound to a modular-forms field, with its error under the input (announced when it
 * appears). Required fields carry aria-required; optional ones say so next to the label.
 */
export function TextField({
  label,
  value,
  error,
  input,
  type = 'text',
  required = false,
  autoComplete,
  placeholder,
  spellCheck,
  className,
}: TextFieldProps) {
  useSignals();
  const id = useId();
  const errorId = `${id}-error`;
  const message = error.value;
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id}>
        {label}
        {required ? null : (
          <span className="muted" aria-hidden="true">
            {' '}
            (optional)
          </span>
        )}
      </label>
      <input
        {...input}
        id={id}
        type={type}
        value={value.value ?? ''}
        aria-required={required || undefined}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? errorId : undefined}
        autoComplete={autoComplete}
        placeholder={placeholder}
        spellCheck={spellCheck}
      />
      {message ? (
        <p id={errorId} className="field-error" role="alert">
          {message}
        </p>
      ) : null}
    </div>
  );
}
