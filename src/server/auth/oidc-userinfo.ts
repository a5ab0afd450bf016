/**
 * OpenID Connect client for the Google sign-in: discovers the provider's endpoints and reads the
 * signed-in person's claims from the userinfo endpoint with the access token the PWA obtained.
 */
import * as v from 'valibot';

export type OidcErrorKind = 'invalid_token' | 'unreachable' | 'bad_response';

export class OidcError extends Error {
  readonly kind: OidcErrorKind;

  constructor(kind: OidcErrorKind, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'OidcError';
    this.kind = kind;
  }
}

export interface OidcDiscovery {
  authorization_endpoint: string;
  userinfo_endpoint: string;
}

export interface OidcUserinfo {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
}

export interface OidcClient {
  discover(): Promise<OidcDiscovery>;
  fetchUserinfo(accessToken: string): Promise<OidcUserinfo>;
}

export interface OidcClientOptions {
  issuer: string;
  fetch?: typeof fetch;
  /** Per request, including reading the body. Default 5 s. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 5_000;

const discoverySchema = v.object({
  issuer: v.string(),
  authorization_endpoint: v.pipe(v.string(), v.url()),
  userinfo_endpoint: v.pipe(v.string(), v.url()),
});

const userinfoSchema = v.object({
  sub: v.pipe(v.string(), v.nonEmpty()),
  email: v.optional(v.string()),
  email_verified: v.optional(v.boolean()),
  given_name: v.optional(v.string()),
  family_name: v.optional(v.string()),
});

/** Visible ASCII only: anything else cannot travel in an Authorization header. */
const TOKEN_PATTERN = /^[\x21-\x7e]+$/;

function isTransientStatus(status: number): boolean {
  return status >= 500 || status === 408 || status === 429;
}

export function createOidcClient(p: OidcClientOptions): OidcClient {
  const doFetch = p.fetch ?? globalThis.fetch;
  const timeoutMs = p.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const issuer = p.issuer;
  const issuerProtocol = new URL(issuer).protocol;
  const discoveryUrl = `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
  let discovery: Promise<OidcDiscovery> | undefined;

  /** GETs a JSON document; network failures, time-outs and unreadable bodies become OidcErrors. */
  async function getJson(url: string, headers: Record<string, string>, what: string): Promise<{ status: number; body: unknown }> {
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
  }

  /** Endpoints must use https, unless the issuer itself is configured over plain http. */
  function checkEndpoint(url: string, name: string): void {
    const { protocol } = new URL(url);
    if (protocol !== 'https:' && protocol !== issuerProtocol) {
      throw new OidcError('bad_response', `The sign-in provider's ${name} is not a secure address.`);
    }
  }

  async function loadDiscovery(): Promise<OidcDiscovery> {
    const { status, body } = await getJson(discoveryUrl, {}, 'configuration');
    if (body === undefined) {
      throw new OidcError(
        isTransientStatus(status) ? 'unreachable' : 'bad_response',
        `The sign-in provider's configuration is not available (HTTP ${String(status)}).`,
      );
    }
    const parsed = v.safeParse(discoverySchema, body);
    if (!parsed.success) {
      throw new OidcError('bad_response', "The sign-in provider's configuration is incomplete.");
    }
    if (parsed.output.issuer !== issuer) {
      throw new OidcError('bad_response', "The sign-in provider's configuration names another issuer.");
    }
    checkEndpoint(parsed.output.authorization_endpoint, 'authorization endpoint');
    checkEndpoint(parsed.output.userinfo_endpoint, 'userinfo endpoint');
    return {
      authorization_endpoint: parsed.output.authorization_endpoint,
      userinfo_endpoint: parsed.output.userinfo_endpoint,
    };
  }

  function discover(): Promise<OidcDiscovery> {
    if (!discovery) {
      const pending = loadDiscovery();
      discovery = pending;
      // Only a successful discovery is kept; a failure is retried on the next call.
      pending.catch(() => {
        if (discovery === pending) discovery = undefined;
      });
    }
    return discovery;
  }

  async function fetchUserinfo(accessToken: string): Promise<OidcUserinfo> {
    if (!TOKEN_PATTERN.test(accessToken)) {
      throw new OidcError('invalid_token', 'The sign-in token is not valid.');
    }
    const { userinfo_endpoint } = await discover();
    const { status, body } = await getJson(userinfo_endpoint, { Authorization: `Bearer ${accessToken}` }, 'user information');
    if (status === 401 || status === 403) {
      throw new OidcError('invalid_token', 'The sign-in token was refused. Sign in again.');
    }
    if (body === undefined) {
      throw new OidcError(
        isTransientStatus(status) ? 'unreachable' : 'bad_response',
        `The sign-in provider did not give the user information (HTTP ${String(status)}).`,
      );
    }
    const parsed = v.safeParse(userinfoSchema, body);
    if (!parsed.success) {
      throw new OidcError('bad_response', 'The sign-in provider sent incomplete user information.');
    }
    return parsed.output;
  }

  return { discover, fetchUserinfo };
}
