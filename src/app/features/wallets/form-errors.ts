import { setError, setResponse, type FieldValues, type FormStore } from '@modular-forms/react';
import { ApiError, NetworkError } from '../../lib/api-client';
import { joinFieldErrors, signInErrorText } from '../../lib/error-text';

/**
 * Puts a failed save's 400 field errors on the matching fields and the rest (non_field_errors) in the form's
 * general area (docs/wallets.md). Errors the API client already announced (no connection, 401, 403, 5xx) are left alone.
 */
export function applyServerErrors<T extends FieldValues>(
  form: FormStore<T, undefined>,
  error: unknown,
  fields: readonly (keyof T & string)[],
): void {
  if (error instanceof NetworkError) return;
  if (error instanceof ApiError && (error.status === 401 || error.status === 403 || error.status >= 500)) return;
  if (!(error instanceof ApiError) || error.fieldErrors === null) {
    setResponse(form, { status: 'error', message: signInErrorText(error) });
    return;
  }
  let placed = false;
  for (const field of fields) {
    const text = joinFieldErrors(error.fieldErrors, field, ' ');
    if (text) {
      // The field names are the form's own keys; modular-forms types paths generically.
      setError(form, field as Parameters<typeof setError<T, undefined>>[1], text, { shouldFocus: !placed });
      placed = true;
    }
  }
  const rest = Object.entries(error.fieldErrors)
    .filter(([field]) => !fields.includes(field as keyof T & string))
    .flatMap(([, messages]) => messages)
    .join(' ');
  if (rest || !placed) setResponse(form, { status: 'error', message: rest || signInErrorText(error) });
}
