import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { API } from '../../src/shared/api-paths';
import { planEndpoints } from '../../src/shared/contract/plans';
import { walletEndpoints } from '../../src/shared/contract/wallets';
import { pathOf } from '../../src/shared/contract/endpoint';
import { invoiceEndpoints } from '../../src/shared/contract/invoices';
import { FTC_MESSAGES } from '../../src/shared/schemas/ftc';
import type { ContactOut } from '../../src/shared/data-types';
import type { DocumentOut } from '../../src/shared/contract/documents';
import type { InvoiceOut } from '../../src/shared/contract/invoices';
import { contacts, documents, documentWallets, ftcProfiles, fxRates, invoiceItems, invoices, subscriptions, users, wallets } from '../../src/server/db/schema';
import type { AppEnv } from '../../src/server/http/app-env';
import { documentViews } from '../../src/server/invoices/invoice-view';
import { startProviderServer, type ProviderServer } from '../fixtures/provider-server';
import { addFxRate, dayOf } from './data-seed';
import { availableDrivers } from './helpers/drivers';
import { contactBody, NO_ROW, ownerDetails, priceEnv, startPriceServer, USDC_ETHEREUM, USDT_POLYGON } from './helpers/invoice-fixtures';
import { setupSuite } from './helpers/suite';
import { json, TestClient } from './helpers/test-client';
import { newAccount, signInWithAddress, signInWithDemo, signInWithWallet } from './helpers/sign-in';

const PRICES_DOWN = { detail: 'Prices are not available right now. Try again later.' };

const owner = ownerDetails;

/** 3 × 19.99999 less 10 %, plus a fixed 2.5 tax; and 1 × 100 with 19 % tax. */
const items = [
  { name: 'Consulting', quantity: '3', unit_price: '19.99999', discount: '10', discount_is_percent: true, tax: '2.5', tax_is_percent: false },
  { name: 'Licence', description: 'Yearly', quantity: '1', unit_price: '100', discount: '0', tax: '19' },
];

describe.each(availableDrivers())('invoices on %s', (kind) => {
  const suite = setupSuite(kind);
  let server: ProviderServer;
  let app: Hono<AppEnv>;

  beforeAll(async () => {
    await suite.db.delete(fxRates);
    await addFxRate(suite.db, dayOf(suite.clock.now()), 'EUR', '0.9');
    server = await startPriceServer();
    app = suite.makeApp({
      env: priceEnv(server),
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  interface Account {
    client: TestClient;
    userId: string;
    contact: string;
    wallet: string;
  }

  async function addWalletRow(userId: string, network: 'POLYGON' | 'ETHEREUM' | 'BITCOIN'): Promise<string> {
    const address = network === 'BITCOIN' ? 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' : newAccount().address;
    const [row] = await suite.db.insert(wallets).values({ userId, name: `${network} wallet`, address, network }).returning();
    if (row === undefined) throw new Error('No wallet row.');
    return row.id;
  }

  async function account(plan: 'STARTER' | 'PLUS' = 'PLUS'): Promise<Account> {
    const client = new TestClient(app);
    const user = await signInWithWallet(client);
    if (plan === 'PLUS') {
      await suite.db
        .insert(subscriptions)
        .values({ userId: user.id, planCode: 'PLUS', startedAt: suite.clock.now() })
        .onConflictDoUpdate({ target: subscriptions.userId, set: { planCode: 'PLUS', endsAt: null, cancelledAt: null } });
    }
    const response = await client.post(API.contacts, contactBody);
    expect(response.status).toBe(201);
    const contact = await json<ContactOut>(response);
    return { client, userId: user.id, contact: contact.id, wallet: await addWalletRow(user.id, 'POLYGON') };
  }

  const dueBody = (a: Account, extra: Record<string, unknown> = {}) => ({
    name: 'Invoice 1',
    state: 'DUE',
    issued_at: '2024-03-01',
    expires_at: '2024-03-31',
    fiat_currency: 'USD',
    message: 'Thanks',
    contact: a.contact,
    owner,
    wallet: a.wallet,
    token: USDT_POLYGON,
    items,
    ...extra,
  });

  async function create(client: TestClient, body: unknown, headers: Record<string, string> = {}): Promise<InvoiceOut> {
    const response = await client.post(invoiceEndpoints.createInvoice.path, body, { headers });
    expect(response.status, JSON.stringify(await response.clone().json())).toBe(201);
    return json<InvoiceOut>(response);
  }

  async function refused(client: TestClient, body: unknown, status = 400): Promise<Record<string, unknown>> {
    const response = await client.post(invoiceEndpoints.createInvoice.path, body);
    expect(response.status, JSON.stringify(await response.clone().json())).toBe(status);
    return json<Record<string, unknown>>(response);
  }

  it('creates a DUE invoice with totals computed on the server, the contact snapshot and the wallet link', async () => {
    const a = await account();
    const invoice = await create(a.client, { ...dueBody(a), total_amount: undefined });
    expect(invoice).toMatchObject({
      name: 'Invoice 1',
      kind: 'DEFAULT',
      state: 'DUE',
      issued_at: '2024-03-01',
      expires_at: '2024-03-31',
      fiat_currency: 'USD',
      contact: { id: a.contact, first_name: 'Ada', postal_code: 'N1 9GU' },
      owner: { ...owner, company: '', iban: '' },
      wallet: { id: a.wallet, network: 'POLYGON' },
      token: { id: USDT_POLYGON, symbol: 'USDT' },
      contract_address: '0xc2132D05D31c914a87C6611C10748AEb04B58e8F',
      is_ftc: false,
      total_base_amount: '153.99997',
      total_tax_amount: '21.50000',
      total_amount: '175.49997',
      total_tax_percentage: '13.96104',
      value_fiat: '175.5',
    });
    expect(invoice.items.map((item) => [item.name, item.total_amount, item.discount_is_percent, item.tax_is_percent])).toEqual([
      ['Consulting', '56.49997', true, false],
      ['Licence', '119.00000', false, true],
    ]);
    const [link] = await suite.db.select().from(documentWallets).where(eq(documentWallets.documentId, invoice.document_id));
    expect(link?.walletId).toBe(a.wallet);
    const [document] = await suite.db.select().from(documents).where(eq(documents.id, invoice.document_id));
    expect(document).toMatchObject({ kind: 'INVOICE', name: 'Invoice 1', state: 'DUE' });
    expect((await a.client.get(pathOf(invoiceEndpoints.getInvoice.path, { id: invoice.id }))).status).toBe(200);
  });

  it('a fiat-to-crypto invoice is in EUR and adds the 1.5 % fee to total_amount', async () => {
    const a = await account();
    // Fiat-to-Crypto needs identity verification (kyc FULL_USER), as the form says; issuing one also needs the bank
    // account (tests/integration/ftc.test.ts runs the whole set-up).
    expect(await refused(a.client, dueBody(a, { is_ftc: true, state: 'DRAFT' }))).toEqual({ is_ftc: [FTC_MESSAGES.kycRequired] });
    await suite.db.update(users).set({ kyc: 'FULL_USER' }).where(eq(users.id, a.userId));
    expect(await refused(a.client, dueBody(a, { is_ftc: true }))).toEqual({ is_ftc: [FTC_MESSAGES.kycRequired] });
    await suite.db
      .insert(ftcProfiles)
      .values({ userId: a.userId, kyc: 'FULL_USER', bankUuid: `bank-${a.userId}`, bankIban: 'DE89370400440532013000', bankBic: 'COBADEFFXXX' });
    const invoice = await create(a.client, dueBody(a, { is_ftc: true, fiat_currency: 'USD' }));
    expect(invoice.ftc).toMatchObject({ bank_iban: 'DE89370400440532013000', kyc: 'FULL_USER' });
    expect(invoice).toMatchObject({ is_ftc: true, fiat_currency: 'EUR', total_base_amount: '153.99997', total_tax_amount: '21.50000', total_amount: '178.13247' });
  });

  it('saves a draft with only a name; a draft may be incomplete but not malformed', async () => {
    const a = await account();
    const draft = await create(a.client, { name: '  Draft  ' });
    expect(draft).toMatchObject({ name: 'Draft', state: 'DRAFT', contact: null, wallet: null, token: null, items: [], total_amount: '0.00000', days_to_expire: null });
    expect(await refused(a.client, {})).toEqual({ name: ['This field is required'] });
    expect(await refused(a.client, { name: 'x', state: 'PAID' })).toEqual({ state: ['Choose one of: DRAFT, DUE.'] });
  });

  it('refuses bad fields with the documented messages', async () => {
    const a = await account();
    const body = dueBody(a);
    const line = (changes: Record<string, unknown>) => ({ ...body, items: [{ ...items[1], ...changes }] });
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [line({ quantity: '0' }), { 'items.0.quantity': ['Must be positive'] }],
      [line({ quantity: '-2' }), { 'items.0.quantity': ['Must be positive'] }],
      [line({ quantity: '1.5' }), { 'items.0.quantity': ['Cannot have decimals'] }],
      [line({ unit_price: '0' }), { 'items.0.unit_price': ['Must be positive'] }],
      [line({ unit_price: '1.123456' }), { 'items.0.unit_price': ['Max 5 decimals allowed'] }],
      [line({ unit_price: 12 }), { 'items.0.unit_price': ['Enter the number as a decimal string.'] }],
      [line({ discount: '-1' }), { 'items.0.discount': ['Cannot be negative'] }],
      [line({ tax: '0.000001' }), { 'items.0.tax': ['Max 5 decimals allowed'] }],
      [line({ discount: '101', discount_is_percent: true }), { 'items.0.discount': ['Cannot be more than 100%.'] }],
      [line({ discount: '100.5' }), { 'items.0.discount': ['Cannot be greater than the item amount.'] }],
      [line({ name: ' ' }), { 'items.0.name': ['This field is required'] }],
      [{ ...body, expires_at: '2024-03-01' }, { expires_at: ['Must be Greater than Invoice Issued.'] }],
      [{ ...body, issued_at: '2024-02-30' }, { issued_at: ['Date is invalid or is not in the date range'] }],
      [{ ...body, owner: { ...owner, email: 'not-an-email' } }, { 'owner.email': ['Enter a valid email address'] }],
      [{ ...body, attachments: [{ name: 'a.txt', data: 'data:text/plain;base64,aGk=' }] }, { 'attachments.0.data': ['Attach an image or a PDF file.'] }],
      [{ ...body, kind: 'LETTER' }, { kind: ['Choose one of: DEFAULT, TAHOTM, ADVISORY.'] }],
    ];
    for (const [sent, expected] of cases) expect(await refused(a.client, sent), JSON.stringify(expected)).toEqual(expected);
  });

  it('a DUE invoice must be complete; a contact missing data, or the owner rules of a template, are named', async () => {
    const a = await account();
    expect(await refused(a.client, { name: 'x', state: 'DUE' })).toEqual({
      issued_at: ['This field is required'],
      expires_at: ['This field is required'],
      contact: ['This field is required'],
      owner: ['This field is required'],
      wallet: ['This field is required'],
      token: ['This field is required'],
      items: ['Add at least one item.'],
    });
    // Contacts made through the API are complete; one stored without a postal code is not.
    await suite.db.update(contacts).set({ postalCode: '' }).where(eq(contacts.id, a.contact));
    expect(await refused(a.client, dueBody(a))).toEqual({ contact: ['Chosen contact is missing required data'] });
    await suite.db.update(contacts).set({ postalCode: 'N1 9GU' }).where(eq(contacts.id, a.contact));
    // The letter templates are offered only to owners with a signed e-mail, as in the form.
    const unsigned = await refused(a.client, { name: 'Letter', kind: 'TAHOTM' });
    expect(unsigned).toEqual({ kind: ['Only the default template is offered without a signed e-mail: sign in with Google to choose another.'] });
    await suite.db.update(users).set({ signedEmail: 'grace@example.com' }).where(eq(users.id, a.userId));
    const letter = await refused(a.client, dueBody(a, { kind: 'ADVISORY', owner: { email: 'grace@example.com' } }));
    expect(letter).toEqual({
      number: ['This field is required'],
      project_name: ['This field is required'],
      covering_period: ['This field is required'],
      'owner.address_line1': ['This field is required'],
      'owner.city': ['This field is required'],
      'owner.postal_code': ['This field is required'],
      'owner.country': ['This field is required'],
      'owner.bank_account': ['This field is required'],
      'owner.iban': ['This field is required'],
    });
    const advisory = await create(
      a.client,
      dueBody(a, {
        kind: 'ADVISORY',
        number: 'A-1',
        project_name: 'P',
        covering_period: 'March',
        owner: { email: 'grace@example.com', address_line1: 'x', city: 'x', postal_code: 'x', country: 'x', bank_account: '1', iban: 'DE1' },
      }),
    );
    expect(advisory.kind).toBe('ADVISORY');
  });

  it('checks the contact, wallet and token belong to the caller and fit an invoice', async () => {
    const a = await account();
    const b = await account();
    expect(await refused(a.client, dueBody(a, { contact: b.contact }))).toEqual({ contact: ['Choose one of your contacts.'] });
    expect(await refused(a.client, dueBody(a, { wallet: b.wallet }))).toEqual({ wallet: ['Choose one of your wallets.'] });
    expect(await refused(a.client, dueBody(a, { wallet: NO_ROW, contact: NO_ROW }))).toEqual({
      contact: ['Choose one of your contacts.'],
      wallet: ['Choose one of your wallets.'],
    });
    const bitcoin = await addWalletRow(a.userId, 'BITCOIN');
    expect(await refused(a.client, dueBody(a, { wallet: bitcoin }))).toEqual({
      wallet: ['Invoices are paid on Ethereum or Polygon: choose a wallet on one of them.'],
    });
    for (const token of [USDC_ETHEREUM, 'POLYGON:native', 'DAI', 'nonsense']) {
      expect(await refused(a.client, dueBody(a, { token })), token).toEqual({ token: ['Choose USDC or USDT on the wallet’s network.'] });
    }
    // A symbol names the listed token of the wallet's network.
    expect((await create(a.client, dueBody(a, { token: 'usdt' }))).token?.id).toBe(USDT_POLYGON);
  });

  it('an issued invoice must be worth 10 USDT; without a USDT price it answers 503', async () => {
    const a = await account();
    // 10 USD is 9.997 USDT at 1.0003 USD per USDT.
    const ten = [{ name: 'Tiny', quantity: '1', unit_price: '10', tax: '0' }];
    expect(await refused(a.client, dueBody(a, { items: ten }))).toEqual({
      non_field_errors: ['The minimum invoice amount must be the equivalent of 10 USDT.'],
    });
    await create(a.client, dueBody(a, { items: [{ ...ten[0], unit_price: '10.01' }] }));
    // In EUR at 0.9 EUR per USD: 9 EUR is 9.997 USDT, 9.01 EUR is 10.008 USDT.
    expect((await refused(a.client, dueBody(a, { fiat_currency: 'EUR', items: [{ ...ten[0], unit_price: '9' }] }))).non_field_errors).toHaveLength(1);
    expect((await create(a.client, dueBody(a, { fiat_currency: 'EUR', items: [{ ...ten[0], unit_price: '9.01' }] }))).value_fiat).toBe('10.01');
    // A draft needs no price.
    await create(a.client, dueBody(a, { state: 'DRAFT', items: ten }));

    const empty = await startProviderServer({ 'GET /prices/current/*': 'defillama/prices-empty.json' });
    try {
      const offline = suite.makeApp({ env: { DEFILLAMA_BASE_URL: empty.url, FRANKFURTER_BASE_URL: empty.url, COINGECKO_BASE_URL: empty.url } });
      const client = new TestClient(offline);
      const user = await signInWithWallet(client);
      const contact = await json<ContactOut>(await client.post(API.contacts, contactBody));
      const b = { client, userId: user.id, contact: contact.id, wallet: await addWalletRow(user.id, 'POLYGON') };
      const response = await client.post(invoiceEndpoints.createInvoice.path, dueBody(b));
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual(PRICES_DOWN);
    } finally {
      await empty.close();
    }
  });

  it("enforces the plan's yearly invoice limit with the documented text; issued invoices count, deleted or not, drafts do not", async () => {
    const a = await account('STARTER');
    const limitNow = async () => json<{ limit: number; count: number; can_create: boolean }>(await a.client.get(planEndpoints.invoicesLimit.path));
    const drafts = [];
    for (let n = 0; n < 3; n += 1) drafts.push(await create(a.client, { name: `Draft ${String(n)}` }));
    expect(await limitNow()).toEqual({ limit: 10, count: 0, can_create: true });
    const issued = [];
    for (let n = 0; n < 9; n += 1) issued.push(await create(a.client, dueBody(a, { name: `Sent ${String(n)}` })));
    // Sending a draft issues it: the tenth.
    const [first] = drafts;
    expect((await a.client.patch(pathOf(invoiceEndpoints.getInvoice.path, { id: first?.id ?? '' }), { ...dueBody(a), name: 'Sent from draft' })).status).toBe(200);
    expect(await limitNow()).toEqual({ limit: 10, count: 10, can_create: false });
    const body = await refused(a.client, { name: 'One too many' }, 403);
    expect(body).toEqual({ detail: 'Oh no! You can only create 10 invoices on your current plan. Upgrade your plan to proceed.' });
    // Deleting issued invoices gives nothing back: they were issued this year.
    for (const invoice of issued.slice(0, 5)) expect((await a.client.delete(pathOf(invoiceEndpoints.getInvoice.path, { id: invoice.id }))).status).toBe(204);
    expect(await limitNow()).toEqual({ limit: 10, count: 10, can_create: false });
    // A draft cannot be sent past the limit either.
    const [, second] = drafts;
    const refusedSend = await a.client.patch(pathOf(invoiceEndpoints.getInvoice.path, { id: second?.id ?? '' }), { ...dueBody(a), name: 'Eleventh' });
    expect(refusedSend.status).toBe(403);
  });

  it('replays a POST with the same Idempotency-Key instead of creating twice', async () => {
    const a = await account();
    const first = await a.client.post(invoiceEndpoints.createInvoice.path, dueBody(a), { headers: { 'Idempotency-Key': 'inv-1' } });
    expect(first.status).toBe(201);
    const again = await a.client.post(invoiceEndpoints.createInvoice.path, dueBody(a), { headers: { 'Idempotency-Key': 'inv-1' } });
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect((await json<InvoiceOut>(again)).id).toBe((await json<InvoiceOut>(first)).id);
    expect(await suite.db.select().from(invoices).where(eq(invoices.userId, a.userId))).toHaveLength(1);
  });

  it('shows drafts only to their owner; an issued invoice to anyone, signed out too', async () => {
    const a = await account();
    const draft = await create(a.client, { name: 'Secret draft' });
    const due = await create(a.client, dueBody(a));
    const stranger = new TestClient(app);
    await signInWithWallet(stranger);
    const visitor = new TestClient(app);
    for (const client of [stranger, visitor]) {
      const hidden = await client.get(pathOf(invoiceEndpoints.getInvoice.path, { id: draft.id }));
      expect(hidden.status).toBe(404);
      expect(await hidden.json()).toEqual({ detail: 'Not found.' });
      const shown = await client.get(pathOf(invoiceEndpoints.getInvoice.path, { id: due.id }));
      expect(shown.status).toBe(200);
      expect((await json<InvoiceOut>(shown)).total_amount).toBe('175.49997');
    }
    expect((await a.client.get(pathOf(invoiceEndpoints.getInvoice.path, { id: draft.id }))).status).toBe(200);
    expect((await visitor.get(pathOf(invoiceEndpoints.getInvoice.path, { id: 'not-a-uuid' }))).status).toBe(404);
    expect((await visitor.get(pathOf(invoiceEndpoints.getInvoice.path, { id: NO_ROW }))).status).toBe(404);
    // Another user cannot change or delete it.
    expect((await stranger.patch(pathOf(invoiceEndpoints.getInvoice.path, { id: draft.id }), { name: 'Hijacked' })).status).toBe(404);
    expect((await stranger.patch(pathOf(invoiceEndpoints.getInvoice.path, { id: due.id }), {})).status).toBe(404);
    expect((await stranger.delete(pathOf(invoiceEndpoints.getInvoice.path, { id: due.id }))).status).toBe(404);
    // Guests read only.
    const guest = new TestClient(app);
    await signInWithAddress(guest);
    expect((await guest.post(invoiceEndpoints.createInvoice.path, { name: 'x' })).status).toBe(403);
  });

  it('edits a draft (validated again; DUE issues it); an issued invoice can only move on', async () => {
    const a = await account();
    const draft = await create(a.client, { name: 'Draft', contact: a.contact, items: [items[1]] });
    const renamed = await a.client.patch(pathOf(invoiceEndpoints.getInvoice.path, { id: draft.id }), { name: 'Renamed', message: 'Hello' });
    expect(renamed.status).toBe(200);
    expect(await json<InvoiceOut>(renamed)).toMatchObject({ name: 'Renamed', message: 'Hello', state: 'DRAFT', total_amount: '119.00000', contact: { id: a.contact } });
    const bad = await a.client.patch(pathOf(invoiceEndpoints.getInvoice.path, { id: draft.id }), { items: [{ ...items[1], quantity: '0.5' }] });
    expect(await bad.json()).toEqual({ 'items.0.quantity': ['Cannot have decimals'] });
    const incomplete = await a.client.patch(pathOf(invoiceEndpoints.getInvoice.path, { id: draft.id }), { state: 'DUE', owner });
    expect(incomplete.status).toBe(400);
    expect(Object.keys(await json<Record<string, unknown>>(incomplete)).sort()).toEqual(['expires_at', 'issued_at', 'token', 'wallet']);
    const issued = await a.client.patch(pathOf(invoiceEndpoints.getInvoice.path, { id: draft.id }), { ...dueBody(a), name: 'Issued', items: [items[0]] });
    expect(issued.status).toBe(200);
    expect(await json<InvoiceOut>(issued)).toMatchObject({ name: 'Issued', state: 'DUE', total_amount: '56.49997', items: [{ name: 'Consulting' }] });
    expect(await suite.db.select().from(invoiceItems).where(eq(invoiceItems.invoiceId, draft.id))).toHaveLength(1);

    const edit = await a.client.patch(pathOf(invoiceEndpoints.getInvoice.path, { id: draft.id }), { name: 'Again' });
    expect(await edit.json()).toEqual({ non_field_errors: ['Only draft invoices can be edited.'] });
    const back = await a.client.patch(pathOf(invoiceEndpoints.getInvoice.path, { id: draft.id }), { state: 'DRAFT' });
    expect(back.status).toBe(400);
    expect(Object.keys(await json<Record<string, unknown>>(back))).toEqual(['state']);
    // An empty body means PROCESSING; then PAID.
    const processing = await a.client.patch(pathOf(invoiceEndpoints.getInvoice.path, { id: draft.id }), {});
    expect((await json<InvoiceOut>(processing)).state).toBe('PROCESSING');
    expect((await a.client.patch(pathOf(invoiceEndpoints.getInvoice.path, { id: draft.id }), { state: 'DUE' })).status).toBe(400);
    expect((await json<InvoiceOut>(await a.client.patch(pathOf(invoiceEndpoints.getInvoice.path, { id: draft.id }), { state: 'PAID' }))).state).toBe('PAID');
    expect((await a.client.patch(pathOf(invoiceEndpoints.getInvoice.path, { id: draft.id }), { state: 'PROCESSING' })).status).toBe(400);
    // DUE → PAID directly; a draft has no state change.
    const other = await create(a.client, dueBody(a));
    expect((await json<InvoiceOut>(await a.client.patch(pathOf(invoiceEndpoints.getInvoice.path, { id: other.id }), { state: 'PAID' }))).state).toBe('PAID');
    const fresh = await create(a.client, { name: 'Fresh' });
    expect((await a.client.patch(pathOf(invoiceEndpoints.getInvoice.path, { id: fresh.id }), {})).status).toBe(400);
  });

  it('lets the owner mark an EXPIRED invoice PAID (a late payment), and nothing else', async () => {
    const a = await account();
    const invoice = await create(a.client, dueBody(a));
    const [row] = await suite.db.select({ documentId: invoices.documentId }).from(invoices).where(eq(invoices.id, invoice.id));
    // Expiry is the server's own transition (invoice-expiry.test.ts); here the row is put in that state.
    await suite.db.update(documents).set({ state: 'EXPIRED' }).where(eq(documents.id, row?.documentId ?? NO_ROW));
    expect((await json<InvoiceOut>(await a.client.get(pathOf(invoiceEndpoints.getInvoice.path, { id: invoice.id })))).state).toBe('EXPIRED');
    for (const body of [{}, { state: 'PROCESSING' }, { state: 'DUE' }, { state: 'DRAFT' }]) {
      const refusedChange = await a.client.patch(pathOf(invoiceEndpoints.getInvoice.path, { id: invoice.id }), body);
      expect(refusedChange.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(await json<Record<string, unknown>>(refusedChange))).toEqual(['state']);
    }
    const stranger = new TestClient(app);
    await signInWithWallet(stranger);
    expect((await stranger.patch(pathOf(invoiceEndpoints.getInvoice.path, { id: invoice.id }), { state: 'PAID' })).status).toBe(404);
    const paid = await a.client.patch(pathOf(invoiceEndpoints.getInvoice.path, { id: invoice.id }), { state: 'PAID' });
    expect(paid.status).toBe(200);
    expect((await json<InvoiceOut>(paid)).state).toBe('PAID');
    expect((await a.client.patch(pathOf(invoiceEndpoints.getInvoice.path, { id: invoice.id }), { state: 'PAID' })).status).toBe(400);
  });

  it('deletes an invoice with its document, items and wallet link', async () => {
    const a = await account();
    const invoice = await create(a.client, dueBody(a));
    const response = await a.client.delete(pathOf(invoiceEndpoints.getInvoice.path, { id: invoice.id }));
    expect(response.status).toBe(204);
    expect(await suite.db.select().from(documents).where(eq(documents.id, invoice.document_id))).toEqual([]);
    expect(await suite.db.select().from(invoices).where(eq(invoices.id, invoice.id))).toEqual([]);
    expect(await suite.db.select().from(invoiceItems).where(eq(invoiceItems.invoiceId, invoice.id))).toEqual([]);
    expect((await a.client.delete(pathOf(invoiceEndpoints.getInvoice.path, { id: invoice.id }))).status).toBe(404);
    // Deleting the receiving wallet deletes its invoices.
    const second = await create(a.client, dueBody(a));
    expect((await a.client.delete(pathOf(walletEndpoints.deleteWallet.path, { id: a.wallet }))).status).toBe(204);
    expect((await a.client.get(pathOf(invoiceEndpoints.getInvoice.path, { id: second.id }))).status).toBe(404);
  });

  it('accepts attachments up to 10,000,000 bytes in total, and refuses more', async () => {
    const a = await account();
    const png = (bytes: number) => `data:image/png;base64,${Buffer.alloc(bytes).toString('base64')}`;
    const fits = await create(a.client, { name: 'Files', attachments: [{ name: 'a.png', data: png(6_000_000) }, { name: 'b.pdf', data: png(4_000_000).replace('image/png', 'application/pdf') }] });
    expect(fits.attachments.map((file) => file.name)).toEqual(['a.png', 'b.pdf']);
    expect(await refused(a.client, { name: 'Files', attachments: [{ name: 'a.png', data: png(6_000_000) }, { name: 'b.png', data: png(4_000_001) }] })).toEqual({
      attachments: ['Total file size has exceeded 10MB.'],
    });
  });

  it('gives the demo user sample invoices: 2 DUE, 2 PAID, 1 DRAFT, with demo contacts', async () => {
    const client = new TestClient(app);
    const demo = await signInWithDemo(client);
    const rows = await suite.db.select().from(documents).where(and(eq(documents.userId, demo.id), eq(documents.kind, 'INVOICE')));
    expect(rows.map((row) => row.state).sort()).toEqual(['DRAFT', 'DUE', 'DUE', 'PAID', 'PAID']);
    const views: DocumentOut[] = await documentViews(suite.db, rows, suite.clock.now());
    for (const view of views) {
      expect(view.invoice?.contact?.first_name).toBeTruthy();
      expect(view.invoice?.items.length).toBeGreaterThan(0);
      expect(view.wallets).toHaveLength(1);
    }
    const due = views.find((view) => view.state === 'DUE');
    expect((await new TestClient(app).get(pathOf(invoiceEndpoints.getInvoice.path, { id: due?.invoice?.id ?? '' }))).status).toBe(200);
    expect((await client.get(API.contacts)).status).toBe(200);
  });
});
