import type { FieldErrors } from '../../../shared/api-types';
import { useId, type ReactNode } from 'react';

interface FieldProps {
  label: string;
  errors?: readonly string[] | undefined;
  required?: boolean;
  children: (props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string; 'aria-required'?: true }) => ReactNode;
}

/** A labelled control with its first error under it, announced when it appears. */
export function Field({ label, errors, required = true, children }: FieldProps) {
  const id = useId();
  const message = errors?.[0];
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required ? null : <span className="muted"> (optional)</span>}
      </label>
      {children({
        id,
        ...(message ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {}),
        ...(required ? { 'aria-required': true as const } : {}),
      })}
      {message ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {message}
        </p>
      ) : null}
    </div>
  );
}

interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  errors?: readonly string[] | undefined;
  required?: boolean;
  type?: 'text' | 'email' | 'date';
  max?: string;
  disabled?: boolean;
  autoComplete?: string;
}

export function TextField({ label, value, onChange, errors, required, type = 'text', max, disabled, autoComplete = 'off' }: TextFieldProps) {
  return (
    <Field label={label} errors={errors} required={required ?? true}>
      {(props) => (
        <input {...props} type={type} value={value} max={max} disabled={disabled} autoComplete={autoComplete} onChange={(event) => onChange(event.target.value)} />
      )}
    </Field>
  );
}

interface SelectFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  placeholder?: string;
  errors?: readonly string[] | undefined;
  disabled?: boolean;
}

export function SelectField({ label, value, onChange, options, placeholder, errors, disabled }: SelectFieldProps) {
  return (
    <Field label={label} errors={errors}>
      {(props) => (
        <select {...props} value={value} disabled={disabled} onChange={(event) => onChange(event.target.value)}>
          {placeholder === undefined ? null : <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** The errors of a form that belong to no field (and an expired session), under the form. */
export function FormErrors({ errors }: { errors: FieldErrors }) {
  const messages = [...(errors.non_field_errors ?? []), ...(errors.ftc_session_id ?? [])];
  if (messages.length === 0) return null;
  return (
    <p className="field-error" role="alert">
      {messages.join(' ')}
    </p>
  );
}
