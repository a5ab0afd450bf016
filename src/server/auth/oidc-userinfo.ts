/**
 * OpenID Connect client for the Google sign-in: discovers the provider's endpoints, checks at the tokeninfo
 * endpoint that an access token the PWA obtained was issued to this server's OAuth client, and reads the
 * signed-in person's claims from the userinfo endpoint.
 */
import * as v from 'valibot';
import { defaultTokeninfoUrl } from '../config/google-issuer';
import { isIssuedTo, readTokeninfo } from './google-tokeninfo';
import { checkEndpoint, createJsonGetter, failedAnswer, OidcError, TOKEN_PATTERN } from './oidc-http';

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
  /** The claims of an access token issued to `clientId`; a token of another client is `wrong_audience`. */
  verifyAccessToken(accessToken: string, clientId: string): Promise<OidcUserinfo>;
}

export interface OidcClientOptions {
  issuer: string;
  /** Google's tokeninfo endpoint, or one of the same shape. Default: defaultTokeninfoUrl(issuer). */
  tokeninfoUrl?: string;
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

export function createOidcClient(p: OidcClientOptions): OidcClient {
  const issuer = p.issuer;
  const tokeninfoUrl = p.tokeninfoUrl ?? defaultTokeninfoUrl(issuer);
  const getJson = createJsonGetter(p.fetch ?? globalThis.fetch, p.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const discoveryUrl = `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
  let discovery: Promise<OidcDiscovery> | undefined;

  async function loadDiscovery(): Promise<OidcDiscovery> {
    const { status, body } = await getJson(discoveryUrl, {}, 'configuration');
    if (body === undefined) throw failedAnswer(status, "The sign-in provider's configuration is not available");
    const parsed = v.safeParse(discoverySchema, body);
    if (!parsed.success) {
      throw new OidcError('bad_response', "The sign-in provider's configuration is incomplete.");
    }
    if (parsed.output.issuer !== issuer) {
      throw new OidcError('bad_response', "The sign-in provider's configuration names another issuer.");
    }
    checkEndpoint(parsed.output.authorization_endpoint, 'authorization endpoint', issuer);
    checkEndpoint(parsed.output.userinfo_endpoint, 'userinfo endpoint', issuer);
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
    if (body === undefined) throw failedAnswer(status, 'The sign-in provider did not give the user information');
    const parsed = v.safeParse(userinfoSchema, body);
    if (!parsed.success) {
      throw new OidcError('bad_response', 'The sign-in provider sent incomplete user information.');
    }
    return parsed.output;
  }

  async function verifyAccessToken(accessToken: string, clientId: string): Promise<OidcUserinfo> {
    checkEndpoint(tokeninfoUrl, 'tokeninfo endpoint', issuer);
    const info = await readTokeninfo(getJson, tokeninfoUrl, accessToken);
    if (!isIssuedTo(info, clientId)) {
      throw new OidcError('wrong_audience', 'The sign-in token was issued to another application.');
    }
    const claims = await fetchUserinfo(accessToken);
    if (info.sub !== undefined && info.sub !== claims.sub) {
      throw new OidcError('bad_response', 'The sign-in provider named two different accounts for one token.');
    }
    return claims;
  }

  return { discover, fetchUserinfo, verifyAccessToken };
}
