import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { labelEndpoints } from '../../src/shared/contract/labels';
import { pathOf } from '../../src/shared/contract/endpoint';
import type { TransactionLabelOut } from '../../src/shared/contract/labels';
import type { LabelOut } from '../../src/shared/contract/primitives';
import { labels, paymentLabels, transactionLabels, transactions, wallets } from '../../src/server/db/schema';
import { ApiError } from '../../src/server/http/api-error';
import { paymentLabelsForHashes } from '../../src/server/labels/payment-labels';
import { labelsForTransactions, setTransactionLabels } from '../../src/server/labels/transaction-labels';
import { availableDrivers } from './helpers/drivers';
import { transactionRow } from './helpers/rows';
import { setupSuite } from './helpers/suite';
import { json, type TestClient } from './helpers/test-client';
import { signInWithAddress, signInWithWallet } from './helpers/sign-in';

const FORBIDDEN = { detail: 'This feature is available only for logged in users' };
const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;

describe.each(availableDrivers())('labels on %s', (kind) => {
  const suite = setupSuite(kind);

  async function signedIn(): Promise<{ client: TestClient; userId: string }> {
    const client = suite.client();
    const user = await signInWithWallet(client);
    return { client, userId: user.id };
  }

  async function create(client: TestClient, name: string, color = 'RED'): Promise<LabelOut> {
    const response = await client.post(labelEndpoints.createLabel.path, { name, color });
    expect(response.status, JSON.stringify(await response.clone().json())).toBe(201);
    return json<LabelOut>(response);
  }

  const list = async (client: TestClient, query = ''): Promise<LabelOut[]> =>
    json<LabelOut[]>(await client.get(`${labelEndpoints.listLabels.path}${query}`));

  /** A wallet with `count` transactions of the user. */
  async function transactionsOf(userId: string, count: number): Promise<string[]> {
    const [wallet] = await suite.db
      .insert(wallets)
      .values({ userId, name: 'Main', address: '0x8ba1f109551bD432803012645Ac136ddd64DBA72', network: 'ETHEREUM' })
      .returning();
    if (wallet === undefined) throw new Error('no wallet');
    const rows = await suite.db
      .insert(transactions)
      .values(
        Array.from({ length: count }, (_, i) => ({
          ...transactionRow(userId, wallet.id, new Date(Date.UTC(2024, 0, 1 + i))),
          txHash: hash(i + 1),
        })),
      )
      .returning({ id: transactions.id });
    return rows.map((row) => row.id);
  }

  it('creates labels and lists the user\'s own in name order, ignoring case', async () => {
    const { client } = await signedIn();
    const other = await signedIn();
    await create(other.client, 'Not mine');
    const rent = await create(client, ' rent ', 'GREEN');
    expect(rent).toEqual({ id: expect.any(String) as string, name: 'rent', color: 'GREEN' });
    const art = await create(client, 'Art', 'PURPLE');
    const zoo = await create(client, 'Zoo', 'YELLOW');
    const bills = await create(client, 'bills 100%', 'ORANGE');
    expect(await list(client)).toEqual([art, bills, rent, zoo]);
    expect(await list(client, '?search=R')).toEqual([art, rent]);
    expect(await list(client, '?search=%25')).toEqual([bills]);
  });

  it('needs a name and one of the 7 colours; names are unique per user, ignoring case', async () => {
    const { client, userId } = await signedIn();
    const missing = await client.post(labelEndpoints.createLabel.path, {});
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ name: ['This field is required'], color: ['This field is required'] });
    const wrong = await client.post(labelEndpoints.createLabel.path, { name: '  ', color: 'TEAL', extra: 1 });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({
      name: ['This field is required'],
      color: ['Choose one of: RED, ORANGE, YELLOW, GREEN, BLUE, PINK, PURPLE.'],
      extra: ['Unknown field.'],
    });

    await create(client, 'Salary');
    const duplicate = await client.post(labelEndpoints.createLabel.path, { name: 'SALARY', color: 'BLUE' });
    expect(duplicate.status).toBe(400);
    expect(await duplicate.json()).toEqual({ name: ['A label with this name already exists.'] });
    expect(await suite.db.select().from(labels).where(eq(labels.userId, userId))).toHaveLength(1);

    const other = await signedIn();
    await create(other.client, 'Salary');
  });

  it('PATCH renames and recolours; DELETE removes; another user\'s label is 404', async () => {
    const { client } = await signedIn();
    const label = await create(client, 'Travel', 'BLUE');
    const taken = await create(client, 'Food', 'RED');

    const recoloured = await client.patch(pathOf(labelEndpoints.updateLabel.path, { id: label.id }), { color: 'PINK' });
    expect(recoloured.status).toBe(200);
    expect(await recoloured.json()).toEqual({ ...label, color: 'PINK' });
    const renamed = await client.patch(pathOf(labelEndpoints.updateLabel.path, { id: label.id }), { name: 'Trips' });
    expect(await renamed.json()).toEqual({ id: label.id, name: 'Trips', color: 'PINK' });
    const sameNameOtherCase = await client.patch(pathOf(labelEndpoints.updateLabel.path, { id: label.id }), { name: 'TRIPS' });
    expect(sameNameOtherCase.status).toBe(200);
    const clash = await client.patch(pathOf(labelEndpoints.updateLabel.path, { id: label.id }), { name: 'food' });
    expect(clash.status).toBe(400);
    expect(await clash.json()).toEqual({ name: ['A label with this name already exists.'] });
    const badColour = await client.patch(pathOf(labelEndpoints.updateLabel.path, { id: label.id }), { color: 'BLACK' });
    expect(badColour.status).toBe(400);
    expect((await client.patch(pathOf(labelEndpoints.updateLabel.path, { id: label.id }), {})).status).toBe(200);

    const other = await signedIn();
    for (const id of [label.id, 'nope', '00000000-0000-0000-0000-000000000000']) {
      expect((await other.client.patch(pathOf(labelEndpoints.updateLabel.path, { id: id }), { name: 'Mine' })).status).toBe(404);
      expect((await other.client.delete(pathOf(labelEndpoints.deleteLabel.path, { id: id }))).status).toBe(404);
    }

    expect((await client.delete(pathOf(labelEndpoints.deleteLabel.path, { id: taken.id }))).status).toBe(204);
    expect((await client.delete(pathOf(labelEndpoints.deleteLabel.path, { id: taken.id }))).status).toBe(404);
    expect(await list(client)).toEqual([{ id: label.id, name: 'TRIPS', color: 'PINK' }]);
  });

  it('an Idempotency-Key replay answers with the first label, even in parallel', async () => {
    const { client, userId } = await signedIn();
    const first = await client.post(labelEndpoints.createLabel.path, { name: 'Offline', color: 'GREEN' }, { headers: { 'Idempotency-Key': 'k-1' } });
    expect(first.status).toBe(201);
    const made = await json<LabelOut>(first);
    // The replay would clash on the name if it created again; it answers with the first label instead.
    const replay = await client.post(labelEndpoints.createLabel.path, { name: 'Offline', color: 'GREEN' }, { headers: { 'Idempotency-Key': 'k-1' } });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await replay.json()).toEqual(made);

    const parallel = await Promise.all(
      Array.from({ length: 8 }, () =>
        client.post(labelEndpoints.createLabel.path, { name: 'Parallel', color: 'BLUE' }, { headers: { 'Idempotency-Key': 'k-2' } }),
      ),
    );
    expect(parallel.map((r) => r.status)).toEqual(Array(8).fill(201));
    expect(new Set(await Promise.all(parallel.map(async (r) => (await json<LabelOut>(r)).id))).size).toBe(1);

    // Without a key, or with a new key, the name rule applies.
    const again = await client.post(labelEndpoints.createLabel.path, { name: 'Offline', color: 'GREEN' }, { headers: { 'Idempotency-Key': 'k-3' } });
    expect(again.status).toBe(400);
    expect(await suite.db.select().from(labels).where(eq(labels.userId, userId))).toHaveLength(2);
    const bad = await client.post(labelEndpoints.createLabel.path, { name: 'x', color: 'RED' }, { headers: { 'Idempotency-Key': 'two words' } });
    expect(bad.status).toBe(400);
  });

  it('setTransactionLabels replaces a transaction\'s labels; labelsForTransactions reads them', async () => {
    const { client, userId } = await signedIn();
    const [first = '', second = '', third = ''] = await transactionsOf(userId, 3);
    const b = await create(client, 'b', 'BLUE');
    const a = await create(client, 'A', 'RED');
    const c = await create(client, 'C', 'GREEN');

    expect(await setTransactionLabels(suite.db, userId, first, [c.id, a.id, a.id.toUpperCase()])).toEqual([a, c]);
    expect(await setTransactionLabels(suite.db, userId, first, [b.id, c.id])).toEqual([b, c]);
    expect(await setTransactionLabels(suite.db, userId, second, [a.id])).toEqual([a]);
    const read = await labelsForTransactions(suite.db, [first, second, third]);
    expect(Object.fromEntries(read)).toEqual({ [first]: [b, c], [second]: [a], [third]: [] });
    expect(await labelsForTransactions(suite.db, [])).toEqual(new Map());

    expect(await setTransactionLabels(suite.db, userId, second, [])).toEqual([]);
    expect((await labelsForTransactions(suite.db, [second])).get(second)).toEqual([]);

    // Deleting a label unlinks it; deleting a transaction removes its links.
    expect((await client.delete(pathOf(labelEndpoints.deleteLabel.path, { id: c.id }))).status).toBe(204);
    expect((await labelsForTransactions(suite.db, [first])).get(first)).toEqual([b]);
    await suite.db.delete(transactions).where(eq(transactions.id, first));
    expect(await suite.db.select().from(transactionLabels).where(eq(transactionLabels.transactionId, first))).toEqual([]);
  });

  it('setTransactionLabels refuses another user\'s transaction (404) or label (400)', async () => {
    const { client, userId } = await signedIn();
    const other = await signedIn();
    const [mine = ''] = await transactionsOf(userId, 1);
    const [theirs = ''] = await transactionsOf(other.userId, 1);
    const myLabel = await create(client, 'Mine');
    const theirLabel = await create(other.client, 'Theirs');

    const failure = async (promise: Promise<unknown>): Promise<ApiError> => {
      const error = await promise.then(
        () => undefined,
        (e: unknown) => e,
      );
      if (!(error instanceof ApiError)) throw new Error(`Expected an ApiError, got ${String(error)}`);
      return error;
    };
    const notTheirs = await failure(setTransactionLabels(suite.db, userId, theirs, [myLabel.id]));
    expect([notTheirs.status, notTheirs.body]).toEqual([404, { detail: 'Not found.' }]);
    const foreignLabel = await failure(setTransactionLabels(suite.db, userId, mine, [myLabel.id, theirLabel.id]));
    expect([foreignLabel.status, foreignLabel.body]).toEqual([400, { labels: [`Label "${theirLabel.id}" does not exist.`] }]);
    expect((await labelsForTransactions(suite.db, [mine])).get(mine)).toEqual([]);
  });

  it('POST transaction_labels stores one payment label per hash and user', async () => {
    const { client, userId } = await signedIn();
    // A label naming an invoice is its payer's: an unknown invoice is refused (payments.test.ts covers the rest).
    const unknown = await client.post(labelEndpoints.createTransactionLabel.path, { name: 'Invoice #12', tx_hash: hash(99), invoice: '7d1f3c2a-5b6e-4f80-9a1b-2c3d4e5f6a7b' });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({ invoice: ['Not a valid invoice id.'] });
    const created = await client.post(labelEndpoints.createTransactionLabel.path, { name: 'Invoice #12', tx_hash: hash(99).toUpperCase().replace('0X', '0x') });
    expect(created.status).toBe(201);
    const label = await json<TransactionLabelOut>(created);
    expect(label).toEqual({
      id: expect.any(String) as string,
      name: 'Invoice #12',
      tx_hash: hash(99),
      invoice: null,
      created_at: suite.clock.now().toISOString(),
    });

    const again = await client.post(labelEndpoints.createTransactionLabel.path, { name: 'Invoice #12 (paid)', tx_hash: hash(99) });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ ...label, name: 'Invoice #12 (paid)', invoice: null });
    expect(await suite.db.select().from(paymentLabels).where(eq(paymentLabels.userId, userId))).toHaveLength(1);

    const btc = await client.post(labelEndpoints.createTransactionLabel.path, { name: 'BTC payment', tx_hash: 'ab'.repeat(32), invoice: null });
    expect(btc.status).toBe(201);

    const other = await signedIn();
    expect((await other.client.post(labelEndpoints.createTransactionLabel.path, { name: 'Theirs', tx_hash: hash(99) })).status).toBe(201);

    const found = await paymentLabelsForHashes(suite.db, userId, [hash(99).toUpperCase(), 'AB'.repeat(32), hash(5)]);
    expect(Object.fromEntries(found)).toEqual({
      [hash(99)]: { name: 'Invoice #12 (paid)', invoice: null },
      ['ab'.repeat(32)]: { name: 'BTC payment', invoice: null },
    });

    const bad = await client.post(labelEndpoints.createTransactionLabel.path, { tx_hash: '0x12', invoice: 'INV-1' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      name: ['This field is required'],
      tx_hash: ['Enter a valid transaction hash.'],
      invoice: ['Not a valid invoice id.'],
    });
  });

  it('guests read but cannot change labels; no session is 401', async () => {
    const owner = await signedIn();
    const label = await create(owner.client, 'Owned');
    const guest = suite.client();
    await signInWithAddress(guest);
    expect(await list(guest)).toEqual([]);
    const attempts: [string, string, unknown][] = [
      ['POST', labelEndpoints.listLabels.path, { name: 'Guest', color: 'RED' }],
      ['POST', labelEndpoints.listLabels.path, { name: '' }],
      ['PATCH', pathOf(labelEndpoints.updateLabel.path, { id: label.id }), { name: 'Guest' }],
      ['DELETE', pathOf(labelEndpoints.updateLabel.path, { id: label.id }), undefined],
      ['POST', labelEndpoints.createTransactionLabel.path, { name: 'Pay', tx_hash: hash(1) }],
    ];
    for (const [method, path, body] of attempts) {
      const response = await guest.request(method, path, body === undefined ? {} : { json: body });
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(await response.json()).toEqual(FORBIDDEN);
    }
    expect(await list(owner.client)).toEqual([label]);
    expect((await suite.client().get(labelEndpoints.listLabels.path)).status).toBe(401);
  });
});
