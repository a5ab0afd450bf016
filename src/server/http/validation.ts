import type { MiddlewareHandler } from 'hono';
import { validator } from 'hono/validator';
import * as v from 'valibot';
import type { FieldErrors } from '../../shared/api-types';
import { MESSAGES } from '../../shared/messages';
import type { AppEnv } from './app-env';
import {
  fieldErrors,
  MALFORMED_JSON,
  nonFieldError,
  unsupportedMediaType,
} from './api-error';
import { bodyText, refuseBadText, refuseUndecodableQuery } from './text-rules';

const NON_FIELD = 'non_field_errors';
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;

const mediaTypeOf = (contentType: string): string => (contentType.split(';')[0] ?? '').trim().toLowerCase();

/** Turns valibot issues into Django-REST field errors: the issue path joined by '.', else non_field_errors. */
export function issuesToFieldErrors(issues: readonly v.BaseIssue<unknown>[]): FieldErrors {
  // A Map: field names such as 'constructor' or '__proto__' are plain keys here.
  const errors = new Map<string, string[]>();
  for (const issue of issues) {
    const key = issue.path?.map((item) => String(item.key)).join('.') || NON_FIELD;
    const message = messageFor(issue, key === NON_FIELD);
    const list = errors.get(key) ?? [];
    if (!list.includes(message)) list.push(message);
    errors.set(key, list);
  }
  return Object.fromEntries(errors);
}

function messageFor(issue: v.BaseIssue<unknown>, root: boolean): string {
  if (root && issue.kind === 'schema') return 'Expected a JSON object.';
  if (issue.type === 'strict_object' && issue.expected === 'never') return 'Unknown field.';
  if (issue.kind === 'schema' && issue.received === 'undefined') return MESSAGES.required;
  // Shared schemas reuse the "required" text for a wrong type; a present value of the wrong type says so.
  if (issue.kind === 'schema' && issue.message === MESSAGES.required) {
    return issue.received === 'null' ? 'This field may not be null.' : `Not a valid ${issue.expected ?? 'value'}.`;
  }
  return issue.message;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * For every state-changing /api request: a body must be application/json (else 415) and well-formed JSON
 * (else 400) in UTF-8 (else 400). A request without a body, or with an empty one, passes; routes that need a body report their
 * missing fields.
 */
export const jsonRequestBodies: MiddlewareHandler = async (c, next) => {
  if (!UNSAFE_METHODS.has(c.req.method)) return next();
  const contentType = c.req.header('content-type');
  const text = await bodyText(c);
  if (contentType === undefined) {
    if (text.length > 0) throw unsupportedMediaType('');
    return next();
  }
  if (!JSON_MEDIA_TYPE.test(mediaTypeOf(contentType))) throw unsupportedMediaType(mediaTypeOf(contentType));
  if (text.trim() === '') return next();
  try {
    JSON.parse(text);
  } catch {
    throw nonFieldError(MALFORMED_JSON);
  }
  return next();
};

function parseWith<S extends v.GenericSchema>(schema: S, value: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, value);
  if (!result.success) throw fieldErrors(issuesToFieldErrors(result.issues));
  return result.output;
}

/**
 * Validates the JSON body (an empty body reads as {}) with a shared valibot schema; the handler reads it with
 * `c.req.valid('json')`. Content type and syntax were checked by jsonRequestBodies.
 */
export const jsonBody = <S extends v.GenericSchema>(
  schema: S,
): MiddlewareHandler<AppEnv, string, { in: { json: v.InferInput<S> }; out: { json: v.InferOutput<S> } }> =>
  async (c, next) => {
    const text = await bodyText(c);
    const value: unknown = text.trim() === '' ? {} : JSON.parse(text);
    if (!isPlainObject(value)) throw nonFieldError('Expected a JSON object.');
    refuseBadText(value);
    const output: v.InferOutput<S> = parseWith(schema, value);
    c.req.addValidatedData('json', output as object);
    await next();
  };

/** Validates the query string; the handler reads it with `c.req.valid('query')`. */
export const queryParams = <S extends v.GenericSchema>(schema: S) =>
  validator('query', (value: unknown, c): v.InferOutput<S> => {
    refuseUndecodableQuery(c.req.url);
    refuseBadText(value);
    return parseWith(schema, value);
  });
