/**
 * Response shapes of the API (docs/data-model.md, docs/README.md). Amounts and prices cross the API as decimal strings.
 * Timestamps are ISO 8601 strings.
 */
export type { Subscription } from './schemas/billing';
export type { UserOut as User } from './contract/users';

/** Django-REST-style 400 body: field name to messages, plus non_field_errors. */
export type FieldErrors = Record<string, string[]>;

/** 401, 403, 404, 413, 429 bodies. */
export interface DetailError {
  detail: string;
}
