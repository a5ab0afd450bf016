import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { planEndpoints } from '../../src/shared/contract/plans';
import { userEndpoints } from '../../src/shared/contract/users';
import type { User } from '../../src/shared/api-types';
import type { PlanLimit } from '../../src/shared/contract/plans';
import { pathOf } from '../../src/shared/contract/endpoint';
import { transactionEndpoints } from '../../src/shared/contract/transactions';
import type { TransactionOut, TransactionPage } from '../../src/shared/contract/transactions';
import { MESSAGES } from '../../src/shared/messages';
import {
  centralisedExchanges,
  contactAddresses,
  contacts,
  labels,
  paymentLabels,
  subscriptions,
  transactionLabels,
  users,
  wallets,
} from '../../src/server/db/schema';
import { availableDrivers } from './helpers/drivers';
import { setupSuite } from './helpers/suite';
import { json, type TestClient } from './helpers/test-client';
import { signInWithAddress, signInWithWallet } from './helpers/sign-in';
import { addFxRate, addTransactions, addWallet, BINANCE_BTC, ETH, randomAddress, USDC, type TxSeed } from './data-seed';
import { DEEP_OFFSET, refreshTransactionMonthCounts } from '../../src/server/transactions/transaction-month-counts';

const E18 = 10n ** 18n;
const ALICE = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const dayAt = (i: number, hour = 10) => new Date(Date.UTC(2024, 0, 1 + i, hour));

interface Scenario {
  client: TestClient;
  user: User;
  main: string;
  old: string;
  cex: string;
  /** Ids of wallet A's rows by position i (0 = oldest). */
  rows: string[];
  hashes: string[];
  visible: number;
  labelA: string;
  labelB: string;
}

describe.each(availableDrivers())('transactions on %s', (kind) => {
  const suite = setupSuite(kind);
  let s: Scenario;

  const page = async (client: TestClient, query = ''): Promise<TransactionPage> => {
    const response = await client.get(`${transactionEndpoints.listTransactions.path}${query}`);
    expect(response.status, query).toBe(200);
    return json<TransactionPage>(response);
  };
  const ids = async (query: string, client: TestClient = s.client) => (await page(client, query)).results.map((t) => t.id);

  /**
   * Wallet A (active, "Main wallet"): 25 rows, one a day from 2024-01-01, ETH on even days (incoming), USDC on odd
   * days (outgoing, with gas); row 3 comes from Alice (a contact); row 10 has no price; two spam rows. Wallet B
   * (inactive): 3 rows. An exchange account: 2 rows. Another user: 5 rows.
   */
  beforeAll(async () => {
    const client = suite.client();
    const user = await signInWithWallet(client);
    await suite.db.update(users).set({ timezone: 'UTC' }).where(eq(users.id, user.id));
    const main = await addWallet(suite.db, user.id, { name: 'Main wallet' });
    const old = await addWallet(suite.db, user.id, { name: 'Old wallet', isActive: false });
    const [cex] = await suite.db
      .insert(centralisedExchanges)
      .values({ userId: user.id, exchange: 'BINANCE', apiKeySealed: 'x', secretKeySealed: 'x' })
      .returning();
    if (cex === undefined) throw new Error('no exchange');
    const hashes = Array.from({ length: 25 }, (_, i) => `0x${(i + 1).toString(16).padStart(4, '0')}${'ab'.repeat(30)}`);
    const seeds: TxSeed[] = hashes.map((hash, i) => ({
      userId: user.id,
      walletId: main,
      hash,
      at: dayAt(i),
      token: i % 2 === 0 ? ETH : USDC,
      amount: i % 2 === 0 ? BigInt(i + 1) * E18 : BigInt(i + 1) * 1_000_000n,
      direction: i % 2 === 0 ? 'INCOMING' : 'OUTGOING',
      priceUsd: i === 10 ? null : i % 2 === 0 ? '100' : '1',
      from: i === 3 ? ALICE.toLowerCase() : randomAddress(),
      extra: i % 2 === 1 ? { gas: '21000', gasPrice: '20000000000', fee: '420000000000000' } : {},
    }));
    const rows = await addTransactions(suite.db, seeds);
    await addTransactions(suite.db, [
      { userId: user.id, walletId: main, at: dayAt(30), amount: 1n, isSpam: true },
      { userId: user.id, walletId: main, at: dayAt(31), amount: 1n, isSpam: true },
      ...[0, 1, 2].map((i) => ({ userId: user.id, walletId: old, at: dayAt(40 + i), amount: 1n })),
      { userId: user.id, cexId: cex.id, token: BINANCE_BTC, at: dayAt(4, 12), amount: 10_000_000n, priceUsd: '40000' },
      { userId: user.id, cexId: cex.id, token: BINANCE_BTC, at: dayAt(19, 12), amount: 5_000_000n, priceUsd: '40000', direction: 'OUTGOING' },
    ]);
    const [contact] = await suite.db
      .insert(contacts)
      .values({ userId: user.id, firstName: 'Alice', lastName: 'Doe', email: 'a@example.com', addressLine1: 'x', country: 'x', city: 'x', postalCode: 'x' })
      .returning();
    if (contact === undefined) throw new Error('no contact');
    await suite.db.insert(contactAddresses).values({ contactId: contact.id, userId: user.id, network: 'ETHEREUM', address: ALICE, position: 0 });
    const [labelA, labelB] = await suite.db
      .insert(labels)
      .values([
        { userId: user.id, name: 'Payroll', color: 'BLUE' },
        { userId: user.id, name: 'Fees', color: 'RED' },
      ])
      .returning();
    if (labelA === undefined || labelB === undefined) throw new Error('no labels');
    await suite.db.insert(transactionLabels).values([
      { transactionId: rows[5] ?? '', labelId: labelA.id },
      { transactionId: rows[7] ?? '', labelId: labelA.id },
      { transactionId: rows[7] ?? '', labelId: labelB.id },
    ]);
    await suite.db.insert(paymentLabels).values({ userId: user.id, name: 'Invoice 12 paid', txHash: hashes[9] ?? '' });

    const other = await signInWithWallet(suite.client());
    const theirWallet = await addWallet(suite.db, other.id, { name: 'Main wallet' });
    await addTransactions(suite.db, [0, 1, 2, 3, 4].map((i) => ({ userId: other.id, walletId: theirWallet, at: dayAt(i, 11), amount: 1n, hash: hashes[0], logIndex: i })));
    s = { client, user, main, old, cex: cex.id, rows, hashes, visible: 27, labelA: labelA.id, labelB: labelB.id };
  });

  it('pages the newest first, 10 by default, without spam or inactive wallets, with next and a count', async () => {
    const first = await page(s.client);
    expect(first.results).toHaveLength(10);
    expect(first.count).toBe(s.visible);
    expect(first.count_capped).toBe(false);
    expect(typeof first.user_tx_sync).toBe('boolean');
    expect(first.next).toBe('http://localhost:8001/api/transactions?offset=10');
    expect(first.results[0]?.id).toBe(s.rows[24]);

    const seen: string[] = [];
    let query: string | null = '?limit=7';
    while (query !== null) {
      const current: TransactionPage = await page(s.client, query);
      seen.push(...current.results.map((t) => t.id));
      query = current.next === null ? null : current.next.replace('http://localhost:8001/api/transactions', '');
    }
    expect(seen).toHaveLength(s.visible);
    expect(new Set(seen).size).toBe(s.visible);
    const times = (await page(s.client, '?limit=100')).results.map((t) => t.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await page(s.client, '?limit=100&show_spam=true')).results).toHaveLength(s.visible + 2);
    expect((await page(s.client, '?offset=27')).results).toEqual([]);
    expect((await page(s.client, '?offset=20')).next).toBeNull();
  });

  it('shows every field of a transaction, with the contact, labels, payment label and fiat value', async () => {
    const results = (await page(s.client, '?limit=100&ordering=created_at')).results;
    const outgoing = results.find((t) => t.id === s.rows[3]) as TransactionOut;
    expect(outgoing).toMatchObject({
      direction: 'OUTGOING',
      token: { symbol: 'USDC', decimals: 6, network: 'ETHEREUM', address: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48' },
      amount: '4',
      value_fiat: '4',
      fiat_currency: 'USD',
      gas: '21000',
      gas_price: '20',
      fee: '0.00042',
      kind: 'TRANSFER',
      network: 'ETHEREUM',
      tx_hash: s.hashes[3],
      wallet: { id: s.main, name: 'Main wallet' },
      cex: null,
      labels: [],
      transc_label: null,
      is_spam: false,
      swapped_amount: null,
      swapped_token: null,
    });
    // Outgoing: the counterparty is the recipient, no contact there.
    expect(outgoing.fromTo).toEqual({ label: 'To', address: outgoing.to_address, name: null });

    const incoming = results.find((t) => t.id === s.rows[4]) as TransactionOut;
    expect(incoming).toMatchObject({ direction: 'INCOMING', amount: '5', value_fiat: '500', gas: null, gas_price: null, fee: null });
    expect(incoming.fromTo).toEqual({ label: 'From', address: incoming.from_address, name: null });
    expect(Object.keys(incoming).sort()).toEqual(
      [
        'id', 'created_at', 'amount', 'value_fiat', 'fiat_currency', 'direction', 'from_address', 'to_address', 'fromTo',
        'contact', 'token', 'network', 'tx_hash', 'kind', 'gas', 'gas_price', 'fee', 'wallet', 'cex', 'labels',
        'transc_label', 'nft_id', 'nft_image_url', 'nft_url', 'swapped_amount', 'swapped_token', 'axie_breed_axs_cost',
        'axie_breed_slp_cost', 'is_spam',
      ].sort(),
    );
    expect(results.find((t) => t.id === s.rows[10])?.value_fiat).toBeNull();
    expect(results.find((t) => t.id === s.rows[7])?.labels.map((l) => l.name)).toEqual(['Fees', 'Payroll']);
    expect(results.find((t) => t.id === s.rows[9])?.transc_label).toEqual({ name: 'Invoice 12 paid', invoice: null });
    const exchangeRow = results.find((t) => t.cex !== null) as TransactionOut;
    expect(exchangeRow).toMatchObject({ cex: { id: s.cex, exchange: 'BINANCE' }, wallet: null, network: null, amount: '0.1', value_fiat: '4000' });
  });

  it('names the counterparty from the contacts', async () => {
    const client = suite.client();
    const user = await signInWithWallet(client);
    const wallet = await addWallet(suite.db, user.id);
    await addTransactions(suite.db, [{ userId: user.id, walletId: wallet, at: dayAt(1), amount: E18, from: ALICE.toLowerCase() }]);
    const [contact] = await suite.db
      .insert(contacts)
      .values({ userId: user.id, firstName: 'Alice', lastName: 'Doe', email: 'a@example.com', addressLine1: 'x', country: 'x', city: 'x', postalCode: 'x' })
      .returning();
    await suite.db.insert(contactAddresses).values({ contactId: contact?.id ?? '', userId: user.id, network: 'ETHEREUM', address: ALICE, position: 0 });
    const [row] = (await page(client)).results;
    expect(row?.fromTo).toEqual({ label: 'From', address: ALICE.toLowerCase(), name: 'Alice Doe' });
    expect(row?.contact).toEqual({ id: contact?.id, name: 'Alice Doe' });
    expect((await page(client, '?search=alice')).results).toHaveLength(1);
  });

  it('orders by date or by fiat value (unpriced counts as zero) either way', async () => {
    const asc = await ids('?ordering=created_at&limit=100');
    expect(asc[0]).toBe(s.rows[0]);
    expect(asc).toEqual([...(await ids('?ordering=-created_at&limit=100'))].reverse());
    const byValue = (await page(s.client, '?ordering=-amount&limit=100')).results.map((t) => Number(t.value_fiat ?? '0'));
    expect(byValue).toEqual([...byValue].sort((a, b) => b - a));
    expect(byValue[0]).toBe(4000);
    const ascending = (await page(s.client, '?ordering=amount&limit=3')).results;
    expect(ascending[0]?.value_fiat).toBeNull();
  });

  it('filters by date (whole days, both ends included), tokens and labels', async () => {
    const between = await page(s.client, '?created_at_after=2024-01-03&created_at_before=2024-01-05&limit=100');
    expect(between.results.map((t) => t.id)).toEqual([expect.any(String), s.rows[4], s.rows[3], s.rows[2]]);
    expect(between.results[0]?.cex?.id).toBe(s.cex);
    expect((await page(s.client, '?created_at_after=2024-01-25&limit=100')).results.map((t) => t.id)).toEqual([s.rows[24]]);
    expect((await page(s.client, '?created_at_before=2024-01-01&limit=100')).results.map((t) => t.id)).toEqual([s.rows[0]]);

    const usdc = await page(s.client, '?token__in=usdc&limit=100');
    expect(usdc.results).toHaveLength(12);
    expect(usdc.results.every((t) => t.token.symbol === 'USDC')).toBe(true);
    expect((await page(s.client, '?token__in=USDC,BTC&limit=100')).results).toHaveLength(14);
    expect((await page(s.client, '?token__in=USDC&token__in=ETH&limit=100')).results).toHaveLength(25);
    expect((await page(s.client, '?token__in=ethereum:NATIVE&limit=100')).results).toHaveLength(13);
    expect(await page(s.client, '?token__in=DOGE')).toMatchObject({ results: [], count: 0, next: null });

    expect(await ids(`?labels=${s.labelA}`)).toEqual([s.rows[7], s.rows[5]]);
    expect(await ids(`?labels=${s.labelB}&labels=${s.labelA}`)).toEqual([s.rows[7], s.rows[5]]);
    expect(await ids(`?labels=${s.labelB}`)).toEqual([s.rows[7]]);
    // Another user's label filters nothing in.
    const stranger = suite.client();
    await signInWithWallet(stranger);
    expect(await ids(`?labels=${s.labelA}`, stranger)).toEqual([]);
    expect(await ids(`?wallet=${s.main}&limit=100`)).toHaveLength(25);
  });

  it("reads date filters as the user's calendar days", async () => {
    const client = suite.client();
    const user = await signInWithWallet(client);
    expect(user.timezone).toBe('CET');
    const wallet = await addWallet(suite.db, user.id);
    // 23:30 UTC on 1 January is 00:30 on 2 January in Central European Time.
    await addTransactions(suite.db, [{ userId: user.id, walletId: wallet, at: new Date('2024-01-01T23:30:00Z'), amount: 1n }]);
    expect((await page(client, '?created_at_after=2024-01-02')).results).toHaveLength(1);
    expect((await page(client, '?created_at_before=2024-01-01')).results).toHaveLength(0);
    expect((await page(client, '?created_at_after=2024-01-02&created_at_before=2024-01-02')).results).toHaveLength(1);
  });

  it('searches hashes and addresses by prefix, token symbols, wallet and contact names', async () => {
    const hash = s.hashes[12] ?? '';
    expect(await ids(`?search=${hash}`)).toEqual([s.rows[12]]);
    expect(await ids(`?search=${hash.toUpperCase().replace('0X', '0x')}`)).toEqual([s.rows[12]]);
    expect(await ids(`?search=${hash.slice(0, 8)}`)).toEqual([s.rows[12]]);
    const all = (await page(s.client, '?limit=100')).results;
    const target = all.find((t) => t.id === s.rows[6]) as TransactionOut;
    expect(await ids(`?search=${target.from_address.slice(0, 12)}`)).toEqual([s.rows[6]]);
    expect(await ids(`?search=${target.to_address}`)).toEqual([s.rows[6]]);
    expect((await page(s.client, '?search=usd&limit=100')).results).toHaveLength(12);
    expect((await page(s.client, '?search=main%20WALLET&limit=100')).results).toHaveLength(25);
    expect((await page(s.client, '?search=Old%20wallet&limit=100')).results).toHaveLength(0);
    expect((await page(s.client, '?search=Doe&limit=100')).results.map((t) => t.id)).toEqual([s.rows[3]]);
    expect((await page(s.client, '?search=nothing-here')).results).toEqual([]);
    // Search combines with the other filters.
    expect(await ids(`?search=usd&created_at_before=2024-01-02`)).toEqual([s.rows[1]]);
  });

  it('refuses bad query values with field errors, never a 500', async () => {
    const cases: [string, string][] = [
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=ten', 'limit'],
      ['limit=1&limit=2', 'limit'],
      ['offset=-1', 'offset'],
      ['ordering=value', 'ordering'],
      ['created_at_after=2024-13-01', 'created_at_after'],
      ['created_at_before=01.02.2024', 'created_at_before'],
      ['created_at_after=2024-02-02&created_at_before=2024-02-01', 'created_at_before'],
      ['labels=not-a-label', 'labels.0'],
      [`search=${'x'.repeat(201)}`, 'search'],
      ['show_spam=maybe', 'show_spam'],
      ['wallet=1', 'wallet'],
    ];
    for (const [query, field] of cases) {
      const response = await s.client.get(`${transactionEndpoints.listTransactions.path}?${query}`);
      expect(response.status, query).toBe(400);
      expect(Object.keys(await json<Record<string, string[]>>(response)), query).toEqual([field]);
    }
    const order = await s.client.get(`${transactionEndpoints.listTransactions.path}?created_at_after=2024-02-02&created_at_before=2024-02-01`);
    expect(await order.json()).toEqual({ created_at_before: ['This date should be after "From" Date'] });
    const format = await s.client.get(`${transactionEndpoints.listTransactions.path}?created_at_after=2024-2-1`);
    expect(await format.json()).toEqual({ created_at_after: ['date should be in yyyy-mm-dd format'] });
    expect((await suite.client().get(transactionEndpoints.listTransactions.path)).status).toBe(401);
  });

  it("only the user's own rows: other users see theirs, never these", async () => {
    const other = suite.client();
    await signInWithWallet(other);
    expect((await page(other)).results).toEqual([]);
    const guest = suite.client();
    await signInWithAddress(guest);
    expect(await page(guest)).toMatchObject({ results: [], count: 0, next: null });
  });

  it('PATCH transactions/{id} sets labels and the spam flag of own rows only', async () => {
    const id = s.rows[2] ?? '';
    const response = await s.client.patch(pathOf(transactionEndpoints.updateTransaction.path, { id: id }), { labels: [s.labelB, s.labelA] });
    expect(response.status).toBe(200);
    const updated = await json<TransactionOut>(response);
    expect(updated.id).toBe(id);
    expect(updated.labels.map((l) => l.name)).toEqual(['Fees', 'Payroll']);
    expect(await ids(`?labels=${s.labelB}`)).toEqual([s.rows[7], id]);
    expect((await json<TransactionOut>(await s.client.patch(pathOf(transactionEndpoints.updateTransaction.path, { id: id }), { labels: [] }))).labels).toEqual([]);

    const spam = await json<TransactionOut>(await s.client.patch(pathOf(transactionEndpoints.updateTransaction.path, { id: id }), { is_spam: true }));
    expect(spam.is_spam).toBe(true);
    expect((await page(s.client)).count).toBe(s.visible - 1);
    await s.client.patch(pathOf(transactionEndpoints.updateTransaction.path, { id: id }), { is_spam: false });
    expect((await page(s.client)).count).toBe(s.visible);

    const refused = async (body: unknown, status: number) => {
      const r = await s.client.patch(pathOf(transactionEndpoints.updateTransaction.path, { id: id }), body);
      expect(r.status, JSON.stringify(body)).toBe(status);
      return r.json();
    };
    expect(await refused({}, 400)).toEqual({ labels: [MESSAGES.required] });
    expect(await refused({ labels: 'x' }, 400)).toEqual({ labels: ['Expected a list of label ids.'] });
    expect(await refused({ labels: ['nope'] }, 400)).toEqual({ 'labels.0': ['Not a valid label id.'] });
    expect(await refused({ amount: '1' }, 400)).toMatchObject({ amount: ['Unknown field.'] });
    expect(await refused({ is_spam: 'yes' }, 400)).toEqual({ is_spam: ['Must be true or false.'] });

    const stranger = suite.client();
    const strangerUser = await signInWithWallet(stranger);
    const [theirLabel] = await suite.db.insert(labels).values({ userId: strangerUser.id, name: 'Mine', color: 'RED' }).returning();
    expect((await s.client.patch(pathOf(transactionEndpoints.updateTransaction.path, { id: id }), { labels: [theirLabel?.id] })).status).toBe(400);
    expect((await stranger.patch(pathOf(transactionEndpoints.updateTransaction.path, { id: id }), { labels: [] })).status).toBe(404);
    expect((await stranger.patch(pathOf(transactionEndpoints.updateTransaction.path, { id: id }), { is_spam: true })).status).toBe(404);
    expect((await s.client.patch(pathOf(transactionEndpoints.updateTransaction.path, { id: 'not-an-id' }), { is_spam: true })).status).toBe(404);
    expect((await page(s.client)).count).toBe(s.visible);

    const guest = suite.client();
    await signInWithAddress(guest);
    const forbidden = await guest.patch(pathOf(transactionEndpoints.updateTransaction.path, { id: id }), { is_spam: true });
    expect(forbidden.status).toBe(403);
  });

  it('shows values in the user fiat at the rate of the transaction day', async () => {
    const client = suite.client();
    const user = await signInWithWallet(client);
    const wallet = await addWallet(suite.db, user.id);
    await addTransactions(suite.db, [{ userId: user.id, walletId: wallet, at: dayAt(0), amount: E18, priceUsd: '1000' }]);
    await addFxRate(suite.db, '2024-01-01', 'JPY', '141.5');
    await addFxRate(suite.db, new Date().toISOString().slice(0, 10), 'JPY', '150');
    await client.patch(userEndpoints.updateUser.path, { fiat_currency: 'JPY' });
    const [row] = (await page(client)).results;
    expect(row).toMatchObject({ fiat_currency: 'JPY', value_fiat: '141500' });
  });

  it('gives no fiat value for a past day whose rate is not stored yet, never one at another day\'s rate', async () => {
    const client = suite.client();
    const user = await signInWithWallet(client);
    const wallet = await addWallet(suite.db, user.id);
    const now = suite.clock.now();
    const today = now.toISOString().slice(0, 10);
    await addTransactions(suite.db, [
      { userId: user.id, walletId: wallet, at: dayAt(0), amount: E18, priceUsd: '1000' },
      { userId: user.id, walletId: wallet, at: dayAt(40), amount: E18, priceUsd: '1000' },
      { userId: user.id, walletId: wallet, at: new Date(now.getTime() - 60_000), amount: E18, priceUsd: '1000' },
    ]);
    await addFxRate(suite.db, '2024-01-01', 'JPY', '141.5');
    await addFxRate(suite.db, today, 'JPY', '150');
    await client.patch(userEndpoints.updateUser.path, { fiat_currency: 'JPY' });
    const values = (await page(client)).results.map((t) => [t.created_at.slice(0, 10), t.value_fiat]);
    expect(values).toEqual([
      [today, '150000'],
      ['2024-02-10', null],
      ['2024-01-01', '141500'],
    ]);
  });

  it('counts up to 1,000 matching rows and says when it stopped', async () => {
    const client = suite.client();
    const user = await signInWithWallet(client);
    const wallet = await addWallet(suite.db, user.id);
    await suite.db.execute(sql`
      insert into transactions (user_id, wallet_id, network, tx_hash, log_index, created_at, direction, amount,
                                token_id, token_symbol, token_name, token_decimals)
      select ${user.id}, ${wallet}, 'ETHEREUM', 'h' || g, -1, timestamptz '2023-01-01' + g * interval '1 minute',
             'INCOMING', g, 'ETHEREUM:native', 'ETH', 'Ether', 18
        from generate_series(1, 1005) g`);
    const first = await page(client);
    expect(first).toMatchObject({ count: 1000, count_capped: true });
    expect(first.results[0]?.tx_hash).toBe('h1005');
    const deep = await page(client, '?offset=1000');
    expect(deep.results.map((t) => t.tx_hash)).toEqual(['h5', 'h4', 'h3', 'h2', 'h1']);
    expect(deep).toMatchObject({ count: 1005, next: null });
    expect(await page(client, '?created_at_after=2023-01-01')).toMatchObject({ count: 1000, count_capped: true });
    expect(await page(client, '?search=h100')).toMatchObject({ count: 7, count_capped: false });
    // Search counts each of its alternatives apart (token names, hashes, addresses, wallets) and their union.
    expect(await page(client, '?search=ether')).toMatchObject({ count: 1000, count_capped: true });
    expect(await page(client, '?search=Wallet')).toMatchObject({ count: 1000, count_capped: true });
  });

  it('reads deep offsets through the month counts, which follow every insert, update and delete', async () => {
    const client = suite.client();
    const user = await signInWithWallet(client);
    const a = await addWallet(suite.db, user.id, { name: 'A' });
    const b = await addWallet(suite.db, user.id, { name: 'B' });
    const off = await addWallet(suite.db, user.id, { name: 'Off', isActive: false });
    const [cex] = await suite.db
      .insert(centralisedExchanges)
      .values({ userId: user.id, exchange: 'BINANCE', apiKeySealed: 'x', secretKeySealed: 'x' })
      .returning();
    if (cex === undefined) throw new Error('no exchange');
    // 4,000 rows over five months: pairs sharing one instant (the id breaks the tie), rows at the very start of
    // a month, three wallets (one inactive), an exchange account and spam.
    const insertRows = (first: number, last: number) =>
      suite.db.execute(sql`
        insert into transactions (user_id, wallet_id, cex_id, network, tx_hash, log_index, external_id, created_at,
                                  direction, amount, token_id, token_symbol, token_name, token_decimals, is_spam)
        select ${user.id},
               case when g % 17 = 0 then null when g % 3 = 0 then ${a}::uuid when g % 3 = 1 then ${b}::uuid else ${off}::uuid end,
               case when g % 17 = 0 then ${cex.id}::uuid end,
               case when g % 17 = 0 then null else 'ETHEREUM' end,
               'd' || g, -1, case when g % 17 = 0 then 'trade:' || g end,
               case when g % 50 = 0 then date_trunc('month', timestamptz '2024-01-01 00:00Z' + ((g * 7919) % 150) * interval '1 day')
                    else timestamptz '2024-01-01 00:00Z' + ((g / 2) * 7919 % (150 * 1440)) * interval '1 minute' end,
               'INCOMING', g, 'ETHEREUM:native', 'ETH', 'Ether', 18, g % 11 = 0
          from generate_series(${first}::int, ${last}::int) g`);
    await insertRows(1, 4000);

    const expected = async (query: { ordering: string; showSpam: boolean; wallet?: string }, offset: number) => {
      const rows = await suite.db.execute(sql`
        select id from transactions
         where user_id = ${user.id}
           ${query.showSpam ? sql`` : sql`and not is_spam`}
           ${query.wallet === undefined ? sql`` : sql`and wallet_id = ${query.wallet}`}
           and (wallet_id is null or wallet_id <> ${off})
         order by ${query.ordering === 'created_at' ? sql`created_at asc, id asc` : sql`created_at desc, id desc`}
         limit 11 offset ${offset}`);
      const found = ((rows as unknown as { rows: { id: string }[] }).rows ?? []).map((row) => row.id);
      return { ids: found.slice(0, 10), more: found.length > 10 };
    };
    const matches = async (queries: { ordering: string; showSpam: boolean; wallet?: string }[]) => {
      for (const query of queries) {
        const total = (await expected(query, 0)).ids.length === 0 ? 0 : Number(
          ((await suite.db.execute(sql`
            select count(*)::int as n from transactions where user_id = ${user.id}
              ${query.showSpam ? sql`` : sql`and not is_spam`}
              ${query.wallet === undefined ? sql`` : sql`and wallet_id = ${query.wallet}`}
              and (wallet_id is null or wallet_id <> ${off})`)) as unknown as { rows: { n: number }[] }).rows[0]?.n,
        );
        expect(total, JSON.stringify(query)).toBeGreaterThan(DEEP_OFFSET);
        for (const offset of [DEEP_OFFSET, DEEP_OFFSET + 1, DEEP_OFFSET + 237, total - 11, total - 10, total - 1, total, total + 5]) {
          const params = `?ordering=${query.ordering}&show_spam=${String(query.showSpam)}&offset=${String(offset)}${query.wallet === undefined ? '' : `&wallet=${query.wallet}`}`;
          const got = await page(client, params);
          const want = await expected(query, offset);
          expect(got.results.map((t) => t.id), params).toEqual(want.ids);
          expect(got.next !== null, params).toBe(want.more);
        }
      }
    };
    const queries = [
      { ordering: '-created_at', showSpam: false },
      { ordering: 'created_at', showSpam: false },
      { ordering: '-created_at', showSpam: true },
      { ordering: 'created_at', showSpam: true },
    ];
    await matches(queries);

    const countsOf = async () =>
      (
        (await suite.db.execute(sql`
          select month::text, is_spam, wallet_id, cex_id, count from transaction_month_counts where user_id = ${user.id}
           order by 1, 2, 3, 4`)) as unknown as { rows: unknown[] }
      ).rows;
    const fromTriggers = await countsOf();
    await refreshTransactionMonthCounts(suite.db, [user.id]);
    expect(await countsOf()).toEqual(fromTriggers);

    // Spam flags, moved dates, a deleted wallet (its rows go by cascade), deleted and added rows.
    const some = await suite.db.execute(sql`select id from transactions where user_id = ${user.id} and not is_spam order by tx_hash limit 40`);
    for (const row of ((some as unknown as { rows: { id: string }[] }).rows ?? []).slice(0, 3)) {
      expect((await client.patch(pathOf(transactionEndpoints.updateTransaction.path, { id: row.id }), { is_spam: true })).status).toBe(200);
    }
    await suite.db.execute(sql`update transactions set created_at = created_at - interval '45 days' where user_id = ${user.id} and amount % 7 = 0`);
    await suite.db.execute(sql`update transactions set is_spam = not is_spam where user_id = ${user.id} and amount % 13 = 0`);
    await suite.db.execute(sql`delete from transactions where user_id = ${user.id} and amount % 29 = 0`);
    await insertRows(4001, 5000);
    await suite.db.delete(wallets).where(eq(wallets.id, b));
    await matches([...queries, { ordering: '-created_at', showSpam: false, wallet: a }]);
    const afterChanges = await countsOf();
    await refreshTransactionMonthCounts(suite.db, [user.id]);
    expect(await countsOf()).toEqual(afterChanges);
  }, 120_000);

  it('transactions/limit reports a wallet cut short by the plan limit', async () => {
    const client = suite.client();
    const user = await signInWithWallet(client);
    const limit = async () => json<PlanLimit>(await client.get(planEndpoints.transactionsLimit.path));
    expect(await limit()).toEqual({ limit: 1000, count: 0, can_create: true });
    const wallet = await addWallet(suite.db, user.id);
    await addTransactions(suite.db, Array.from({ length: 30 }, (_, i) => ({ userId: user.id, walletId: wallet, at: dayAt(i), amount: 1n })));
    expect(await limit()).toEqual({ limit: 1000, count: 30, can_create: true });
    await suite.db.update(wallets).set({ txLimitReached: true }).where(eq(wallets.id, wallet));
    expect(await limit()).toEqual({ limit: 1000, count: 30, can_create: false });
    await suite.db.update(subscriptions).set({ planCode: 'ENTERPRISE' }).where(eq(subscriptions.userId, user.id));
    expect(await limit()).toEqual({ limit: null, count: 30, can_create: true });
  });
});
