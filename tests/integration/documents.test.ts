import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { walletEndpoints } from '../../src/shared/contract/wallets';
import { pathOf } from '../../src/shared/contract/endpoint';
import { documentEndpoints } from '../../src/shared/contract/documents';
import type { DocumentOut, DocumentPage } from '../../src/shared/contract/documents';
import type { FiatCurrency, InvoiceState } from '../../src/shared/enums';
import type { Database } from '../../src/server/db/database';
import {
  centralisedExchanges,
  contactLabels,
  contacts,
  documents,
  invoiceItems,
  invoices,
  labels,
  transactions,
  wallets,
} from '../../src/server/db/schema';
import { availableDrivers } from './helpers/drivers';
import { createClock } from './helpers/clock';
import { exchangeRow, transactionRow } from './helpers/rows';
import { setupSuite } from './helpers/suite';
import { json, type TestClient } from './helpers/test-client';
import { newAccount, signInWithAddress, signInWithDemo, signInWithWallet } from './helpers/sign-in';

/** Noon UTC, so the "today" of every test is the same day whatever the time of the run. */
const NOW = new Date('2025-03-10T12:00:00Z');
const FORBIDDEN = { detail: 'This feature is available only for logged in users' };
const NOT_FOUND = { detail: 'Not found.' };
const NO_ROW = '6f1c1f5e-8a53-4c3e-9d0e-3b8f0b7a2c11';
const DATE_INVALID = 'Date is invalid or is not in the date range';

describe.each(availableDrivers())('documents on %s', (kind) => {
  const suite = setupSuite(kind, { clock: createClock(NOW) });

  async function signedIn(): Promise<{ client: TestClient; userId: string }> {
    const client = suite.client();
    const user = await signInWithWallet(client);
    return { client, userId: user.id };
  }

  async function addWallet(userId: string, name = 'Wallet'): Promise<string> {
    const [row] = await suite.db
      .insert(wallets)
      .values({ userId, name, address: newAccount().address, network: 'ETHEREUM' })
      .returning({ id: wallets.id });
    if (row === undefined) throw new Error('No wallet.');
    return row.id;
  }

  async function addExchange(userId: string): Promise<string> {
    const [row] = await suite.db.insert(centralisedExchanges).values(exchangeRow(userId)).returning({ id: centralisedExchanges.id });
    if (row === undefined) throw new Error('No exchange account.');
    return row.id;
  }

  async function addTransaction(userId: string, at: string, isSpam = false): Promise<void> {
    await suite.db.insert(transactions).values({ ...transactionRow(userId, null, new Date(at)), isSpam });
  }

  interface InvoiceSeed {
    name: string;
    state: InvoiceState;
    total: string;
    currency: FiatCurrency;
    createdAt: string;
    contactId?: string;
  }

  /** An INVOICE document with its invoice and one item, written straight to the database. */
  async function addInvoice(db: Database, userId: string, seed: InvoiceSeed): Promise<string> {
    const createdAt = new Date(seed.createdAt);
    const [document] = await db
      .insert(documents)
      .values({ userId, kind: 'INVOICE', name: seed.name, state: seed.state, createdAt, updatedAt: createdAt })
      .returning();
    if (document === undefined) throw new Error('No document.');
    const [invoice] = await db
      .insert(invoices)
      .values({
        documentId: document.id,
        userId,
        fiatCurrency: seed.currency,
        contactId: seed.contactId ?? null,
        totalAmount: seed.total,
        totalBaseAmount: seed.total,
        createdAt,
        updatedAt: createdAt,
      })
      .returning();
    if (invoice === undefined) throw new Error('No invoice.');
    await db.insert(invoiceItems).values({
      invoiceId: invoice.id,
      position: 0,
      name: 'Work',
      quantity: '1',
      unitPrice: seed.total,
      totalAmount: seed.total,
    });
    return document.id;
  }

  async function addContact(userId: string, labelIds: string[]): Promise<string> {
    const [contact] = await suite.db
      .insert(contacts)
      .values({ userId, firstName: 'Bill', lastName: 'To', email: 'b@example.com', addressLine1: 'x', country: 'x', city: 'x', postalCode: 'x' })
      .returning({ id: contacts.id });
    if (contact === undefined) throw new Error('No contact.');
    if (labelIds.length > 0) await suite.db.insert(contactLabels).values(labelIds.map((labelId) => ({ contactId: contact.id, labelId })));
    return contact.id;
  }

  async function addLabel(userId: string, name: string): Promise<string> {
    const [label] = await suite.db.insert(labels).values({ userId, name, color: 'RED' }).returning({ id: labels.id });
    if (label === undefined) throw new Error('No label.');
    return label.id;
  }

  const report = (extra: Record<string, unknown> = {}) => ({
    name: 'Q1 transactions',
    kind: 'TRANSACTION_REPORT',
    start_date: '2025-03-10',
    end_date: '2025-03-11',
    ...extra,
  });

  async function create(client: TestClient, body: unknown, headers: Record<string, string> = {}): Promise<DocumentOut> {
    const response = await client.post(documentEndpoints.listDocuments.path, body, { headers });
    expect(response.status, JSON.stringify(await response.clone().json())).toBe(201);
    return json<DocumentOut>(response);
  }

  async function refused(response: Response, status = 400): Promise<unknown> {
    expect(response.status).toBe(status);
    return response.json();
  }

  async function page(client: TestClient, query = ''): Promise<DocumentPage> {
    const response = await client.get(`${documentEndpoints.listDocuments.path}${query}`);
    expect(response.status, JSON.stringify(await response.clone().json())).toBe(200);
    return json<DocumentPage>(response);
  }

  const ids = async (client: TestClient, query = ''): Promise<string[]> =>
    (await page(client, query)).results.map((document) => document.id);

  const userDocuments = (userId: string) => suite.db.select().from(documents).where(eq(documents.userId, userId));

  it('creates reports over every wallet, chosen wallets, or exchange accounts only, and lists them', async () => {
    const { client, userId } = await signedIn();
    const first = await addWallet(userId, 'First');
    const second = await addWallet(userId, 'Second');
    const exchange = await addExchange(userId);

    const all = await create(client, report({ name: '  All wallets ' }));
    expect(all).toEqual({
      id: expect.any(String) as string,
      name: 'All wallets',
      kind: 'TRANSACTION_REPORT',
      state: null,
      wallets: null,
      cex: [],
      start_date: '2025-03-10',
      end_date: '2025-03-11',
      created_at: NOW.toISOString(),
      quickbooks_url: null,
      invoice: null,
    });
    const nullWallets = await create(client, report({ name: 'Null', wallets: null, kind: 'HOLDINGS_REPORT' }));
    expect(nullWallets).toMatchObject({ wallets: null, cex: [], kind: 'HOLDINGS_REPORT' });
    const chosen = await create(client, report({ name: 'Chosen', wallets: [second, first.toUpperCase(), second], cex: [exchange] }));
    expect(chosen).toMatchObject({ wallets: [first, second].sort(), cex: [exchange] });
    const exchangeOnly = await create(client, report({ name: 'Exchange', wallets: [], cex: [exchange] }));
    expect(exchangeOnly).toMatchObject({ wallets: [], cex: [exchange] });

    const rows = await userDocuments(userId);
    expect(Object.fromEntries(rows.map((row) => [row.name, row.allWallets]))).toEqual({
      'All wallets': true,
      Null: true,
      Chosen: false,
      Exchange: false,
    });
    const listed = await page(client);
    expect(listed.count).toBe(4);
    expect(listed.next).toBeNull();
    // Same creation time: the id decides, newest ordering descending.
    const created = [all, nullWallets, chosen, exchangeOnly];
    expect(listed.results).toEqual([...created].sort((a, b) => (a.id < b.id ? 1 : -1)));
  });

  it('refuses invoices, empty selections, QuickBooks and accounts that are not the caller\'s, creating nothing', async () => {
    const { client, userId } = await signedIn();
    const mine = await addWallet(userId);
    const stranger = await signedIn();
    const theirWallet = await addWallet(stranger.userId);
    const theirExchange = await addExchange(stranger.userId);

    expect(Object.keys((await refused(await client.post(documentEndpoints.listDocuments.path, report({ kind: 'INVOICE' })))) as object)).toEqual(['kind']);
    expect(await refused(await client.post(documentEndpoints.listDocuments.path, report({ wallets: [], cex: [] })))).toEqual({
      wallets: ['Choose at least one wallet or exchange account.'],
    });
    expect(await refused(await client.post(documentEndpoints.listDocuments.path, report({ wallets: [mine, theirWallet] })))).toEqual({
      wallets: [`Wallet "${theirWallet}" does not exist.`],
    });
    expect(await refused(await client.post(documentEndpoints.listDocuments.path, report({ wallets: [NO_ROW] })))).toEqual({
      wallets: [`Wallet "${NO_ROW}" does not exist.`],
    });
    expect(await refused(await client.post(documentEndpoints.listDocuments.path, report({ cex: [theirExchange] })))).toEqual({
      cex: [`Exchange account "${theirExchange}" does not exist.`],
    });
    // Every field's problem at once.
    expect(
      await refused(await client.post(documentEndpoints.listDocuments.path, report({ wallets: [theirWallet], cex: [NO_ROW], start_date: '2025-01-01' }))),
    ).toEqual({
      wallets: [`Wallet "${theirWallet}" does not exist.`],
      cex: [`Exchange account "${NO_ROW}" does not exist.`],
      start_date: [DATE_INVALID],
    });
    expect(await refused(await client.post(documentEndpoints.listDocuments.path, report({ kind: 'QUICKBOOKS_REPORT', wallets: [mine] })))).toEqual({
      non_field_errors: ['You are not authenticated to Quickbooks!'],
    });
    expect(await refused(await client.post(documentEndpoints.listDocuments.path, report({ end_date: '2025-03-10' })))).toEqual({
      end_date: ['This date should be after "From" Date'],
    });
    expect(await userDocuments(userId)).toEqual([]);
    expect((await page(client)).count).toBe(0);
  });

  it('keeps the range between the first transaction or document and today (one day ahead allowed)', async () => {
    const fresh = await signedIn();
    // Without any activity the range starts today.
    expect(await refused(await fresh.client.post(documentEndpoints.listDocuments.path, report({ start_date: '2025-03-09' })))).toEqual({
      start_date: [DATE_INVALID],
    });
    await create(fresh.client, report({ start_date: '2025-03-10', end_date: '2025-03-11' }));
    expect(await refused(await fresh.client.post(documentEndpoints.listDocuments.path, report({ start_date: '2025-03-10', end_date: '2025-03-12' })))).toEqual({
      end_date: [DATE_INVALID],
    });

    const { client, userId } = await signedIn();
    await addTransaction(userId, '2025-01-05T23:30:00Z');
    await addTransaction(userId, '2024-06-01T00:00:00Z', true); // spam is not the first activity
    expect(await refused(await client.post(documentEndpoints.listDocuments.path, report({ start_date: '2025-01-04', end_date: '2025-03-12' })))).toEqual({
      start_date: [DATE_INVALID],
      end_date: [DATE_INVALID],
    });
    expect(await create(client, report({ start_date: '2025-01-05', end_date: '2025-03-11' }))).toMatchObject({
      start_date: '2025-01-05',
      end_date: '2025-03-11',
    });

    // An earlier document moves the bound back.
    await addInvoice(suite.db, userId, { name: 'Old', state: 'PAID', total: '1', currency: 'USD', createdAt: '2024-12-01T08:00:00Z' });
    await create(client, report({ start_date: '2024-12-01', end_date: '2025-01-01' }));
    expect(await refused(await client.post(documentEndpoints.listDocuments.path, report({ start_date: '2024-11-30' })))).toEqual({
      start_date: [DATE_INVALID],
    });
  });

  it('changes a report\'s name and range; kind and accounts only unchanged; invoices elsewhere', async () => {
    const { client, userId } = await signedIn();
    const first = await addWallet(userId, 'First');
    const second = await addWallet(userId, 'Second');
    const exchange = await addExchange(userId);
    await addTransaction(userId, '2025-01-01T10:00:00Z');
    const chosen = await create(client, report({ wallets: [first, second], cex: [exchange] }));
    const all = await create(client, report({ name: 'All' }));

    suite.clock.advance(60_000);
    try {
      const response = await client.patch(pathOf(documentEndpoints.updateReport.path, { id: chosen.id }), {
        name: ' Renamed ',
        start_date: '2025-01-01',
        kind: 'TRANSACTION_REPORT',
        wallets: [second.toUpperCase(), first],
        cex: [exchange],
      });
      expect(response.status).toBe(200);
      const changed = await json<DocumentOut>(response);
      expect(changed).toEqual({ ...chosen, name: 'Renamed', start_date: '2025-01-01' });
      const [row] = await suite.db.select().from(documents).where(eq(documents.id, chosen.id));
      expect(row?.updatedAt.toISOString()).toBe(suite.clock.now().toISOString());
      expect(row?.createdAt.toISOString()).toBe(NOW.toISOString());

      expect(await refused(await client.patch(pathOf(documentEndpoints.updateReport.path, { id: chosen.id }), { kind: 'HOLDINGS_REPORT', name: 'x' }))).toEqual({
        kind: ['The report type cannot be changed.'],
      });
      expect(await refused(await client.patch(pathOf(documentEndpoints.updateReport.path, { id: chosen.id }), { wallets: [first] }))).toEqual({
        wallets: ['The wallets of a report cannot be changed.'],
      });
      expect(await refused(await client.patch(pathOf(documentEndpoints.updateReport.path, { id: chosen.id }), { wallets: null, cex: [] }))).toEqual({
        wallets: ['The wallets of a report cannot be changed.'],
        cex: ['The wallets of a report cannot be changed.'],
      });
      expect(await refused(await client.patch(pathOf(documentEndpoints.updateReport.path, { id: all.id }), { wallets: [first] }))).toEqual({
        wallets: ['The wallets of a report cannot be changed.'],
      });
      const allSame = await client.patch(pathOf(documentEndpoints.updateReport.path, { id: all.id }), { wallets: null, cex: [], name: 'Everything' });
      expect(await json<DocumentOut>(allSame)).toMatchObject({ name: 'Everything', wallets: null });

      // The range is checked against the stored other end and the bounds.
      expect(await refused(await client.patch(pathOf(documentEndpoints.updateReport.path, { id: chosen.id }), { start_date: '2025-03-11' }))).toEqual({
        start_date: ['This date should be before "To" Date'],
      });
      expect(await refused(await client.patch(pathOf(documentEndpoints.updateReport.path, { id: chosen.id }), { end_date: '2025-01-01' }))).toEqual({
        end_date: ['This date should be after "From" Date'],
      });
      expect(await refused(await client.patch(pathOf(documentEndpoints.updateReport.path, { id: chosen.id }), { start_date: '2024-12-31' }))).toEqual({
        start_date: [DATE_INVALID],
      });
      expect(await refused(await client.patch(pathOf(documentEndpoints.updateReport.path, { id: chosen.id }), { end_date: '2025-03-12' }))).toEqual({
        end_date: [DATE_INVALID],
      });
      const narrowed = await client.patch(pathOf(documentEndpoints.updateReport.path, { id: chosen.id }), { end_date: '2025-03-05' });
      expect(await json<DocumentOut>(narrowed)).toMatchObject({ start_date: '2025-01-01', end_date: '2025-03-05', name: 'Renamed' });

      const invoice = await addInvoice(suite.db, userId, { name: 'Inv', state: 'DRAFT', total: '5', currency: 'USD', createdAt: '2025-03-01T00:00:00Z' });
      expect(await refused(await client.patch(pathOf(documentEndpoints.updateReport.path, { id: invoice }), { name: 'x' }))).toEqual({
        non_field_errors: ['Invoices are edited through invoices/{id}.'],
      });

      const stranger = await signedIn();
      const theirs = await create(stranger.client, report({ name: 'Theirs' }));
      for (const id of [theirs.id, theirs.id.toUpperCase(), NO_ROW, 'not-a-uuid', '1']) {
        expect(await refused(await client.patch(pathOf(documentEndpoints.updateReport.path, { id: id }), { name: 'Hijacked' }), 404)).toEqual(NOT_FOUND);
      }
      expect((await page(stranger.client)).results).toEqual([theirs]);
    } finally {
      suite.clock.set(NOW);
    }
  });

  it('deletes reports and invoices (with their items) of the caller only', async () => {
    const { client, userId } = await signedIn();
    const made = await create(client, report());
    const invoice = await addInvoice(suite.db, userId, { name: 'Inv', state: 'DUE', total: '5', currency: 'USD', createdAt: '2025-03-01T00:00:00Z' });
    const stranger = await signedIn();
    const theirs = await create(stranger.client, report({ name: 'Theirs' }));

    for (const id of [theirs.id, NO_ROW, 'not-a-uuid']) {
      expect(await refused(await client.delete(pathOf(documentEndpoints.updateReport.path, { id: id })), 404)).toEqual(NOT_FOUND);
    }
    expect((await client.delete(pathOf(documentEndpoints.updateReport.path, { id: made.id }))).status).toBe(204);
    expect((await client.delete(pathOf(documentEndpoints.deleteDocument.path, { id: invoice.toUpperCase() }))).status).toBe(204);
    expect(await refused(await client.delete(pathOf(documentEndpoints.updateReport.path, { id: made.id })), 404)).toEqual(NOT_FOUND);
    expect(await userDocuments(userId)).toEqual([]);
    expect(await suite.db.select().from(invoices).where(eq(invoices.userId, userId))).toEqual([]);
    expect((await page(stranger.client)).results).toEqual([theirs]);
  });

  it('lets guests read but not change documents; no session is 401', async () => {
    const owner = await signedIn();
    const target = await create(owner.client, report());
    for (const signIn of [signInWithAddress, signInWithDemo]) {
      const guest = suite.client();
      await signIn(guest);
      expect((await guest.get(documentEndpoints.listDocuments.path)).status).toBe(200);
      const attempts: [string, string, unknown][] = [
        ['POST', documentEndpoints.listDocuments.path, report()],
        ['POST', documentEndpoints.listDocuments.path, { name: 1 }],
        ['PATCH', pathOf(documentEndpoints.updateReport.path, { id: target.id }), { name: 'x' }],
        ['DELETE', pathOf(documentEndpoints.updateReport.path, { id: target.id }), undefined],
      ];
      for (const [method, path, body] of attempts) {
        const response = await guest.request(method, path, body === undefined ? {} : { json: body });
        expect(response.status, `${method} ${path}`).toBe(403);
        expect(await response.json()).toEqual(FORBIDDEN);
      }
    }
    expect((await page(owner.client)).results).toEqual([target]);
    const anonymous = suite.client();
    expect((await anonymous.get(documentEndpoints.listDocuments.path)).status).toBe(401);
    expect((await anonymous.post(documentEndpoints.listDocuments.path, report())).status).toBe(401);
  });

  describe('the list', () => {
    /** One user's invoices and reports: names, states, totals, currencies, contacts and days all differ. */
    async function seeded() {
      const { client, userId } = await signedIn();
      const rent = await addLabel(userId, 'Rent');
      const art = await addLabel(userId, 'Art');
      const acme = await addContact(userId, [rent]);
      const gallery = await addContact(userId, [art]);
      const add = (seed: InvoiceSeed) => addInvoice(suite.db, userId, seed);
      const i1 = await add({ name: 'delta', state: 'DUE', total: '100', currency: 'USD', createdAt: '2025-01-10T09:00:00Z', contactId: acme });
      const i2 = await add({ name: 'Bravo', state: 'PAID', total: '50.5', currency: 'EUR', createdAt: '2025-02-01T23:59:59.999Z', contactId: gallery });
      const i3 = await add({ name: 'alpha', state: 'DRAFT', total: '1000', currency: 'USD', createdAt: '2025-02-02T00:00:00Z' });
      const i4 = await add({ name: 'Echo', state: 'PROCESSING', total: '7', currency: 'EUR', createdAt: '2025-02-15T12:00:00Z', contactId: acme });
      const reportAt = async (name: string, reportKind: string, at: string) => {
        const made = await create(client, report({ name, kind: reportKind, start_date: '2025-01-10', end_date: '2025-02-01' }));
        await suite.db.update(documents).set({ createdAt: new Date(at) }).where(eq(documents.id, made.id));
        return made.id;
      };
      const r1 = await reportAt('charlie', 'TRANSACTION_REPORT', '2025-01-20T00:00:00Z');
      const r2 = await reportAt('Foxtrot', 'HOLDINGS_REPORT', '2025-03-01T00:00:00Z');
      return { client, userId, rent, art, i1, i2, i3, i4, r1, r2 };
    }

    it('filters by states, kinds, created days, currency and bill-to labels', async () => {
      const { client, rent, art, i1, i2, i3, i4, r1, r2 } = await seeded();
      expect(await ids(client)).toEqual([r2, i4, i3, i2, r1, i1]);
      expect(await ids(client, '?state=DUE&state=PAID')).toEqual([i2, i1]);
      expect(await ids(client, '?state=DUE,DRAFT&state=PAID')).toEqual([i3, i2, i1]);
      expect(await ids(client, '?kind=TRANSACTION_REPORT,HOLDINGS_REPORT')).toEqual([r2, r1]);
      expect(await ids(client, '?kind=INVOICE')).toEqual([i4, i3, i2, i1]);
      expect(await ids(client, '?kind=WALLET_REPORT')).toEqual([]);
      expect(await ids(client, '?created_at_after=2025-02-01&created_at_before=2025-02-01')).toEqual([i2]);
      expect(await ids(client, '?created_at_after=2025-02-02')).toEqual([r2, i4, i3]);
      expect(await ids(client, '?created_at_before=2025-01-20')).toEqual([r1, i1]);
      expect(await ids(client, '?currency=EUR')).toEqual([i4, i2]);
      expect(await ids(client, `?labels=${rent}`)).toEqual([i4, i1]);
      expect(await ids(client, `?labels=${rent},${art.toUpperCase()}`)).toEqual([i4, i2, i1]);
      expect(await ids(client, `?labels=${NO_ROW}`)).toEqual([]);
      expect(await ids(client, '?kind=INVOICE&currency=USD&state=DRAFT')).toEqual([i3]);
      const filtered = await page(client, '?currency=USD');
      expect(filtered.count).toBe(2);
      expect(filtered.results.map((document) => document.invoice?.total_amount)).toEqual(['1000', '100']);
    });

    it('orders by creation, invoice total (reports last), name, then a second ordering and the id', async () => {
      const { client, i1, i2, i3, i4, r1, r2 } = await seeded();
      expect(await ids(client, '?ordering=created_at')).toEqual([i1, r1, i2, i3, i4, r2]);
      expect(await ids(client, '?ordering=total_amount&aditional_ordering=created_at')).toEqual([i4, i2, i1, i3, r1, r2]);
      expect(await ids(client, '?ordering=-total_amount&aditional_ordering=-created_at')).toEqual([i3, i1, i2, i4, r2, r1]);
      expect(await ids(client, '?ordering=name')).toEqual([i3, i2, r1, i1, i4, r2]);
      expect(await ids(client, '?ordering=-name')).toEqual([r2, i4, i1, r1, i2, i3]);
      // Reports tie on the total: the second ordering decides, else the id.
      const [low, high] = [r1, r2].sort();
      expect((await ids(client, '?ordering=total_amount')).slice(4)).toEqual([low, high]);
      expect((await ids(client, '?ordering=-total_amount')).slice(4)).toEqual([high, low]);
      expect((await ids(client, '?ordering=-total_amount&aditional_ordering=name')).slice(4)).toEqual([r1, r2]);
    });

    it('pages with a stable order and a next link, also among equal creation times', async () => {
      const { client } = await signedIn();
      const made: string[] = [];
      for (let i = 0; i < 7; i += 1) made.push((await create(client, report({ name: 'Same' }))).id);
      const ascending = [...made].sort();
      expect(await ids(client, '?ordering=created_at&aditional_ordering=name')).toEqual(ascending);
      expect(await ids(client, '?ordering=name')).toEqual(ascending);
      expect(await ids(client)).toEqual([...ascending].reverse());

      const first = await page(client, '?limit=3&ordering=created_at');
      expect(first.count).toBe(7);
      expect(first.next).toBe('http://localhost:8001/api/documents?limit=3&ordering=created_at&offset=3');
      const seen = first.results.map((document) => document.id);
      let next = first.next;
      while (next !== null) {
        const following = await page(client, next.slice('http://localhost:8001/api/documents'.length));
        expect(following.count).toBe(7);
        seen.push(...following.results.map((document) => document.id));
        next = following.next;
      }
      expect(seen).toEqual(ascending);
      expect(await page(client, '?offset=7')).toEqual({ results: [], count: 7, next: null });
      expect(await page(client, '?offset=100')).toEqual({ results: [], count: 7, next: null });
      const defaults = await page(client, '?offset=0');
      expect(defaults.results).toHaveLength(7);
      expect(defaults.next).toBeNull();
    });

    it('pages ten at a time by default', async () => {
      const { client, userId } = await signedIn();
      for (let i = 0; i < 11; i += 1) {
        await addInvoice(suite.db, userId, { name: `Inv ${String(i)}`, state: 'DUE', total: '1', currency: 'USD', createdAt: `2025-02-${String(10 + i)}T00:00:00Z` });
      }
      const first = await page(client, '?state=DUE');
      expect(first.results).toHaveLength(10);
      expect(first.results[0]?.name).toBe('Inv 10');
      expect(first.next).toBe('http://localhost:8001/api/documents?state=DUE&offset=10');
      expect((await page(client, '?state=DUE&offset=10')).results.map((document) => document.name)).toEqual(['Inv 0']);
    });

    it('searches names, and invoice numbers and bill-to companies and names, case-insensitively and literally', async () => {
      const { client, i1, i2, i3, i4, r1, r2 } = await seeded();
      const snapshot = (firstName: string, lastName: string, company: string) => ({
        id: NO_ROW,
        first_name: firstName,
        last_name: lastName,
        company,
        email: 'b@example.com',
        address_line1: 'x',
        address_line2: '',
        country: 'x',
        city: 'x',
        postal_code: 'x',
        tax_number: '',
      });
      const setInvoice = (documentId: string, values: Partial<typeof invoices.$inferInsert>) =>
        suite.db.update(invoices).set(values).where(eq(invoices.documentId, documentId));
      await setInvoice(i1, { number: 'INV-100%', contact: snapshot('Ada', 'Lovelace', 'Acme Ltd') });
      await setInvoice(i2, { number: 'INV_2', contact: snapshot('Grace', 'Hopper', 'Gallery') });
      await setInvoice(i4, { number: 'X-9', contact: null });
      // Another user's document with a matching name is never found.
      const other = await signedIn();
      await addInvoice(suite.db, other.userId, { name: 'Delta other', state: 'DUE', total: '1', currency: 'USD', createdAt: '2025-01-11T00:00:00Z' });

      expect(await ids(client, '?search=DELTA')).toEqual([i1]);
      expect(await ids(client, '?search=a')).toEqual([i3, i2, r1, i1]);
      expect(await ids(client, '?search=inv-')).toEqual([i1]);
      expect(await ids(client, '?search=acme')).toEqual([i1]);
      expect(await ids(client, '?search=hopper')).toEqual([i2]);
      expect(await ids(client, '?search=lOvElAcE%20delta')).toEqual([i1]);
      expect(await ids(client, '?search=grace%20delta')).toEqual([]);
      expect(await ids(client, '?search=%20%20foxtrot%20')).toEqual([r2]);
      // Wildcards and the escape character match only themselves.
      expect(await ids(client, '?search=%25')).toEqual([i1]);
      expect(await ids(client, '?search=_')).toEqual([i2]);
      expect(await ids(client, '?search=%5C')).toEqual([]);
      expect(await ids(client, '?search=x-9&kind=INVOICE')).toEqual([i4]);
      // With the other filters and the count.
      const searched = await page(client, '?search=o&state=DUE&state=PAID&ordering=-total_amount');
      expect(searched.results.map((document) => document.id)).toEqual([i1, i2]);
      expect(searched.count).toBe(2);
      expect(await ids(client, '?search=')).toHaveLength(6);
    });
  });

  it('answers a replayed create with the same document, never a second row', async () => {
    const { client, userId } = await signedIn();
    const first = await client.post(documentEndpoints.listDocuments.path, report(), { headers: { 'Idempotency-Key': 'report-1' } });
    expect(first.status).toBe(201);
    expect(first.headers.get('Idempotent-Replayed')).toBeNull();
    const made = await json<DocumentOut>(first);
    const again = await client.post(documentEndpoints.listDocuments.path, report({ name: 'Other' }), { headers: { 'Idempotency-Key': 'report-1' } });
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await json<DocumentOut>(again)).toEqual(made);
    expect(await userDocuments(userId)).toHaveLength(1);

    const other = await create(client, report(), { 'Idempotency-Key': 'report-2' });
    expect(other.id).not.toBe(made.id);
    const stranger = await signedIn();
    const theirs = await create(stranger.client, report(), { 'Idempotency-Key': 'report-1' });
    expect(theirs.id).not.toBe(made.id);
    expect(await refused(await client.post(documentEndpoints.listDocuments.path, report(), { headers: { 'Idempotency-Key': 'a b' } }))).toEqual({
      non_field_errors: ['Idempotency-Key must be 1 to 255 visible ASCII characters.'],
    });
    expect(await userDocuments(userId)).toHaveLength(2);
  });

  it('deleting a wallet deletes the reports that name it, not all-wallet or other reports', async () => {
    const { client, userId } = await signedIn();
    const first = await addWallet(userId, 'First');
    const second = await addWallet(userId, 'Second');
    const exchange = await addExchange(userId);
    const all = await create(client, report({ name: 'All' }));
    const both = await create(client, report({ name: 'Both', wallets: [first, second] }));
    const onlySecond = await create(client, report({ name: 'Second', wallets: [second] }));
    const exchangeOnly = await create(client, report({ name: 'Exchange', wallets: [], cex: [exchange] }));

    expect((await client.delete(pathOf(walletEndpoints.deleteWallet.path, { id: first }))).status).toBe(204);
    const left = await ids(client, '?ordering=name');
    expect(left).toEqual([all.id, exchangeOnly.id, onlySecond.id]);
    expect(left).not.toContain(both.id);
    expect((await page(client, '?ordering=name')).results[2]?.wallets).toEqual([second]);
  });
});
