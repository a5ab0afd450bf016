import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { userEndpoints } from '../../src/shared/contract/users';
import { walletEndpoints } from '../../src/shared/contract/wallets';
import { walletCreateEndpoints } from '../../src/shared/contract/wallet-create';
import { pathOf } from '../../src/shared/contract/endpoint';
import type { User } from '../../src/shared/api-types';
import type { WalletOut } from '../../src/shared/contract/wallets';
import { MESSAGES } from '../../src/shared/messages';
import {
  centralisedExchanges,
  documents,
  documentWallets,
  subscriptions,
  syncCursors,
  transactions,
  wallets,
} from '../../src/server/db/schema';
import { WALLET_SYNC_JOB } from '../../src/server/sync/job-names';
import { recordingQueue } from './data-recording-queue';
import { availableDrivers } from './helpers/drivers';
import { setupSuite } from './helpers/suite';
import { json, type TestClient } from './helpers/test-client';
import { newAccount, signInWithAddress, signInWithDemo, signInWithWallet } from './helpers/sign-in';
import { addBalance, addFxRate, addTransactions, addWallet, dayOf, ETH, SCAM, USDC } from './data-seed';

const EVM = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';
const BTC = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

const DETAIL_KEYS = [
  'id',
  'name',
  'address',
  'network',
  'is_active',
  'is_synchronized',
  'sync_error',
  'total_balance',
  'fiat_currency',
  'tokens',
  'last_activity',
  'first_transaction_at',
  'wallet_documents',
  'created_at',
].sort();

describe.each(availableDrivers())('wallets on %s', (kind) => {
  const suite = setupSuite(kind);

  const setPlan = (userId: string, planCode: 'STARTER' | 'PLUS' | 'ENTERPRISE') =>
    suite.db.update(subscriptions).set({ planCode }).where(eq(subscriptions.userId, userId));

  async function fullUser(plan: 'STARTER' | 'PLUS' | 'ENTERPRISE' = 'ENTERPRISE'): Promise<{ client: TestClient; user: User }> {
    const client = suite.client();
    const user = await signInWithWallet(client);
    await setPlan(user.id, plan);
    return { client, user };
  }

  async function userWithWallets(): Promise<{ client: TestClient; userId: string }> {
    const { client, user } = await fullUser();
    const base = suite.clock.now().getTime();
    await suite.db.insert(wallets).values([
      { userId: user.id, name: 'savings', address: EVM, network: 'ETHEREUM', createdAt: new Date(base - 3000) },
      { userId: user.id, name: 'Cold storage', address: BTC, network: 'BITCOIN', createdAt: new Date(base - 1000) },
      { userId: user.id, name: 'Polygon 100%_fun', address: EVM, network: 'POLYGON', createdAt: new Date(base - 2000) },
    ]);
    return { client, userId: user.id };
  }

  const list = async (client: TestClient, query = ''): Promise<WalletOut[]> => {
    const response = await client.get(`${walletEndpoints.listWallets.path}${query}`);
    expect(response.status).toBe(200);
    return json<WalletOut[]>(response);
  };

  describe('GET', () => {
    it("lists only the signed-in user's wallets, by name by default, as WalletOut", async () => {
      const { client } = await userWithWallets();
      await userWithWallets();
      const found = await list(client);
      expect(found.map((w) => w.name)).toEqual(['Cold storage', 'Polygon 100%_fun', 'savings']);
      for (const wallet of found) expect(Object.keys(wallet).sort()).toEqual(DETAIL_KEYS);
      expect(found[1]).toMatchObject({
        network: 'POLYGON',
        is_active: true,
        is_synchronized: false,
        sync_error: null,
        total_balance: '0',
        fiat_currency: 'USD',
        tokens: [],
        last_activity: null,
        first_transaction_at: null,
        wallet_documents: [],
      });
    });

    it('shows holdings, totals in the user fiat, transaction dates, documents and the sync error', async () => {
      const { client, user } = await fullUser();
      const walletId = await addWallet(suite.db, user.id, { name: 'Main' });
      await suite.db.update(wallets).set({ syncError: 'Etherscan is not answering; retrying later.' }).where(eq(wallets.id, walletId));
      await addBalance(suite.db, { userId: user.id, walletId }, ETH, 1_500_000_000_000_000_000n, '2000');
      await addBalance(suite.db, { userId: user.id, walletId }, USDC, 250_000_000n, '1');
      await addBalance(suite.db, { userId: user.id, walletId }, SCAM, 10n ** 24n, null, true);
      const first = new Date('2024-01-02T10:00:00Z');
      const last = new Date('2024-03-04T12:00:00Z');
      await addTransactions(suite.db, [
        { userId: user.id, walletId, amount: 10n ** 18n, at: last },
        { userId: user.id, walletId, amount: 10n ** 18n, at: first },
      ]);
      const [doc] = await suite.db.insert(documents).values({ userId: user.id, kind: 'INVOICE', name: 'Invoice 7' }).returning();
      if (doc === undefined) throw new Error('no document');
      await suite.db.insert(documentWallets).values({ documentId: doc.id, walletId });

      const [wallet] = await list(client);
      expect(wallet).toMatchObject({
        name: 'Main',
        total_balance: '3250',
        fiat_currency: 'USD',
        sync_error: 'Etherscan is not answering; retrying later.',
        first_transaction_at: first.toISOString(),
        last_activity: last.toISOString(),
        wallet_documents: [{ id: doc.id, name: 'Invoice 7' }],
      });
      expect(wallet?.tokens.map((t) => [t.token.symbol, t.amount, t.value_fiat])).toEqual([
        ['ETH', '1.5', '3000'],
        ['USDC', '250', '250'],
      ]);
      expect(wallet?.tokens[0]?.token).toEqual({
        id: 'ETHEREUM:native',
        symbol: 'ETH',
        name: 'Ether',
        image_url: null,
        address: null,
        decimals: 18,
        network: 'ETHEREUM',
      });

      // In euro through the stored FX rate of the day.
      await addFxRate(suite.db, dayOf(suite.clock.now()), 'EUR', '0.9');
      expect((await client.patch(userEndpoints.updateUser.path, { fiat_currency: 'EUR' })).status).toBe(200);
      const [inEuro] = await list(client);
      expect(inEuro).toMatchObject({ fiat_currency: 'EUR', total_balance: '2925' });
      expect(inEuro?.tokens.map((t) => t.value_fiat)).toEqual(['2700', '225']);
    });

    it('orders by name or creation date either way, and refuses other orderings', async () => {
      const { client } = await userWithWallets();
      const names = async (ordering: string) => (await list(client, `?ordering=${ordering}`)).map((w) => w.name);
      expect(await names('-name')).toEqual(['savings', 'Polygon 100%_fun', 'Cold storage']);
      expect(await names('created_at')).toEqual(['savings', 'Polygon 100%_fun', 'Cold storage']);
      expect(await names('-created_at')).toEqual(['Cold storage', 'Polygon 100%_fun', 'savings']);
      const bad = await client.get(`${walletEndpoints.listWallets.path}?ordering=balance`);
      expect(bad.status).toBe(400);
      expect(await bad.json()).toEqual({ ordering: ['Choose one of: name, -name, created_at, -created_at.'] });
    });

    it('searches names and addresses, case-insensitively and literally', async () => {
      const { client } = await userWithWallets();
      const names = async (search: string) => (await list(client, `?search=${encodeURIComponent(search)}`)).map((w) => w.name);
      expect(await names('COLD')).toEqual(['Cold storage']);
      expect(await names('bc1qar0')).toEqual(['Cold storage']);
      expect(await names('0x8ba1')).toEqual(['Polygon 100%_fun', 'savings']);
      expect(await names('100%_')).toEqual(['Polygon 100%_fun']);
      expect(await names('%')).toEqual(['Polygon 100%_fun']);
      expect(await names('nothing-like-this')).toEqual([]);
    });

    it('needs a session', async () => {
      expect((await suite.client().get(walletEndpoints.listWallets.path)).status).toBe(401);
    });
  });

  describe('POST', () => {
    it('adds a wallet with its address normalised, and has_wallet follows', async () => {
      const { client } = await fullUser();
      expect((await json<User>(await client.get(userEndpoints.getUser.path))).has_wallet).toBe(false);
      const response = await client.post(walletCreateEndpoints.createWallet.path, { name: '  Trading ', address: EVM.toLowerCase(), network: 'ETHEREUM' });
      expect(response.status).toBe(201);
      const wallet = await json<WalletOut>(response);
      expect(wallet).toMatchObject({ name: 'Trading', address: EVM, network: 'ETHEREUM', is_active: true, tokens: [] });
      expect(Object.keys(wallet).sort()).toEqual(DETAIL_KEYS);
      expect(await json<User>(await client.get(userEndpoints.getUser.path))).toMatchObject({ has_wallet: true, wallets_number: 1 });

      const bitcoin = await client.post(walletCreateEndpoints.createWallet.path, { name: 'Cold', address: BTC.toUpperCase(), network: 'BITCOIN' });
      expect(bitcoin.status).toBe(201);
      expect((await json<WalletOut>(bitcoin)).address).toBe(BTC);
    });

    it('queues the new wallet\'s first sync', async () => {
      const { client } = await fullUser();
      const queue = recordingQueue();
      const detach = suite.jobs.attach(queue);
      try {
        const wallet = await json<WalletOut>(await client.post(walletCreateEndpoints.createWallet.path, { name: 'A', address: EVM, network: 'ETHEREUM' }));
        expect(queue.sent).toEqual([
          { name: WALLET_SYNC_JOB, data: { walletId: wallet.id }, options: expect.objectContaining({ singletonKey: wallet.id }) },
        ]);
        const [cursor] = await suite.db.select().from(syncCursors).where(eq(syncCursors.walletId, wallet.id));
        expect(cursor).toMatchObject({ kind: 'account', nextRunAt: suite.clock.now() });
        // A refused wallet queues nothing.
        await client.post(walletCreateEndpoints.createWallet.path, { name: 'A', address: EVM, network: 'ETHEREUM' });
        expect(queue.sent).toHaveLength(1);
      } finally {
        detach();
      }
    });

    it('checks the form as documented: required fields, "Network is required", the address per network', async () => {
      const { client, user } = await fullUser();
      const errors = async (body: unknown) => {
        const response = await client.post(walletCreateEndpoints.createWallet.path, body);
        expect(response.status).toBe(400);
        return response.json();
      };
      expect(await errors({})).toEqual({
        name: [MESSAGES.required],
        address: [MESSAGES.required],
        network: [MESSAGES.networkRequired],
      });
      expect(await errors({ name: 'A', address: EVM })).toEqual({ network: [MESSAGES.networkRequired] });
      expect(await errors({ name: 'A', address: EVM, network: '' })).toEqual({ network: [MESSAGES.networkRequired] });
      expect(await errors({ name: 'A', address: EVM, network: null })).toEqual({ network: [MESSAGES.networkRequired] });
      expect(await errors({ name: ' ', address: EVM, network: 'ETHEREUM' })).toEqual({ name: [MESSAGES.required] });
      expect(await errors({ name: 'A', address: EVM, network: 'DOGE' })).toEqual({
        network: ['Choose one of: ETHEREUM, BITCOIN, POLYGON, FANTOM, BINANCE_SMART_CHAIN, RONIN, AVALANCHE.'],
      });
      expect(await errors({ name: 'A', address: BTC, network: 'ETHEREUM' })).toEqual({ address: [MESSAGES.invalidAddress] });
      expect(await errors({ name: 'A', address: EVM, network: 'BITCOIN' })).toEqual({ address: [MESSAGES.invalidAddress] });
      // A wrong EIP-55 checksum is not an address.
      expect(await errors({ name: 'A', address: EVM.replace('b', 'B'), network: 'ETHEREUM' })).toEqual({
        address: [MESSAGES.invalidAddress],
      });
      expect(await errors({ name: 'A', address: EVM, network: 'ETHEREUM', is_active: false })).toEqual({
        is_active: ['Unknown field.'],
      });
      expect(await errors({ name: 12, address: EVM, network: 'ETHEREUM' })).toEqual({ name: ['Not a valid string.'] });
      expect(await errors({ name: 'x'.repeat(101), address: EVM, network: 'ETHEREUM' })).toEqual({
        name: ['Ensure this field has no more than 100 characters.'],
      });
      expect(await suite.db.select().from(wallets).where(eq(wallets.userId, user.id))).toHaveLength(0);
    });

    it('refuses the same address twice on one network, clearly; another network is another wallet', async () => {
      const { client } = await fullUser();
      expect((await client.post(walletCreateEndpoints.createWallet.path, { name: 'A', address: EVM, network: 'ETHEREUM' })).status).toBe(201);
      const again = await client.post(walletCreateEndpoints.createWallet.path, { name: 'B', address: EVM.toLowerCase(), network: 'ETHEREUM' });
      expect(again.status).toBe(400);
      expect(await again.json()).toEqual({ address: ['This address is already one of your wallets on Ethereum.'] });
      expect((await client.post(walletCreateEndpoints.createWallet.path, { name: 'C', address: EVM, network: 'POLYGON' })).status).toBe(201);
      // Another user may track the same address.
      const other = await fullUser();
      expect((await other.client.post(walletCreateEndpoints.createWallet.path, { name: 'D', address: EVM, network: 'ETHEREUM' })).status).toBe(201);
    });

    it('enforces the plan limit, counting exchange accounts too', async () => {
      const { client, user } = await fullUser('STARTER');
      expect((await client.post(walletCreateEndpoints.createWallet.path, { name: 'A', address: EVM, network: 'ETHEREUM' })).status).toBe(201);
      const over = await client.post(walletCreateEndpoints.createWallet.path, { name: 'B', address: BTC, network: 'BITCOIN' });
      expect(over.status).toBe(400);
      expect(await over.json()).toEqual({ non_field_errors: [MESSAGES.walletLimit(1)] });

      await setPlan(user.id, 'PLUS');
      await suite.db.insert(centralisedExchanges).values(
        Array.from({ length: 8 }, () => ({ userId: user.id, exchange: 'BINANCE' as const, apiKeySealed: 'x', secretKeySealed: 'x' })),
      );
      expect((await client.post(walletCreateEndpoints.createWallet.path, { name: 'B', address: BTC, network: 'BITCOIN' })).status).toBe(201);
      const full = await client.post(walletCreateEndpoints.createWallet.path, { name: 'C', address: EVM, network: 'POLYGON' });
      expect(await full.json()).toEqual({ non_field_errors: [MESSAGES.walletLimit(10)] });
    });

    it('50 parallel creates at one below the limit: exactly one succeeds, 49 get the limit error', async () => {
      const { client, user } = await fullUser('PLUS');
      await suite.db.insert(wallets).values(
        Array.from({ length: 9 }, () => ({ userId: user.id, name: 'W', address: newAccount().address, network: 'ETHEREUM' as const })),
      );
      const responses = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          client.clone().post(walletCreateEndpoints.createWallet.path, { name: `Race ${String(i)}`, address: newAccount().address, network: 'POLYGON' }),
        ),
      );
      const statuses = responses.map((response) => response.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      expect(statuses.filter((status) => status === 400)).toHaveLength(49);
      for (const response of responses.filter((r) => r.status === 400)) {
        expect(await response.json()).toEqual({ non_field_errors: [MESSAGES.walletLimit(10)] });
      }
      expect(await suite.db.select().from(wallets).where(eq(wallets.userId, user.id))).toHaveLength(10);
    });
  });

  describe('PATCH', () => {
    it('renames and toggles is_active of the own wallet only; address and network never change', async () => {
      const { client } = await userWithWallets();
      const other = await userWithWallets();
      const [mine] = await list(client);
      const [theirs] = await list(other.client);
      if (mine === undefined || theirs === undefined) throw new Error('missing wallets');

      const renamed = await client.patch(pathOf(walletEndpoints.updateWallet.path, { id: mine.id }), { name: ' Deep freeze ' });
      expect(renamed.status).toBe(200);
      expect(await json<WalletOut>(renamed)).toMatchObject({ id: mine.id, name: 'Deep freeze', is_active: true });
      const off = await client.patch(pathOf(walletEndpoints.updateWallet.path, { id: mine.id }), { is_active: false });
      expect(await json<WalletOut>(off)).toMatchObject({ id: mine.id, name: 'Deep freeze', is_active: false });
      const both = await client.patch(pathOf(walletEndpoints.updateWallet.path, { id: mine.id }), { name: 'Cold', is_active: true });
      expect(await json<WalletOut>(both)).toMatchObject({ name: 'Cold', is_active: true });

      const refused = async (body: unknown, expected: unknown) => {
        const response = await client.patch(pathOf(walletEndpoints.updateWallet.path, { id: mine.id }), body);
        expect(response.status).toBe(400);
        expect(await response.json()).toEqual(expected);
      };
      await refused({ address: EVM }, {
        address: ['The address of a wallet cannot be changed. Add a new wallet instead.'],
        is_active: [MESSAGES.required],
      });
      await refused({ name: 'X', network: 'POLYGON' }, {
        network: ['The network of a wallet cannot be changed. Add a new wallet instead.'],
      });
      await refused({}, { is_active: [MESSAGES.required] });
      await refused({ name: '' }, { name: [MESSAGES.required] });
      await refused({ is_active: 'no' }, { is_active: ['Must be true or false.'] });
      const [row] = await suite.db.select().from(wallets).where(eq(wallets.id, mine.id));
      expect(row).toMatchObject({ name: 'Cold', address: BTC, network: 'BITCOIN' });

      const foreign = await client.patch(pathOf(walletEndpoints.updateWallet.path, { id: theirs.id }), { is_active: false });
      expect(foreign.status).toBe(404);
      expect(await foreign.json()).toEqual({ detail: 'Not found.' });
      expect((await list(other.client)).find((w) => w.id === theirs.id)?.is_active).toBe(true);
      for (const id of ['not-a-uuid', '00000000-0000-0000-0000-000000000000', "1' or '1'='1"]) {
        expect((await client.patch(pathOf(walletEndpoints.updateWallet.path, { id: id }), { is_active: true })).status).toBe(404);
      }
    });
  });

  describe('DELETE', () => {
    it("removes the wallet with its documents, transactions and balances, and nothing of anyone else's", async () => {
      const { client, user } = await fullUser();
      const keep = await addWallet(suite.db, user.id, { name: 'Keep' });
      const gone = await addWallet(suite.db, user.id, { name: 'Gone' });
      await addTransactions(suite.db, [
        { userId: user.id, walletId: gone, amount: 1n, at: new Date('2024-01-01T00:00:00Z') },
        { userId: user.id, walletId: keep, amount: 1n, at: new Date('2024-01-01T00:00:00Z') },
      ]);
      await addBalance(suite.db, { userId: user.id, walletId: gone }, ETH, 1n, '1');
      const docs = await suite.db
        .insert(documents)
        .values([
          { userId: user.id, kind: 'INVOICE', name: 'Linked' },
          { userId: user.id, kind: 'TRANSACTION_REPORT', name: 'Other wallet' },
          { userId: user.id, kind: 'TRANSACTION_REPORT', name: 'All wallets' },
        ])
        .returning();
      const [linked, otherWallet, unlinked] = docs;
      if (linked === undefined || otherWallet === undefined || unlinked === undefined) throw new Error('no documents');
      await suite.db.insert(documentWallets).values([
        { documentId: linked.id, walletId: gone },
        { documentId: otherWallet.id, walletId: keep },
      ]);
      const detail = (await list(client)).find((w) => w.id === gone);
      expect(detail?.wallet_documents).toEqual([{ id: linked.id, name: 'Linked' }]);

      const stranger = await fullUser();
      expect((await stranger.client.delete(pathOf(walletEndpoints.deleteWallet.path, { id: gone }))).status).toBe(404);

      const response = await client.delete(pathOf(walletEndpoints.deleteWallet.path, { id: gone }));
      expect(response.status).toBe(204);
      expect((await list(client)).map((w) => w.name)).toEqual(['Keep']);
      const left = await suite.db.select().from(documents).where(eq(documents.userId, user.id));
      expect(left.map((d) => d.name).sort()).toEqual(['All wallets', 'Other wallet']);
      expect(await suite.db.select().from(transactions).where(eq(transactions.walletId, gone))).toHaveLength(0);
      expect(await suite.db.select().from(transactions).where(eq(transactions.walletId, keep))).toHaveLength(1);
      expect((await client.delete(pathOf(walletEndpoints.deleteWallet.path, { id: gone }))).status).toBe(404);
    });

    it('has_wallet becomes false with no wallets and no exchanges, true while either exists', async () => {
      const { client, user } = await fullUser();
      const created = await json<WalletOut>(await client.post(walletCreateEndpoints.createWallet.path, { name: 'A', address: EVM, network: 'ETHEREUM' }));
      await suite.db.insert(centralisedExchanges).values({ userId: user.id, exchange: 'BINANCE', apiKeySealed: 'x', secretKeySealed: 'x' });
      expect((await client.delete(pathOf(walletEndpoints.deleteWallet.path, { id: created.id }))).status).toBe(204);
      expect((await json<User>(await client.get(userEndpoints.getUser.path))).has_wallet).toBe(true);
      await suite.db.delete(centralisedExchanges).where(eq(centralisedExchanges.userId, user.id));
      expect(await json<User>(await client.get(userEndpoints.getUser.path))).toMatchObject({ has_wallet: false, wallets_number: 0 });
    });
  });

  it('guests read their wallets but every change is 403', async () => {
    for (const signIn of [signInWithAddress, signInWithDemo]) {
      const client = suite.client();
      await signIn(client);
      const [wallet] = await list(client);
      if (wallet === undefined) throw new Error('The guest has no wallet');
      const attempts = [
        client.post(walletCreateEndpoints.createWallet.path, { name: 'A', address: EVM, network: 'ETHEREUM' }),
        client.post(walletCreateEndpoints.createWallet.path, {}),
        client.patch(pathOf(walletEndpoints.updateWallet.path, { id: wallet.id }), { name: 'Mine now' }),
        client.patch(pathOf(walletEndpoints.updateWallet.path, { id: wallet.id }), { is_active: false }),
        client.delete(pathOf(walletEndpoints.deleteWallet.path, { id: wallet.id })),
      ];
      for (const response of await Promise.all(attempts)) {
        expect(response.status).toBe(403);
        expect(await response.json()).toEqual({ detail: MESSAGES.forbidden });
      }
      expect((await list(client)).find((w) => w.id === wallet.id)).toMatchObject({ name: wallet.name, is_active: true });
    }
  });
});
