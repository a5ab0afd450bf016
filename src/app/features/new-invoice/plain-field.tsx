import { useId, type HTMLInputTypeAttribute } from 'react';

interface PlainFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The field's messages (the first is shown). */
  errors?: readonly string[];
  type?: HTMLInputTypeAttribute;
  required?: boolean;
  disabled?: boolean;
  min?: string;
  multiline?: boolean;
  autoComplete?: string;
  className?: string;
}

/** A labelled, controlled input (or textarea) with its first error under it, announced when it appears. */
export function PlainField({
  label,
  value,
  onChange,
  errors,
  type = 'text',
  required = false,
  disabled,
  min,
  multiline = false,
  autoComplete = 'off',
  className,
}: PlainFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const message = errors?.[0];
  const shared = {
    id,
    value,
    disabled,
    'aria-required': required || undefined,
    'aria-invalid': message ? true : undefined,
    'aria-describedby': message ? errorId : undefined,
  };
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
      {multiline ? (
        <textarea {...shared} rows={3} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...shared} type={type} min={min} autoComplete={autoComplete} onChange={(event) => onChange(event.target.value)} />
      )}
      {message ? (
        <p id={errorId} className="field-error" role="alert">
          {message}
        </p>
      ) : null}
    </div>
  );
}
