import { describe, expect, it } from 'vitest';
import { and, eq, isNotNull } from 'drizzle-orm';
import { createSiweMessage } from 'viem/siwe';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { authEndpoints } from '../../src/shared/contract/auth';
import { userEndpoints } from '../../src/shared/contract/users';
import type { User } from '../../src/shared/api-types';
import type { WalletChallenge } from '../../src/shared/contract/auth';
import { signInChallenges, subscriptions, users } from '../../src/server/db/schema';
import { availableDrivers } from './helpers/drivers';
import { setupSuite } from './helpers/suite';
import { json, type TestClient } from './helpers/test-client';

const newAccount = (): PrivateKeyAccount => privateKeyToAccount(generatePrivateKey());

async function challenge(client: TestClient, address: string, kind?: string): Promise<WalletChallenge> {
  const response = await client.post(authEndpoints.loginWithWallet.path, kind === undefined ? { address } : { address, kind });
  expect(response.status).toBe(200);
  return json<WalletChallenge>(response);
}

describe.each(availableDrivers())('wallet sign-in (EIP-4361) on %s', (kind) => {
  const suite = setupSuite(kind);

  async function signIn(account: PrivateKeyAccount, client = suite.client(), walletKind?: string) {
    const { message } = await challenge(client, account.address.toLowerCase(), walletKind);
    const signature = await account.signMessage({ message });
    const response = await client.post(authEndpoints.loginWithWalletResponse.path, { address: account.address, signature });
    return { client, response, message, signature };
  }

  it('issues a message bound to our domain, URI, chain and a fresh nonce, valid ten minutes', async () => {
    const account = newAccount();
    const result = await challenge(suite.client(), account.address.toLowerCase());
    expect(result.kind).toBe('METAMASK');
    expect(result.message).toContain('localhost:8001 wants you to sign in with your Ethereum account:');
    expect(result.message).toContain(account.address);
    expect(result.message).toContain('Sign in to Ledgerloop.');
    expect(result.message).toContain('URI: http://localhost:8001');
    expect(result.message).toContain('Chain ID: 1');
    expect(result.message).toContain(`Nonce: ${result.nonce}`);
    expect(new Date(result.expires_at).getTime() - suite.clock.now().getTime()).toBe(10 * 60_000);
    const other = await challenge(suite.client(), account.address);
    expect(other.nonce).not.toBe(result.nonce);
  });

  it('signs a wallet in with full access, checksummed address, STARTER plan and no wallet', async () => {
    const account = newAccount();
    const { response, client } = await signIn(account);
    expect(response.status).toBe(200);
    const user = await json<User>(response);
    expect(user).toMatchObject({
      address: account.address,
      type: 'METAMASK',
      full_access: true,
      has_wallet: false,
      wallets_number: 0,
      signed_email: null,
      subscription: { plan: 'STARTER' },
    });
    const [subscription] = await suite.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(subscription?.planCode).toBe('STARTER');
    const me = await json<User>(await client.get(userEndpoints.getUser.path));
    expect(me.id).toBe(user.id);
    // Signing in again finds the same account.
    const again = await json<User>((await signIn(account)).response);
    expect(again.id).toBe(user.id);
  });

  it('records WALLET_CONNECT as the user type when the challenge asked for it', async () => {
    const account = newAccount();
    const { response } = await signIn(account, suite.client(), 'WALLET_CONNECT');
    expect(response.status).toBe(200);
    expect((await json<User>(response)).type).toBe('WALLET_CONNECT');
  });

  it('refuses a replayed signature', async () => {
    const account = newAccount();
    const first = await signIn(account);
    expect(first.response.status).toBe(200);
    const replay = await suite
      .client()
      .post(authEndpoints.loginWithWalletResponse.path, { address: account.address, signature: first.signature });
    expect(replay.status).toBe(400);
    expect(await replay.json()).toEqual({
      non_field_errors: ['Sign-in request expired or already used. Try again.'],
    });
  });

  it('matches the response to the challenge it signs, though newer ones were asked for in the same name', async () => {
    const account = newAccount();
    const client = suite.client();
    const own = await challenge(client, account.address);
    // Someone else asks for challenges in this address's name meanwhile.
    for (let i = 0; i < 3; i += 1) await challenge(suite.client(), account.address);
    suite.clock.advance(1_000);
    await challenge(suite.client(), account.address);
    const signature = await account.signMessage({ message: own.message });
    const response = await client.post(authEndpoints.loginWithWalletResponse.path, { address: account.address, signature });
    expect(response.status).toBe(200);
    const [used] = await suite.db
      .select({ nonce: signInChallenges.nonce })
      .from(signInChallenges)
      .where(and(eq(signInChallenges.address, account.address.toLowerCase()), isNotNull(signInChallenges.usedAt)));
    expect(used?.nonce).toBe(own.nonce);
  });

  it('refuses a response after the challenge expired', async () => {
    const account = newAccount();
    const client = suite.client();
    const { message } = await challenge(client, account.address);
    const signature = await account.signMessage({ message });
    suite.clock.advance(10 * 60_000 + 1000);
    try {
      const response = await client.post(authEndpoints.loginWithWalletResponse.path, { address: account.address, signature });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        non_field_errors: ['Sign-in request expired or already used. Try again.'],
      });
      expect(client.sessionCookie).toBeUndefined();
    } finally {
      suite.clock.advance(-(10 * 60_000 + 1000));
    }
  });

  it('refuses a signature over a message for another site', async () => {
    const account = newAccount();
    const client = suite.client();
    const issued = await challenge(client, account.address);
    const foreign = createSiweMessage({
      address: account.address,
      domain: 'evil.example',
      uri: 'https://evil.example',
      chainId: 1,
      nonce: issued.nonce,
      version: '1',
      issuedAt: suite.clock.now(),
    });
    const signature = await account.signMessage({ message: foreign });
    const response = await client.post(authEndpoints.loginWithWalletResponse.path, { address: account.address, signature });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ non_field_errors: ['Signature does not match the address.'] });
  });

  it('refuses a challenge issued for another domain (a server with another PUBLIC_URL)', async () => {
    const account = newAccount();
    const otherSite = suite.makeApp({ env: { PUBLIC_URL: 'https://other.example' } });
    const browser = suite.client(otherSite);
    const { message } = await challenge(browser, account.address);
    expect(message).toContain('other.example wants you to sign in');
    const signature = await account.signMessage({ message });
    // The same browser (its cookies) answering at this server.
    const here = suite.client();
    for (const [name, value] of browser.cookies) here.cookies.set(name, value);
    const response = await here.post(authEndpoints.loginWithWalletResponse.path, { address: account.address, signature });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ non_field_errors: ['This sign-in request is for another site.'] });
  });

  it('signs in where PUBLIC_URL has an IPv6 host (domain [::1]:8001)', async () => {
    const account = newAccount();
    const client = suite.client(suite.makeApp({ env: { PUBLIC_URL: 'http://[::1]:8001' } }));
    const { message } = await challenge(client, account.address);
    expect(message.split('\n')[0]).toBe('[::1]:8001 wants you to sign in with your Ethereum account:');
    expect(message).toContain('URI: http://[::1]:8001');
    const signature = await account.signMessage({ message });
    const response = await client.post(authEndpoints.loginWithWalletResponse.path, { address: account.address, signature });
    expect(response.status).toBe(200);
  });

  it('hands the challenge to the browser that asked for it in an HttpOnly, SameSite=Lax cookie', async () => {
    const account = newAccount();
    const client = suite.client();
    const response = await client.post(authEndpoints.loginWithWallet.path, { address: account.address });
    expect(response.status).toBe(200);
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith('signin_client='));
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\//);
    const { message } = await json<WalletChallenge>(response);
    // Another browser holding the signed message cannot use it.
    const signature = await account.signMessage({ message });
    const elsewhere = await suite.client().post(authEndpoints.loginWithWalletResponse.path, { address: account.address, signature });
    expect(elsewhere.status).toBe(400);
    expect(await elsewhere.json()).toEqual({
      non_field_errors: ['Sign-in request expired or already used. Try again.'],
    });
    // A second challenge in the same browser keeps its cookie, and the first one can still be answered.
    const again = await client.post(authEndpoints.loginWithWallet.path, { address: account.address });
    expect(again.headers.getSetCookie().some((line) => line.startsWith('signin_client='))).toBe(false);
    const own = await client.post(authEndpoints.loginWithWalletResponse.path, { address: account.address, signature });
    expect(own.status).toBe(200);
  });

  it("lets no stranger spend the owner's challenge or lock the owner out with bad signatures", async () => {
    const owner = newAccount();
    const forger = newAccount();
    const client = suite.client();
    const { message } = await challenge(client, owner.address);
    // Twenty forged responses in the owner's name, from browsers of their own, each with a challenge of its own.
    for (let i = 0; i < 20; i += 1) {
      const stranger = suite.client();
      const issued = await challenge(stranger, owner.address);
      const forged = await stranger.post(authEndpoints.loginWithWalletResponse.path, {
        address: owner.address,
        signature: await forger.signMessage({ message: i % 2 === 0 ? issued.message : message }),
      });
      expect(forged.status).toBe(400);
    }
    const signature = await owner.signMessage({ message });
    const response = await client.post(authEndpoints.loginWithWalletResponse.path, { address: owner.address, signature });
    expect(response.status).toBe(200);
  });

  it('keeps a challenge open after a failed proof until it has had three', async () => {
    const account = newAccount();
    const stranger = newAccount();
    const client = suite.client();
    const { message, nonce } = await challenge(client, account.address);
    const signature = await stranger.signMessage({ message });
    for (let i = 0; i < 2; i += 1) {
      const response = await client.post(authEndpoints.loginWithWalletResponse.path, { address: account.address, signature });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ non_field_errors: ['Signature does not match the address.'] });
    }
    const own = await account.signMessage({ message });
    expect((await client.clone().post(authEndpoints.loginWithWalletResponse.path, { address: account.address, signature: own })).status).toBe(200);
    const [first] = await suite.db.select().from(signInChallenges).where(eq(signInChallenges.nonce, nonce));
    expect(first?.failedProofs).toBe(2);

    // A fresh challenge given three bad proofs is spent: the right signature then finds nothing.
    const next = await challenge(client, account.address);
    const wrong = await stranger.signMessage({ message: next.message });
    for (let i = 0; i < 3; i += 1) {
      await client.post(authEndpoints.loginWithWalletResponse.path, { address: account.address, signature: wrong });
    }
    const spent = await client.post(authEndpoints.loginWithWalletResponse.path, {
      address: account.address,
      signature: await account.signMessage({ message: next.message }),
    });
    expect(await spent.json()).toEqual({ non_field_errors: ['Sign-in request expired or already used. Try again.'] });
    const [row] = await suite.db.select().from(signInChallenges).where(eq(signInChallenges.nonce, next.nonce));
    expect(row?.failedProofs).toBe(3);
    expect(row?.usedAt).not.toBeNull();
    const [stored] = await suite.db
      .select()
      .from(users)
      .where(eq(users.authKey, `wallet:${stranger.address.toLowerCase()}`));
    expect(stored).toBeUndefined();
  });

  it('refuses a response for an address that asked for no challenge', async () => {
    const account = newAccount();
    const other = newAccount();
    const client = suite.client();
    const { message } = await challenge(client, account.address);
    const signature = await other.signMessage({ message });
    const response = await client.post(authEndpoints.loginWithWalletResponse.path, { address: other.address, signature });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      non_field_errors: ['Sign-in request expired or already used. Try again.'],
    });
  });

  it('refuses malformed signatures without failing', async () => {
    const account = newAccount();
    const client = suite.client();
    await challenge(client, account.address);
    const response = await client.post(authEndpoints.loginWithWalletResponse.path, { address: account.address, signature: '0x1234' });
    expect(response.status).toBe(400);
    expect(await response.json()).toHaveProperty('non_field_errors');
  });

  it('accepts only EVM addresses for a challenge', async () => {
    for (const address of ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', '0x12', '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5D359']) {
      const response = await suite.client().post(authEndpoints.loginWithWallet.path, { address });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        address: ['Enter a valid Ethereum address (0x followed by 40 hexadecimal digits).'],
      });
    }
    const kindResponse = await suite.client().post(authEndpoints.loginWithWallet.path, { address: newAccount().address, kind: 'LEDGER' });
    expect(kindResponse.status).toBe(400);
    expect(await kindResponse.json()).toEqual({ kind: ['Choose one of: METAMASK, WALLET_CONNECT.'] });
  });

  it('grants staff and superuser rights from the configured address lists', async () => {
    const staff = newAccount();
    const superuser = newAccount();
    const app = suite.makeApp({
      env: { STAFF_ADDRESSES: staff.address, SUPERUSER_ADDRESSES: ` ${superuser.address.toLowerCase()} ` },
    });
    const staffUser = await json<User>((await signIn(staff, suite.client(app))).response);
    expect(staffUser).toMatchObject({ is_staff: true, is_superuser: false });
    const superUser = await json<User>((await signIn(superuser, suite.client(app))).response);
    expect(superUser).toMatchObject({ is_staff: true, is_superuser: true });
    const plain = await json<User>((await signIn(newAccount(), suite.client(app))).response);
    expect(plain).toMatchObject({ is_staff: false, is_superuser: false });
  });
});
