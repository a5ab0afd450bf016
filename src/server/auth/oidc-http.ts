/**
 * What the sign-in provider clients share: their error type and the JSON GET every provider call goes through
 * (time-out, no redirects, network failures and unreadable bodies turned into OidcErrors).
 */

export type OidcErrorKind = 'invalid_token' | 'wrong_audience' | 'unreachable' | 'bad_response';

export class OidcError extends Error {
  readonly kind: OidcErrorKind;

  constructor(kind: OidcErrorKind, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'OidcError';
    this.kind = kind;
  }
}

/** Visible ASCII only: anything else cannot travel in an Authorization header or a query unescaped. */
export const TOKEN_PATTERN = /^[\x21-\x7e]+$/;

export function isTransientStatus(status: number): boolean {
  return status >= 500 || status === 408 || status === 429;
}

/** The error for a failed answer: a passing outage is `unreachable`, anything else `bad_response`. */
export function failedAnswer(status: number, message: string): OidcError {
  return new OidcError(isTransientStatus(status) ? 'unreachable' : 'bad_response', `${message} (HTTP ${String(status)}).`);
}

/** A JSON answer; `body` is undefined when the status is not 2xx (the body is then discarded). */
export interface JsonAnswer {
  status: number;
  body: unknown;
}

export type JsonGetter = (url: string, headers: Record<string, string>, what: string) => Promise<JsonAnswer>;

export function createJsonGetter(doFetch: typeof fetch, timeoutMs: number): JsonGetter {
  return async (url, headers, what) => {
    const signal = AbortSignal.timeout(timeoutMs);
    let response: Response;
    try {
      response = await doFetch(url, { headers: { Accept: 'application/json', ...headers }, signal, redirect: 'error' });
    } catch (cause) {
      throw new OidcError('unreachable', `The sign-in provider cannot be reached (${what}).`, { cause });
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      return { status: response.status, body: undefined };
    }
    let text: string;
    try {
      text = await response.text();
    } catch (cause) {
      throw new OidcError('unreachable', `The sign-in provider stopped answering (${what}).`, { cause });
    }
    try {
      return { status: response.status, body: JSON.parse(text) as unknown };
    } catch (cause) {
      throw new OidcError('bad_response', `The sign-in provider sent an unreadable ${what}.`, { cause });
    }
  };
}

/** Provider endpoints must use https, unless the issuer itself is configured over plain http. */
export function checkEndpoint(url: string, name: string, issuer: string): void {
  const { protocol } = new URL(url);
  if (protocol !== 'https:' && protocol !== new URL(issuer).protocol) {
    throw new OidcError('bad_response', `The sign-in provider's ${name} is not a secure address.`);
  }
}
