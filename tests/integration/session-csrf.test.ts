import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API, CSRF_COOKIE, SESSION_COOKIE } from '../../src/shared/api-paths';
import { authEndpoints } from '../../src/shared/contract/auth';
import { userEndpoints } from '../../src/shared/contract/users';
import type { User } from '../../src/shared/api-types';
import { sessions } from '../../src/server/db/schema';
import { sessionIdOf } from '../../src/server/auth/tokens';
import { availableDrivers } from './helpers/drivers';
import { setupSuite } from './helpers/suite';
import { json } from './helpers/test-client';
import { signInWithAddress, signInWithWallet } from './helpers/sign-in';

const CSRF_FAILED = { detail: 'CSRF Failed: CSRF token missing or incorrect.' };
const NOT_AUTHENTICATED = { detail: 'Authentication credentials were not provided.' };
const HOUR = 3600_000;

describe.each(availableDrivers())('sessions and CSRF on %s', (kind) => {
  const suite = setupSuite(kind);

  describe('CSRF', () => {
    it('GET csrf sets a readable Lax cookie equal to the answered token, and keeps a valid one', async () => {
      const client = suite.client();
      const response = await client.get(API.csrf);
      const { csrf_token: token } = await json<{ csrf_token: string }>(response);
      const setCookie = response.headers.getSetCookie().find((line) => line.startsWith(`${CSRF_COOKIE}=`));
      expect(setCookie).toBeDefined();
      expect(setCookie).toMatch(/SameSite=Lax/i);
      expect(setCookie).not.toMatch(/HttpOnly/i);
      expect(client.csrfCookie).toBe(token);
      expect(token).toMatch(/^[\w-]+\.[\w-]+$/);
      const again = await json<{ csrf_token: string }>(await client.get(API.csrf));
      expect(again.csrf_token).toBe(token);
    });

    it('refuses a change without the header, with a wrong one, or with a forged token', async () => {
      const client = suite.client();
      await client.fetchCsrf();
      const body = { address: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359' };
      const missing = await client.post(authEndpoints.loginWithAddress.path, body, { csrf: false });
      expect(missing.status).toBe(403);
      expect(await missing.json()).toEqual(CSRF_FAILED);
      const wrong = await client.post(authEndpoints.loginWithAddress.path, body, { csrf: 'abc.def' });
      expect(wrong.status).toBe(403);
      expect(await wrong.json()).toEqual(CSRF_FAILED);
      // Header and cookie agree, but the token is not signed by the server.
      client.cookies.set(CSRF_COOKIE, 'forged.signature');
      const forged = await client.post(authEndpoints.loginWithAddress.path, body);
      expect(forged.status).toBe(403);
      expect(client.sessionCookie).toBeUndefined();
      const noCookie = suite.client();
      const onlyHeader = await noCookie.post(authEndpoints.loginWithAddress.path, body, { csrf: (await suite.client().fetchCsrf()) });
      expect(onlyHeader.status).toBe(403);
    });

    it('refuses a token issued for another session', async () => {
      const alice = suite.client();
      const bob = suite.client();
      await signInWithWallet(alice);
      await signInWithWallet(bob);
      const aliceToken = alice.csrfCookie;
      expect(aliceToken).toBeDefined();
      bob.cookies.set(CSRF_COOKIE, aliceToken ?? '');
      const response = await bob.patch(userEndpoints.updateUser.path, { first_name: 'Mallory' });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual(CSRF_FAILED);
      // The signed-out token a client held before signing in is no longer valid either.
      const carol = suite.client();
      const before = await carol.fetchCsrf();
      await signInWithWallet(carol);
      expect(carol.csrfCookie).not.toBe(before);
      const stale = await carol.patch(userEndpoints.updateUser.path, { first_name: 'Carol' }, { csrf: before });
      expect(stale.status).toBe(403);
      const fresh = await carol.patch(userEndpoints.updateUser.path, { first_name: 'Carol' });
      expect(fresh.status).toBe(200);
    });

    it('lets GET through without a token and never changes state on GET', async () => {
      const client = suite.client();
      const response = await client.get(userEndpoints.getUser.path);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual(NOT_AUTHENTICATED);
    });
  });

  describe('sessions', () => {
    it('sets an HttpOnly Lax session cookie and stores only the token hash', async () => {
      const client = suite.client();
      await client.fetchCsrf();
      const response = await client.post(authEndpoints.loginWithAddress.path, { address: '0x8ba1f109551bD432803012645Ac136ddd64DBA72' });
      expect(response.status).toBe(200);
      const line = response.headers.getSetCookie().find((l) => l.startsWith(`${SESSION_COOKIE}=`)) ?? '';
      expect(line).toMatch(/HttpOnly/i);
      expect(line).toMatch(/SameSite=Lax/i);
      expect(line).not.toMatch(/Secure/i);
      const token = client.sessionCookie ?? '';
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
      const rows = await suite.db.select().from(sessions).where(eq(sessions.id, sessionIdOf(token)));
      expect(rows).toHaveLength(1);
      const byToken = await suite.db.select().from(sessions).where(eq(sessions.id, token));
      expect(byToken).toHaveLength(0);
    });

    it('marks cookies Secure when PUBLIC_URL is https', async () => {
      const app = suite.makeApp({ env: { PUBLIC_URL: 'https://ledgerloop.example' } });
      const client = suite.client(app);
      const csrf = await client.get(API.csrf);
      expect(csrf.headers.getSetCookie().join('\n')).toMatch(/Secure/);
      const response = await client.post(authEndpoints.loginWithAddress.path, { address: '0x8ba1f109551bD432803012645Ac136ddd64DBA72' });
      const line = response.headers.getSetCookie().find((l) => l.startsWith(`${SESSION_COOKIE}=`)) ?? '';
      expect(line).toMatch(/Secure/);
      expect(response.headers.get('strict-transport-security')).toMatch(/max-age=/);
    });

    it('rotates the session at every sign-in: the old cookie stops working', async () => {
      const client = suite.client();
      const first = await signInWithWallet(client);
      const oldToken = client.sessionCookie ?? '';
      const stolen = client.clone();
      const second = await signInWithWallet(client);
      expect(client.sessionCookie).not.toBe(oldToken);
      expect(second.id).not.toBe(first.id);
      const old = await stolen.get(userEndpoints.getUser.path);
      expect(old.status).toBe(401);
      expect(await suite.db.select().from(sessions).where(eq(sessions.id, sessionIdOf(oldToken)))).toHaveLength(0);
      const current = await json<User>(await client.get(userEndpoints.getUser.path));
      expect(current.id).toBe(second.id);
    });

    it('logout destroys the session, clears the cookie and re-issues a signed-out CSRF token', async () => {
      const client = suite.client();
      await signInWithWallet(client);
      const token = client.sessionCookie ?? '';
      const copy = client.clone();
      const csrfBefore = client.csrfCookie;
      const response = await client.post(authEndpoints.logout.path);
      expect(response.status).toBe(204);
      expect(client.sessionCookie).toBeUndefined();
      expect(client.csrfCookie).toBeDefined();
      expect(client.csrfCookie).not.toBe(csrfBefore);
      expect(await suite.db.select().from(sessions).where(eq(sessions.id, sessionIdOf(token)))).toHaveLength(0);
      expect((await copy.get(userEndpoints.getUser.path)).status).toBe(401);
      // The new token is good for the next sign-in.
      await signInWithAddress(client);
      // Logout also works with no session at all, and with an empty JSON body.
      expect((await suite.client().post(authEndpoints.logout.path)).status).toBe(204);
      const empty = await suite.client().request('POST', authEndpoints.logout.path, { body: '', headers: { 'Content-Type': 'application/json' } });
      expect(empty.status).toBe(204);
    });

    it('expires an idle session and deletes it', async () => {
      const clock = suite.clock;
      const client = suite.client();
      await signInWithWallet(client);
      const id = sessionIdOf(client.sessionCookie ?? '');
      clock.advance(167 * HOUR);
      try {
        expect((await client.get(userEndpoints.getUser.path)).status).toBe(200);
        // That request counted as activity; another full idle period passes.
        clock.advance(168 * HOUR + 1000);
        const expired = await client.get(userEndpoints.getUser.path);
        expect(expired.status).toBe(401);
        expect(await expired.json()).toEqual(NOT_AUTHENTICATED);
        expect(client.sessionCookie).toBeUndefined();
        expect(await suite.db.select().from(sessions).where(eq(sessions.id, id))).toHaveLength(0);
      } finally {
        clock.advance(-(167 * HOUR + 168 * HOUR + 1000));
      }
    });

    it('expires a session at its absolute limit even when used every day', async () => {
      const clock = suite.clock;
      const client = suite.client();
      await signInWithWallet(client);
      let advanced = 0;
      try {
        for (let day = 1; day < 30; day += 1) {
          clock.advance(24 * HOUR);
          advanced += 24 * HOUR;
          expect((await client.get(userEndpoints.getUser.path)).status).toBe(200);
        }
        clock.advance(24 * HOUR);
        advanced += 24 * HOUR;
        expect((await client.get(userEndpoints.getUser.path)).status).toBe(401);
      } finally {
        clock.advance(-advanced);
      }
    });

    it('updates last_seen_at at most once a minute', async () => {
      const clock = suite.clock;
      const client = suite.client();
      await signInWithWallet(client);
      const id = sessionIdOf(client.sessionCookie ?? '');
      const lastSeen = async () =>
        (await suite.db.select().from(sessions).where(eq(sessions.id, id)))[0]?.lastSeenAt.getTime();
      const start = await lastSeen();
      clock.advance(30_000);
      await client.get(userEndpoints.getUser.path);
      expect(await lastSeen()).toBe(start);
      clock.advance(31_000);
      await client.get(userEndpoints.getUser.path);
      expect(await lastSeen()).toBe(clock.now().getTime());
      clock.advance(-61_000);
    });

    it('an unknown session cookie is cleared and answers 401', async () => {
      const client = suite.client();
      client.cookies.set(SESSION_COOKIE, 'made-up-token');
      const response = await client.get(userEndpoints.getUser.path);
      expect(response.status).toBe(401);
      expect(client.sessionCookie).toBeUndefined();
    });
  });
});
