/** The texts of failed sign-ins (docs/sign-in.md): joined server messages, exactly as the server wrote them. */
import type { FieldErrors } from '../../shared/api-types';
import { MESSAGES } from '../../shared/messages';
import { ApiError, NetworkError } from './api-client';

/** The messages of one field joined by `separator`; '' when there are none. */
export function joinFieldErrors(errors: FieldErrors | null | undefined, field: string, separator: string): string {
  const messages = errors?.[field];
  return messages && messages.length > 0 ? messages.join(separator) : '';
}

/** Every message of a 400 body: non_field_errors first, then each field's, joined by `separator`. */
export function joinAllErrors(errors: FieldErrors | null | undefined, separator: string): string {
  if (!errors) return '';
  const nonField = errors.non_field_errors ?? [];
  const rest = Object.entries(errors)
    .filter(([field]) => field !== 'non_field_errors')
    .flatMap(([, messages]) => messages);
  return [...nonField, ...rest].join(separator);
}

/** A 400 at address login (docs/sign-in.md route rule): the address errors joined by ', ', else any errors. */
export function addressLoginErrorText(errors: FieldErrors | null | undefined): string {
  return joinFieldErrors(errors, 'address', ', ') || joinAllErrors(errors, ', ') || MESSAGES.invalidAddress;
}

/** An error object thrown by an EIP-1193 wallet ({code, message}). */
function walletErrorOf(error: unknown): { code: number; message: string } | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code !== 'number') return null;
  return { code, message: typeof message === 'string' ? message : '' };
}

export const WALLET_REJECTED = 'The request was rejected in the wallet.';

/**
 * The text of a failed sign-in: the joined non_field_errors (docs/sign-in.md), the detail of a 403/429, the wallet's
 * own message, or the network text.
 */
export function signInErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    const joined = joinFieldErrors(error.fieldErrors, 'non_field_errors', ' ') || joinAllErrors(error.fieldErrors, ' ');
    return joined || error.detail || error.message;
  }
  if (error instanceof NetworkError) return MESSAGES.networkProblem;
  const walletError = walletErrorOf(error);
  if (walletError) return walletError.code === 4001 ? WALLET_REJECTED : walletError.message || MESSAGES.serverError;
  if (error instanceof Error && error.message) return error.message;
  return MESSAGES.serverError;
}
