import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { authEndpoints } from '../../src/shared/contract/auth';
import { userEndpoints } from '../../src/shared/contract/users';
import { walletEndpoints } from '../../src/shared/contract/wallets';
import { pathOf } from '../../src/shared/contract/endpoint';
import type { User } from '../../src/shared/api-types';
import type { WalletOut as Wallet } from '../../src/shared/contract/wallets';
import { users, wallets } from '../../src/server/db/schema';
import { availableDrivers } from './helpers/drivers';
import { setupSuite } from './helpers/suite';
import { json, type TestClient } from './helpers/test-client';
import { signInWithAddress, signInWithDemo } from './helpers/sign-in';

const FORBIDDEN = { detail: 'This feature is available only for logged in users' };

/** Every state-changing route a signed-in user has, except logout and the sign-in routes. */
const changeRequests = (walletId: string): { method: string; path: string; json?: unknown }[] => [
  { method: 'PATCH', path: userEndpoints.getUser.path, json: { first_name: 'Guest' } },
  { method: 'PATCH', path: userEndpoints.getUser.path, json: {} },
  { method: 'DELETE', path: userEndpoints.deleteUser.path },
  { method: 'PATCH', path: pathOf(walletEndpoints.updateWallet.path, { id: walletId }), json: { is_active: false } },
];

describe.each(availableDrivers())('read-only guests on %s', (kind) => {
  const suite = setupSuite(kind);

  async function expectReadOnly(client: TestClient, user: User): Promise<void> {
    const [wallet] = await json<Wallet[]>(await client.get(walletEndpoints.listWallets.path));
    if (wallet === undefined) throw new Error('The guest has no wallet');
    for (const request of changeRequests(wallet.id)) {
      const response = await client.request(request.method, request.path, request.json === undefined ? {} : { json: request.json });
      expect(response.status, `${request.method} ${request.path}`).toBe(403);
      expect(await response.json()).toEqual(FORBIDDEN);
    }
    // Nothing changed.
    const [row] = await suite.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ firstName: '', fullAccess: false });
    const [walletRow] = await suite.db.select().from(wallets).where(eq(wallets.id, wallet.id));
    expect(walletRow?.isActive).toBe(true);
    // Reading works, and so does signing out.
    expect((await client.get(userEndpoints.getUser.path)).status).toBe(200);
    expect((await client.get(walletEndpoints.walletsLimit.path)).status).toBe(200);
    expect((await client.post(authEndpoints.logout.path)).status).toBe(204);
    expect((await client.get(userEndpoints.getUser.path)).status).toBe(401);
  }

  it('an address-only user cannot change anything', async () => {
    const client = suite.client();
    const user = await signInWithAddress(client);
    expect(user.full_access).toBe(false);
    await expectReadOnly(client, user);
  });

  it('a demo user cannot change anything', async () => {
    for (const index of [0, 1]) {
      const client = suite.client();
      const user = await signInWithDemo(client, index);
      expect(user).toMatchObject({ full_access: false, is_demo: true });
      await expectReadOnly(client, user);
    }
  });

  it('a guest with invalid input still gets 403, not a validation error', async () => {
    const client = suite.client();
    await signInWithAddress(client);
    const response = await client.patch(userEndpoints.updateUser.path, { fiat_currency: 'XXX', unknown: 1 });
    expect(response.status).toBe(403);
  });
});
