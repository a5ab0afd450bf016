import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { authEndpoints } from '../../src/shared/contract/auth';
import { userEndpoints } from '../../src/shared/contract/users';
import type { User } from '../../src/shared/api-types';
import type { PublicConfig } from '../../src/shared/contract/auth';
import { startOidcProvider, type OidcTestProvider } from '../fixtures/oidc-provider';
import { availableDrivers } from './helpers/drivers';
import { setupSuite } from './helpers/suite';
import { json } from './helpers/test-client';

const INVALID = 'Google sign-in failed: the token is invalid or expired.';

/** A loopback port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

let provider: OidcTestProvider;

beforeAll(async () => {
  provider = await startOidcProvider({
    accounts: {
      alice: { email: 'alice@example.com', email_verified: true, given_name: 'Alice', family_name: 'Liddell' },
      bob: { email: 'bob@example.com', email_verified: false, given_name: 'Bob' },
      boss: { email: 'Boss@Example.com', email_verified: true },
      carol: { email: 'carol@acme.example', email_verified: true },
    },
  });
});
afterAll(async () => {
  await provider.close();
});

describe.each(availableDrivers())('Google sign-in on %s', (kind) => {
  const suite = setupSuite(kind);
  const googleApp = () => suite.makeApp({ env: { GOOGLE_CLIENT_ID: provider.clientId, OIDC_ISSUER: provider.issuer } });

  it('signs a verified Google account in with its signed e-mail and names', async () => {
    const app = googleApp();
    const client = suite.client(app);
    const token = await provider.issueAccessToken('alice');
    const response = await client.post(authEndpoints.loginWithGoogle.path, { access_token: token });
    expect(response.status).toBe(200);
    const user = await json<User>(response);
    expect(user).toMatchObject({
      type: 'GOOGLE',
      address: '',
      signed_email: 'alice@example.com',
      email: 'alice@example.com',
      first_name: 'Alice',
      last_name: 'Liddell',
      full_access: true,
      has_wallet: false,
      subscription: { plan: 'STARTER' },
    });

    // Names the user changed survive the next sign-in; the signed e-mail cannot be edited.
    const patched = await client.patch(userEndpoints.updateUser.path, { first_name: 'Ali' });
    expect(patched.status).toBe(200);
    const emailChange = await client.patch(userEndpoints.updateUser.path, { email: 'other@example.com' });
    expect(emailChange.status).toBe(400);
    expect(await emailChange.json()).toEqual({
      email: ['The e-mail of an account signed in with Google cannot be changed.'],
    });
    const again = await json<User>(
      await suite.client(app).post(authEndpoints.loginWithGoogle.path, { access_token: await provider.issueAccessToken('alice') }),
    );
    expect(again).toMatchObject({ id: user.id, first_name: 'Ali', last_name: 'Liddell' });
  });

  it('refuses an invalid token', async () => {
    const client = suite.client(googleApp());
    for (const token of ['not-a-token', 'x'.repeat(43)]) {
      const response = await client.post(authEndpoints.loginWithGoogle.path, { access_token: token });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ non_field_errors: [INVALID] });
    }
    expect(client.sessionCookie).toBeUndefined();
  });

  it('refuses a token issued to another application', async () => {
    const client = suite.client(googleApp());
    const token = await provider.issueAccessToken('alice', provider.otherClientId);
    const response = await client.post(authEndpoints.loginWithGoogle.path, { access_token: token });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      non_field_errors: ['Google sign-in failed: the token was issued to another application.'],
    });
    expect(client.sessionCookie).toBeUndefined();
    // The same token signs in where that application is the configured client.
    const other = suite.makeApp({ env: { GOOGLE_CLIENT_ID: provider.otherClientId, OIDC_ISSUER: provider.issuer } });
    const accepted = await suite.client(other).post(authEndpoints.loginWithGoogle.path, { access_token: token });
    expect(accepted.status).toBe(200);
    expect(await json<User>(accepted)).toMatchObject({ signed_email: 'alice@example.com' });
  });

  it('checks the audience at GOOGLE_TOKENINFO_URL when it is set', async () => {
    const app = suite.makeApp({
      env: {
        GOOGLE_CLIENT_ID: provider.clientId,
        OIDC_ISSUER: provider.issuer,
        GOOGLE_TOKENINFO_URL: `http://127.0.0.1:${String(await closedPort())}/tokeninfo`,
      },
    });
    const response = await suite.client(app).post(authEndpoints.loginWithGoogle.path, { access_token: await provider.issueAccessToken('alice') });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      non_field_errors: ['Google sign-in is unavailable: the sign-in service cannot be reached. Try again later.'],
    });
  });

  it('refuses an account whose e-mail is not verified', async () => {
    const response = await suite
      .client(googleApp())
      .post(authEndpoints.loginWithGoogle.path, { access_token: await provider.issueAccessToken('bob') });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      non_field_errors: ['Google sign-in failed: the account has no verified e-mail address.'],
    });
  });

  it('answers 400 with a clear message when the issuer cannot be reached', async () => {
    const app = suite.makeApp({
      env: { GOOGLE_CLIENT_ID: 'client-123', OIDC_ISSUER: `http://127.0.0.1:${String(await closedPort())}` },
    });
    const response = await suite.client(app).post(authEndpoints.loginWithGoogle.path, { access_token: 'some-token' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      non_field_errors: ['Google sign-in is unavailable: the sign-in service cannot be reached. Try again later.'],
    });
    // GET config still answers, without the Google endpoint.
    const config = await json<PublicConfig>(await suite.client(app).get(authEndpoints.publicConfig.path));
    expect(config.google_authorization_endpoint).toBeNull();
  });

  it('refuses Google sign-in when no client id is configured', async () => {
    const app = suite.makeApp({ env: { OIDC_ISSUER: provider.issuer } });
    const response = await suite
      .client(app)
      .post(authEndpoints.loginWithGoogle.path, { access_token: await provider.issueAccessToken('alice') });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ non_field_errors: ['Google sign-in is not enabled on this server.'] });
    const config = await json<PublicConfig>(await suite.client(app).get(authEndpoints.publicConfig.path));
    expect(config).toMatchObject({ google_client_id: null, google_authorization_endpoint: null });
  });

  it('publishes the discovered authorization endpoint in GET config', async () => {
    const config = await json<PublicConfig>(await suite.client(googleApp()).get(authEndpoints.publicConfig.path));
    expect(config.google_client_id).toBe(provider.clientId);
    expect(config.google_authorization_endpoint).toMatch(new RegExp(`^${provider.issuer}/`));
  });

  it('grants rights from the e-mail lists and marks business e-mails', async () => {
    const app = suite.makeApp({
      env: {
        GOOGLE_CLIENT_ID: provider.clientId,
        OIDC_ISSUER: provider.issuer,
        SUPERUSER_EMAILS: 'boss@example.com',
        BUSINESS_EMAIL_DOMAIN: 'acme.example',
      },
    });
    const boss = await json<User>(
      await suite.client(app).post(authEndpoints.loginWithGoogle.path, { access_token: await provider.issueAccessToken('boss') }),
    );
    expect(boss).toMatchObject({ is_staff: true, is_superuser: true, is_business: false, first_name: '' });
    const carol = await json<User>(
      await suite.client(app).post(authEndpoints.loginWithGoogle.path, { access_token: await provider.issueAccessToken('carol') }),
    );
    expect(carol).toMatchObject({ is_staff: false, is_superuser: false, is_business: true });
  });
});
