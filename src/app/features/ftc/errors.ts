import type { FieldErrors } from '../../../shared/api-types';
import { ApiError, NetworkError } from '../../lib/api-client';

/** A failed call as field errors for a form (an answer without fields shows as non_field_errors). */
export function formErrorsOf(error: unknown): FieldErrors {
  if (error instanceof ApiError) return error.fieldErrors ?? { non_field_errors: [error.detail ?? error.message] };
  if (error instanceof NetworkError) return { non_field_errors: [error.message] };
  return { non_field_errors: [error instanceof Error ? error.message : String(error)] };
}

/** The one line a dialog shows for a failed call. */
export function messageOf(error: unknown): string {
  return Object.values(formErrorsOf(error)).flat().join(' ');
}
