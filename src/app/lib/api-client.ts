/**
 * The one HTTP client of the PWA (docs/README.md, docs/errors.md): same-origin JSON calls under /api with the CSRF cookie echoed
 * in a header, and the error catalogue applied globally.
 */
import { API, CSRF_COOKIE, CSRF_HEADER } from '../../shared/api-paths';
import type { FieldErrors } from '../../shared/api-types';
import {
  pathOf,
  type BodyOf,
  type BodySchemaOf,
  type Endpoint,
  type HasPathParams,
  type PathParams,
  type QueryOf,
  type QuerySchemaOf,
  type QueryValue,
  type ResponseOf,
} from '../../shared/contract/endpoint';
import { MESSAGES } from '../../shared/messages';
import { readCookie } from './cookies';
import { bootRequests, pageStarting, withEarlyRequests } from './early-requests';
import { getStoredUser, signOutLocally } from './session';
import { toast, type ToastKind } from './toast';

export class ApiError extends Error {
  readonly status: number;
  /** The 400 body (field name to messages, plus non_field_errors), else null. */
  readonly fieldErrors: FieldErrors | null;
  /** The `detail` text of 401/403/404/413/429 bodies, else null. */
  readonly detail: string | null;

  constructor(status: number, fieldErrors: FieldErrors | null, detail: string | null) {
    super(detail ?? firstFieldError(fieldErrors) ?? `Request failed with status ${String(status)}`);
    this.name = 'ApiError';
    this.status = status;
    this.fieldErrors = fieldErrors;
    this.detail = detail;
  }
}

/** No response reached the app (offline, server down, connection reset). */
export class NetworkError extends Error {
  constructor(message: string = MESSAGES.networkProblem) {
    super(message);
    this.name = 'NetworkError';
  }
}

export type { QueryValue } from '../../shared/contract/endpoint';
export type QueryParams = Record<string, QueryValue>;

/**
 * What a call of a declared route passes: its path parameters (when the path has any), its query (when it takes
 * one), its body (when it takes one), and the request options.
 */
export type CallInput<E extends Endpoint> = (HasPathParams<E['path']> extends true
  ? { params: PathParams<E['path']> }
  : { params?: undefined }) &
  (QuerySchemaOf<E> extends undefined ? { query?: undefined } : { query?: QueryOf<E> }) &
  (BodySchemaOf<E> extends undefined ? { body?: undefined } : { body: BodyOf<E> }) &
  RequestOptions;

export interface RequestOptions {
  /** A 401 is only passed to the caller: no 'You were logged out' toast, no sign-out (sign-in calls). */
  silent401?: boolean;
  /** No toast for any status or network failure; the caller reports the error itself. */
  silent?: boolean;
  signal?: AbortSignal;
  /** Extra request headers (e.g. Idempotency-Key on a create that may be replayed). */
  headers?: Record<string, string>;
}

export interface ApiClientDeps {
  fetch: (input: string, init: RequestInit) => Promise<Response>;
  notify: (message: string, kind: ToastKind) => void;
  onUnauthorized: () => void | Promise<void>;
  /** Whether a signed-in user is stored; a 401 without one is only passed to the caller. */
  hasSession: () => boolean;
  readCookie: (name: string) => string | null;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** Builds `path?query` with repeated keys for arrays; undefined and null values are left out. */
export function buildUrl(path: string, query?: QueryParams): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value as readonly (string | number)[]) params.append(key, String(item));
    } else {
      params.append(key, String(value));
    }
  }
  const text = params.toString();
  if (!text) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${text}`;
}

function firstFieldError(errors: FieldErrors | null): string | null {
  if (!errors) return null;
  for (const messages of Object.values(errors)) {
    const first = messages[0];
    if (first) return first;
  }
  return null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads a Django-REST-style 400 body into field errors; anything else yields null. */
export function toFieldErrors(body: unknown): FieldErrors | null {
  if (!isRecord(body)) return null;
  const result: FieldErrors = {};
  for (const [key, value] of Object.entries(body)) {
    if (Array.isArray(value)) {
      result[key] = value.map((item) => String(item));
    } else if (typeof value === 'string') {
      result[key] = [value];
    }
  }
  return Object.keys(result).length > 0 ? result : null;
}

function detailOf(body: unknown): string | null {
  return isRecord(body) && typeof body.detail === 'string' ? body.detail : null;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

export function createApiClient(deps: ApiClientDeps) {
  let csrfRequest: Promise<void> | null = null;

  /** Fetches GET /api/csrf so the server sets a fresh `csrftoken` cookie; concurrent callers share one call. */
  function refreshCsrf(): Promise<void> {
    csrfRequest ??= deps
      .fetch(API.csrf, { method: 'GET', credentials: 'same-origin', headers: { Accept: 'application/json' } })
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => {
        csrfRequest = null;
      });
    return csrfRequest;
  }

  async function send(method: Method, url: string, body: unknown, options: RequestOptions): Promise<Response> {
    const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (method !== 'GET') {
      if (deps.readCookie(CSRF_COOKIE) === null) await refreshCsrf();
      const token = deps.readCookie(CSRF_COOKIE);
      if (token !== null) headers[CSRF_HEADER] = token;
    }
    return deps.fetch(url, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: options.signal,
    });
  }

  /** Sends a request and answers its response when it succeeded; every failure becomes an error (see ApiError). */
  async function respond(method: Method, url: string, body: unknown, options: RequestOptions = {}): Promise<Response> {
    let response: Response;
    try {
      response = await send(method, url, body, options);
      if (method !== 'GET' && response.status === 403) {
        // A stale CSRF cookie (the session changed in another tab): fetch a fresh one and try once more.
        const first = await readBody(response.clone());
        if (detailOf(first)?.startsWith('CSRF Failed')) {
          await refreshCsrf();
          response = await send(method, url, body, options);
        }
      }
    } catch (error) {
      if (isAbort(error)) throw error;
      if (!options.silent) deps.notify(MESSAGES.networkProblem, 'error');
      throw new NetworkError();
    }

    if (response.ok) return response;
    const data = await readBody(response);
    const { status } = response;
    if (status === 400) {
      const fieldErrors = toFieldErrors(data) ?? { non_field_errors: [MESSAGES.serverError] };
      throw new ApiError(status, fieldErrors, detailOf(data));
    }
    if (status === 401) {
      if (!options.silent401 && deps.hasSession()) {
        if (!options.silent) deps.notify(MESSAGES.loggedOut, 'error');
        await deps.onUnauthorized();
      }
      throw new ApiError(status, null, detailOf(data));
    }
    if (status === 403) {
      if (!options.silent) deps.notify(MESSAGES.forbidden, 'error');
      throw new ApiError(status, null, detailOf(data) ?? MESSAGES.forbidden);
    }
    if (status >= 500) {
      if (!options.silent) deps.notify(MESSAGES.serverError, 'error');
      throw new ApiError(status, null, detailOf(data) ?? MESSAGES.serverError);
    }
    throw new ApiError(status, toFieldErrors(data), detailOf(data));
  }

  async function request<T>(method: Method, url: string, body: unknown, options: RequestOptions = {}): Promise<T> {
    const response = await respond(method, url, body, options);
    if (response.status === 204 || response.status === 205) return undefined as T;
    return (await readBody(response)) as T;
  }

  return {
    /** Calls a route declared in the contract; its answer is typed from the declaration. */
    call<E extends Endpoint>(declaration: E, input: CallInput<E>): Promise<ResponseOf<E>> {
      const { params, query, body, ...options } = input as {
        params?: Record<string, string | number>;
        query?: QueryParams;
        body?: unknown;
      } & RequestOptions;
      const url = buildUrl(pathOf(declaration.path, params), query);
      return request<ResponseOf<E>>(declaration.method, url, body, options);
    },
    /**
     * Fetches a declared file route (CSV, PDF) as a Blob with its Content-Disposition header; failures
     * follow the same rules as `call` (toasts unless silent, ApiError with the refusal's text).
     */
    async download<E extends Endpoint>(declaration: E, input: CallInput<E>): Promise<{ blob: Blob; disposition: string | null }> {
      const { params, query, ...options } = input as {
        params?: Record<string, string | number>;
        query?: QueryParams;
      } & RequestOptions;
      const response = await respond(declaration.method, buildUrl(pathOf(declaration.path, params), query), undefined, options);
      return { blob: await response.blob(), disposition: response.headers.get('content-disposition') };
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The app's client: toasts from lib/toast, a 401 signs out locally (docs/errors.md). */
export const api: ApiClient = createApiClient({
  fetch: withEarlyRequests(bootRequests(), (input, init) => globalThis.fetch(input, init), pageStarting),
  notify: (message, kind) => toast(message, kind),
  onUnauthorized: () => signOutLocally(),
  hasSession: () => getStoredUser() !== null,
  readCookie: (name) => (typeof document === 'undefined' ? null : readCookie(document.cookie, name)),
});

/** Whether the client has already told the user about this failure (network, 401, 403 and 5xx toasts). */
export function alreadyAnnounced(error: unknown): boolean {
  if (error instanceof NetworkError) return true;
  return error instanceof ApiError && (error.status === 401 || error.status === 403 || error.status >= 500);
}

/** The non_field_errors of an error joined by `separator` (spec: failures show the joined non_field_errors). */
export function nonFieldErrorText(error: unknown, separator = ' '): string {
  if (error instanceof ApiError) {
    const messages = error.fieldErrors?.non_field_errors;
    if (messages && messages.length > 0) return messages.join(separator);
    return error.detail ?? error.message;
  }
  if (error instanceof Error) return error.message;
  return MESSAGES.serverError;
}
