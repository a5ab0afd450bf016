import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { DetailError, FieldErrors } from '../../shared/api-types';
import { MESSAGES } from '../../shared/messages';

/**
 * An error answer in the Django-REST shape. Handlers throw it; the global error handler turns it into
 * the response, so no route formats errors by hand.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: ContentfulStatusCode,
    readonly body: FieldErrors | DetailError,
    readonly headers: Record<string, string> = {},
  ) {
    super('detail' in body && typeof body.detail === 'string' ? body.detail : `HTTP ${String(status)}`);
  }
}

export const NOT_FOUND = 'Not found.';
export const NOT_AUTHENTICATED = 'Authentication credentials were not provided.';
export const CSRF_FAILED = 'CSRF Failed: CSRF token missing or incorrect.';
export const BODY_TOO_LARGE = 'Request body is too large.';
export const MALFORMED_JSON = 'Malformed JSON body.';

/** 400 with messages per field (`non_field_errors` for the request as a whole). */
export const fieldErrors = (errors: FieldErrors): ApiError => new ApiError(400, errors);

export const fieldError = (field: string, message: string): ApiError => new ApiError(400, { [field]: [message] });

export const nonFieldError = (message: string): ApiError => new ApiError(400, { non_field_errors: [message] });

export const notAuthenticated = (): ApiError => new ApiError(401, { detail: NOT_AUTHENTICATED });

export const forbidden = (detail: string = MESSAGES.forbidden): ApiError => new ApiError(403, { detail });

export const notFound = (): ApiError => new ApiError(404, { detail: NOT_FOUND });

export const methodNotAllowed = (method: string, allowed: readonly string[]): ApiError =>
  new ApiError(405, { detail: `Method "${method}" not allowed.` }, { Allow: allowed.join(', ') });

export const payloadTooLarge = (): ApiError => new ApiError(413, { detail: BODY_TOO_LARGE });

export const unsupportedMediaType = (contentType: string): ApiError =>
  new ApiError(415, {
    detail: `Unsupported media type "${contentType}" in request. Send application/json.`,
  });

export const tooManyRequests = (retryAfterSeconds: number): ApiError =>
  new ApiError(
    429,
    { detail: `Too many attempts. Try again in ${String(retryAfterSeconds)} seconds.` },
    { 'Retry-After': String(retryAfterSeconds) },
  );
