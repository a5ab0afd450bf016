import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOGLE_TOKENINFO_URL, defaultTokeninfoUrl } from '../../src/server/config/google-issuer';
import { OidcError, type OidcErrorKind } from '../../src/server/auth/oidc-http';
import { createOidcClient } from '../../src/server/auth/oidc-userinfo';
import { loadConfig } from '../../src/server/config/env';
import { startOidcProvider, type OidcTestProvider } from '../fixtures/oidc-provider';

const ACCOUNTS = {
  'user-1': { email: 'ada@example.com', email_verified: true, given_name: 'Ada', family_name: 'Lovelace' },
  'user-2': { email: 'grace@example.com', email_verified: false },
};

async function expectOidcError(promise: Promise<unknown>, kind: OidcErrorKind): Promise<void> {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OidcError);
  expect((error as OidcError).kind).toBe(kind);
  expect((error as OidcError).message).not.toBe('');
}

describe('createOidcClient against a real OpenID Provider', () => {
  let provider: OidcTestProvider;

  beforeAll(async () => {
    provider = await startOidcProvider({ accounts: ACCOUNTS });
  });

  afterAll(async () => {
    await provider.close();
  });

  it('discovers the authorization and userinfo endpoints', async () => {
    const client = createOidcClient({ issuer: provider.issuer });
    const discovery = await client.discover();
    expect(discovery).toEqual({
      authorization_endpoint: `${provider.issuer}/auth`,
      userinfo_endpoint: `${provider.issuer}/me`,
    });
  });

  it('reads the claims of a valid access token', async () => {
    const client = createOidcClient({ issuer: provider.issuer });
    await expect(client.fetchUserinfo(await provider.issueAccessToken('user-1'))).resolves.toEqual({
      sub: 'user-1',
      email: 'ada@example.com',
      email_verified: true,
      given_name: 'Ada',
      family_name: 'Lovelace',
    });
    await expect(client.fetchUserinfo(await provider.issueAccessToken('user-2'))).resolves.toEqual({
      sub: 'user-2',
      email: 'grace@example.com',
      email_verified: false,
    });
  });

  it('discovers once and reuses the result', async () => {
    let discoveryRequests = 0;
    const countingFetch: typeof fetch = (input, init) => {
      if (String(input).endsWith('/.well-known/openid-configuration')) discoveryRequests += 1;
      return fetch(input, init);
    };
    const client = createOidcClient({ issuer: provider.issuer, fetch: countingFetch });
    await client.discover();
    await client.fetchUserinfo(await provider.issueAccessToken('user-1'));
    await client.fetchUserinfo(await provider.issueAccessToken('user-2'));
    expect(discoveryRequests).toBe(1);
  });

  it('sends the token as a Bearer authorization', async () => {
    const seen: (string | null)[] = [];
    const recordingFetch: typeof fetch = (input, init) => {
      seen.push(new Headers(init?.headers).get('authorization'));
      return fetch(input, init);
    };
    const token = await provider.issueAccessToken('user-1');
    await createOidcClient({ issuer: provider.issuer, fetch: recordingFetch }).fetchUserinfo(token);
    expect(seen).toEqual([null, `Bearer ${token}`]);
  });

  it('reports a token the provider does not know as invalid_token', async () => {
    const client = createOidcClient({ issuer: provider.issuer });
    await expectOidcError(client.fetchUserinfo('not-a-token-the-provider-issued'), 'invalid_token');
    const token = await provider.issueAccessToken('user-1');
    await expectOidcError(client.fetchUserinfo(`${token}x`), 'invalid_token');
    await expectOidcError(client.fetchUserinfo(''), 'invalid_token');
    await expectOidcError(client.fetchUserinfo('two\nlines'), 'invalid_token');
  });

  it('reports a token for a deleted account as invalid_token', async () => {
    const token = await provider.issueAccessToken('no-such-account');
    await expectOidcError(createOidcClient({ issuer: provider.issuer }).fetchUserinfo(token), 'invalid_token');
  });

  it('refuses a configuration whose issuer is not the configured one', async () => {
    const client = createOidcClient({ issuer: `${provider.issuer}/` });
    await expectOidcError(client.discover(), 'bad_response');
  });

  it('verifies a token issued to the configured client and reads its claims', async () => {
    const client = createOidcClient({ issuer: provider.issuer });
    await expect(client.verifyAccessToken(await provider.issueAccessToken('user-1'), provider.clientId)).resolves.toEqual({
      sub: 'user-1',
      email: 'ada@example.com',
      email_verified: true,
      given_name: 'Ada',
      family_name: 'Lovelace',
    });
  });

  it('asks the tokeninfo endpoint first, with the token as access_token', async () => {
    const seen: string[] = [];
    const recordingFetch: typeof fetch = (input, init) => {
      seen.push(String(input));
      return fetch(input, init);
    };
    const token = await provider.issueAccessToken('user-2');
    const client = createOidcClient({ issuer: provider.issuer, fetch: recordingFetch });
    await client.verifyAccessToken(token, provider.clientId);
    const tokeninfo = new URL(seen[0] ?? '');
    expect(`${tokeninfo.origin}${tokeninfo.pathname}`).toBe(`${provider.issuer}/tokeninfo`);
    expect(tokeninfo.searchParams.get('access_token')).toBe(token);
    expect(seen.slice(1)).toEqual([`${provider.issuer}/.well-known/openid-configuration`, `${provider.issuer}/me`]);
  });

  it('refuses a valid token issued to another client as wrong_audience, before reading any claims', async () => {
    const seen: string[] = [];
    const recordingFetch: typeof fetch = (input, init) => {
      seen.push(new URL(String(input)).pathname);
      return fetch(input, init);
    };
    const token = await provider.issueAccessToken('user-1', provider.otherClientId);
    const client = createOidcClient({ issuer: provider.issuer, fetch: recordingFetch });
    // The issuer itself accepts the token: only its audience is wrong.
    await expect(client.fetchUserinfo(token)).resolves.toHaveProperty('sub', 'user-1');
    seen.length = 0;
    await expectOidcError(client.verifyAccessToken(token, provider.clientId), 'wrong_audience');
    expect(seen).toEqual(['/tokeninfo']);
    await expect(client.verifyAccessToken(token, provider.otherClientId)).resolves.toHaveProperty('sub', 'user-1');
  });

  it('reports a token the tokeninfo endpoint does not know as invalid_token', async () => {
    const client = createOidcClient({ issuer: provider.issuer });
    await expectOidcError(client.verifyAccessToken('not-a-token-the-provider-issued', provider.clientId), 'invalid_token');
    await expectOidcError(client.verifyAccessToken('two\nlines', provider.clientId), 'invalid_token');
  });
});

describe('the tokeninfo endpoint', () => {
  it("is Google's for Google's issuer and the issuer's /tokeninfo for another", () => {
    expect(defaultTokeninfoUrl('https://accounts.google.com')).toBe('https://oauth2.googleapis.com/tokeninfo');
    expect(defaultTokeninfoUrl('https://accounts.google.com/')).toBe(GOOGLE_TOKENINFO_URL);
    expect(defaultTokeninfoUrl('https://issuer.example.com/')).toBe('https://issuer.example.com/tokeninfo');
  });

  it('follows OIDC_ISSUER unless GOOGLE_TOKENINFO_URL is set', () => {
    const secret = { SECRET_KEY: 'k'.repeat(40) };
    expect(loadConfig(secret).googleTokeninfoUrl).toBe(GOOGLE_TOKENINFO_URL);
    expect(loadConfig({ ...secret, OIDC_ISSUER: 'http://127.0.0.1:4000/' }).googleTokeninfoUrl).toBe('http://127.0.0.1:4000/tokeninfo');
    expect(loadConfig({ ...secret, GOOGLE_TOKENINFO_URL: 'https://tokens.example.com/v3/tokeninfo' }).googleTokeninfoUrl).toBe(
      'https://tokens.example.com/v3/tokeninfo',
    );
    expect(() => loadConfig({ ...secret, GOOGLE_TOKENINFO_URL: 'tokeninfo' })).toThrow(/GOOGLE_TOKENINFO_URL/);
  });

  it('must be https when the issuer is', async () => {
    let requests = 0;
    const countingFetch: typeof fetch = (input, init) => {
      requests += 1;
      return fetch(input, init);
    };
    const client = createOidcClient({ issuer: 'https://accounts.example.com', tokeninfoUrl: 'http://127.0.0.1:9/tokeninfo', fetch: countingFetch });
    await expectOidcError(client.verifyAccessToken('token-value', 'client'), 'bad_response');
    expect(requests).toBe(0);
  });
});

describe('createOidcClient when the provider stops', () => {
  it('reports unreachable, for discovery and for userinfo after a cached discovery', async () => {
    const provider = await startOidcProvider({ accounts: ACCOUNTS });
    const client = createOidcClient({ issuer: provider.issuer });
    await client.discover();
    const token = await provider.issueAccessToken('user-1');
    await provider.close();

    await expectOidcError(client.fetchUserinfo(token), 'unreachable');
    await expectOidcError(createOidcClient({ issuer: provider.issuer }).discover(), 'unreachable');
  });
});

/** A tiny loopback server answering discovery and userinfo with canned responses. */
async function startFakeProvider(
  respond: (path: string, issuer: string) => { status: number; body: string; delayMs?: number },
): Promise<{ issuer: string; server: Server }> {
  let issuer = '';
  const server = createServer((req, res) => {
    const { status, body, delayMs = 0 } = respond(req.url ?? '/', issuer);
    setTimeout(() => {
      if (res.destroyed) return;
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(body);
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  return { issuer, server };
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

function discoveryDocument(issuer: string, overrides: Record<string, unknown> = {}): string {
  return JSON.stringify({
    issuer,
    authorization_endpoint: `${issuer}/auth`,
    userinfo_endpoint: `${issuer}/me`,
    ...overrides,
  });
}

describe('createOidcClient against malformed responses', () => {
  const servers: Server[] = [];

  afterAll(async () => {
    await Promise.all(servers.map(closeServer));
  });

  async function clientFor(
    respond: Parameters<typeof startFakeProvider>[0],
    timeoutMs?: number,
  ): Promise<ReturnType<typeof createOidcClient>> {
    const { issuer, server } = await startFakeProvider(respond);
    servers.push(server);
    return createOidcClient({ issuer, timeoutMs });
  }

  it.each([
    ['not JSON', () => '<html>sign in</html>'],
    ['a JSON array', () => '[]'],
    ['no userinfo endpoint', (issuer: string) => JSON.stringify({ issuer, authorization_endpoint: `${issuer}/auth` })],
    ['an endpoint that is no URL', (issuer: string) => discoveryDocument(issuer, { userinfo_endpoint: 'me' })],
    ['another issuer', (issuer: string) => discoveryDocument(issuer, { issuer: 'https://accounts.example.com' })],
    ['a non-web endpoint', (issuer: string) => discoveryDocument(issuer, { userinfo_endpoint: 'ftp://example.com/me' })],
  ])('refuses a discovery document with %s as bad_response', async (_name, document) => {
    const client = await clientFor((_path, issuer) => ({ status: 200, body: document(issuer) }));
    await expectOidcError(client.discover(), 'bad_response');
  });

  it('reports a missing discovery document as bad_response and a failing one as unreachable', async () => {
    const missing = await clientFor(() => ({ status: 404, body: '{}' }));
    await expectOidcError(missing.discover(), 'bad_response');
    const failing = await clientFor(() => ({ status: 503, body: '{}' }));
    await expectOidcError(failing.discover(), 'unreachable');
  });

  it('retries discovery after a failure', async () => {
    let calls = 0;
    const client = await clientFor((_path, issuer) => {
      calls += 1;
      return calls === 1 ? { status: 500, body: '{}' } : { status: 200, body: discoveryDocument(issuer) };
    });
    await expectOidcError(client.discover(), 'unreachable');
    await expect(client.discover()).resolves.toHaveProperty('userinfo_endpoint');
  });

  it('reports a provider slower than the time-out as unreachable', async () => {
    const client = await clientFor((_path, issuer) => ({ status: 200, body: discoveryDocument(issuer), delayMs: 1_000 }), 100);
    await expectOidcError(client.discover(), 'unreachable');
  });

  it.each([
    ['refused (401)', 401, '{"error":"invalid_token"}', 'invalid_token'],
    ['forbidden (403)', 403, '{"error":"insufficient_scope"}', 'invalid_token'],
    ['failing (502)', 502, 'Bad gateway', 'unreachable'],
    ['not JSON', 200, 'eyJhbGciOiJSUzI1NiJ9.e30.c2ln', 'bad_response'],
    ['without sub', 200, '{"email":"ada@example.com"}', 'bad_response'],
    ['with an empty sub', 200, '{"sub":""}', 'bad_response'],
    ['with a textual email_verified', 200, '{"sub":"1","email_verified":"yes"}', 'bad_response'],
    ['with a numeric email', 200, '{"sub":"1","email":42}', 'bad_response'],
    ['a bad request (400)', 400, '{"error":"invalid_request"}', 'bad_response'],
  ] as const)('classifies a userinfo answer %s', async (_name, status, body, kind) => {
    const client = await clientFor((path, issuer) =>
      path === '/.well-known/openid-configuration' ? { status: 200, body: discoveryDocument(issuer) } : { status, body },
    );
    await expectOidcError(client.fetchUserinfo('token-value'), kind);
  });

  const tokeninfoAnswer = (tokeninfo: { status: number; body: string }, userinfo = '{"sub":"42"}') =>
    (path: string, issuer: string) => {
      if (path === '/.well-known/openid-configuration') return { status: 200, body: discoveryDocument(issuer) };
      return path.startsWith('/tokeninfo?') ? tokeninfo : { status: 200, body: userinfo };
    };

  it.each([
    ['refused (400, as Google answers an unknown or expired token)', 400, '{"error":"invalid_token","error_description":"Invalid Value"}', 'invalid_token'],
    ['failing (503)', 503, 'Service unavailable', 'unreachable'],
    ['missing (404)', 404, 'Not found', 'bad_response'],
    ['not JSON', 200, '<html></html>', 'bad_response'],
    ['without aud', 200, '{"azp":"client","sub":"42"}', 'bad_response'],
    ['with a numeric aud', 200, '{"aud":7,"sub":"42"}', 'bad_response'],
    ['for another client', 200, '{"aud":"other","azp":"other","sub":"42"}', 'wrong_audience'],
    ['for another account than userinfo names', 200, '{"aud":"client","azp":"client","sub":"43"}', 'bad_response'],
  ] as const)('classifies a tokeninfo answer %s', async (_name, status, body, kind) => {
    const client = await clientFor(tokeninfoAnswer({ status, body }));
    await expectOidcError(client.verifyAccessToken('token-value', 'client'), kind);
  });

  it('accepts a token whose authorized party is the client', async () => {
    const client = await clientFor(
      tokeninfoAnswer({ status: 200, body: '{"aud":"client","sub":"42","exp":"1900000000","expires_in":"3599"}' }, '{"sub":"42","email":"ada@example.com"}'),
    );
    await expect(client.verifyAccessToken('token-value', 'client')).resolves.toEqual({ sub: '42', email: 'ada@example.com' });
    const byAzp = await clientFor(tokeninfoAnswer({ status: 200, body: '{"aud":"api.example.com","azp":"client"}' }));
    await expect(byAzp.verifyAccessToken('token-value', 'client')).resolves.toEqual({ sub: '42' });
  });

  it('keeps only the known claims of a valid userinfo answer', async () => {
    const client = await clientFor((path, issuer) =>
      path === '/.well-known/openid-configuration'
        ? { status: 200, body: discoveryDocument(issuer) }
        : { status: 200, body: '{"sub":"42","email":"ada@example.com","picture":"https://example.com/a.png"}' },
    );
    await expect(client.fetchUserinfo('token-value')).resolves.toEqual({ sub: '42', email: 'ada@example.com' });
  });
});
