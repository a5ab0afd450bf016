import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { authEndpoints } from '../../src/shared/contract/auth';
import { walletEndpoints } from '../../src/shared/contract/wallets';
import type { User } from '../../src/shared/api-types';
import type { PublicConfig } from '../../src/shared/contract/auth';
import type { WalletOut as Wallet } from '../../src/shared/contract/wallets';
import { users, wallets } from '../../src/server/db/schema';
import { availableDrivers } from './helpers/drivers';
import { setupSuite } from './helpers/suite';
import { json } from './helpers/test-client';

const EVM = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
const BECH32 = 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4';
const P2PKH = '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2';

describe.each(availableDrivers())('address and demo sign-in on %s', (kind) => {
  const suite = setupSuite(kind);

  it('signs an EVM address in as a read-only guest with one Ethereum wallet', async () => {
    const client = suite.client();
    const response = await client.post(authEndpoints.loginWithAddress.path, { address: EVM.toLowerCase() });
    expect(response.status).toBe(200);
    const user = await json<User>(response);
    expect(user).toMatchObject({
      address: EVM,
      type: 'ADDRESS_ONLY',
      full_access: false,
      has_wallet: true,
      wallets_number: 1,
      is_demo: false,
      fiat_currency: 'USD',
      language: 'English',
      timezone: 'CET',
      subscription: { plan: 'STARTER', cancelled_at: null, ends_at: null },
      suggestions: { ftcTimeout: null },
    });
    expect(client.sessionCookie).toBeDefined();

    const list = await json<Wallet[]>(await client.get(walletEndpoints.listWallets.path));
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ address: EVM, network: 'ETHEREUM', name: 'Wallet 0xfB...7c5d359', is_active: true });

    const again = await json<User>(await suite.client().post(authEndpoints.loginWithAddress.path, { address: EVM }));
    expect(again.id).toBe(user.id);
    const rows = await suite.db.select().from(wallets).where(eq(wallets.userId, user.id));
    expect(rows).toHaveLength(1);
  });

  it('tracks Bitcoin addresses on BITCOIN, bech32 lowercased and base58 as given', async () => {
    const bech = await json<User>(await suite.client().post(authEndpoints.loginWithAddress.path, { address: BECH32 }));
    expect(bech.address).toBe(BECH32.toLowerCase());
    const base58Client = suite.client();
    const base58 = await json<User>(await base58Client.post(authEndpoints.loginWithAddress.path, { address: ` ${P2PKH} ` }));
    expect(base58.address).toBe(P2PKH);
    const [wallet] = await json<Wallet[]>(await base58Client.get(walletEndpoints.listWallets.path));
    expect(wallet).toMatchObject({ network: 'BITCOIN', address: P2PKH, name: 'Wallet 1BvB...xJaNVN2' });
  });

  it('refuses an invalid address with the documented text', async () => {
    const client = suite.client();
    for (const address of ['0x123', 'bc1qinvalid', '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5D359']) {
      const response = await client.post(authEndpoints.loginWithAddress.path, { address });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ address: ['Provided address is invalid'] });
    }
    expect(client.sessionCookie).toBeUndefined();
  });

  it('offers the two demo wallets through GET config and signs their demo users in', async () => {
    const client = suite.client();
    const config = await json<PublicConfig>(await client.get(authEndpoints.publicConfig.path));
    expect(config.demo_wallets.map((w) => w.network)).toEqual(['ETHEREUM', 'BITCOIN']);
    expect(config.demo_wallets[0]?.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(config.demo_wallets[1]?.address).toMatch(/^bc1/);
    const seen = new Set<string>();
    for (const demo of config.demo_wallets) {
      const demoClient = suite.client();
      const response = await demoClient.post(authEndpoints.loginDemo.path, { address: demo.address });
      expect(response.status).toBe(200);
      const user = await json<User>(response);
      expect(user).toMatchObject({
        is_demo: true,
        full_access: false,
        type: 'ADDRESS_ONLY',
        is_tutorial_viewed: true,
        has_wallet: true,
        wallets_number: 1,
      });
      seen.add(user.id);
      const [wallet] = await json<Wallet[]>(await demoClient.get(walletEndpoints.listWallets.path));
      expect(wallet).toMatchObject({ address: demo.address, network: demo.network, name: demo.name });
    }
    expect(seen.size).toBe(2);
  });

  it('refuses a demo login for an address that is not a demo wallet', async () => {
    const response = await suite.client().post(authEndpoints.loginDemo.path, { address: EVM });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ address: ['Not a demo wallet.'] });
  });

  it('keeps demo users intact when the seed runs again', async () => {
    const before = await suite.db.select().from(users).where(eq(users.isDemo, true));
    const { seedDatabase } = await import('../../src/server/seed-database');
    await seedDatabase(suite.db, new Date());
    const after = await suite.db.select().from(users).where(eq(users.isDemo, true));
    expect(after.map((u) => u.id).sort()).toEqual(before.map((u) => u.id).sort());
    const demoWallets = await suite.db.select().from(wallets);
    expect(demoWallets.filter((w) => before.some((u) => u.id === w.userId))).toHaveLength(2);
  });
});
