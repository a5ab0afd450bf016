import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import { API } from '../../src/shared/api-paths';
import { pathOf } from '../../src/shared/contract/endpoint';
import { invoiceEndpoints } from '../../src/shared/contract/invoices';
import type { ContactOut } from '../../src/shared/data-types';
import type { InvoiceOut } from '../../src/shared/contract/invoices';
import { eq } from 'drizzle-orm';
import { fxRates, subscriptions, users, wallets } from '../../src/server/db/schema';
import type { AppEnv } from '../../src/server/http/app-env';
import type { ProviderServer } from '../fixtures/provider-server';
import { addFxRate, dayOf } from './data-seed';
import { availableDrivers } from './helpers/drivers';
import { NO_ROW, ownerDetails, priceEnv, startPriceServer, USDT_POLYGON } from './helpers/invoice-fixtures';
import { pdfTextLines } from './helpers/pdf-text';
import { setupSuite } from './helpers/suite';
import { json, TestClient } from './helpers/test-client';
import { newAccount, signInWithWallet } from './helpers/sign-in';

const owner = {
  ...ownerDetails,
  company: 'Hopper Consulting',
  bank_name: 'First Harbor Bank',
  bank_account: '0012345678',
  iban: 'CH9300762011623852957',
  swift: 'HARBUS33',
};

/** 1 × 100 with 21 % tax: total 121. */
const items = [{ name: 'Consulting', description: 'January workshops', quantity: '1', unit_price: '100', discount: '0', tax: '21' }];

async function pdfOf(response: Response): Promise<{ bytes: Uint8Array; text: string }> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { bytes, text: pdfTextLines(bytes).join('\n') };
}

describe.each(availableDrivers())('invoice PDF on %s', (kind) => {
  const suite = setupSuite(kind);
  let server: ProviderServer;
  let app: Hono<AppEnv>;
  let ownerClient: TestClient;
  let due: InvoiceOut;
  let draft: InvoiceOut;
  let letter: InvoiceOut;

  beforeAll(async () => {
    await suite.db.delete(fxRates);
    await addFxRate(suite.db, dayOf(suite.clock.now()), 'EUR', '0.9');
    server = await startPriceServer();
    app = suite.makeApp({
      env: priceEnv(server),
    });
    ownerClient = new TestClient(app);
    const user = await signInWithWallet(ownerClient);
    // The letter templates are offered to owners with a signed e-mail.
    await suite.db.update(users).set({ signedEmail: 'grace@example.com' }).where(eq(users.id, user.id));
    await suite.db
      .insert(subscriptions)
      .values({ userId: user.id, planCode: 'PLUS', startedAt: suite.clock.now() })
      .onConflictDoUpdate({ target: subscriptions.userId, set: { planCode: 'PLUS', endsAt: null, cancelledAt: null } });
    const contactResponse = await ownerClient.post(API.contacts, {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      address_line1: '12 Analytical Row',
      country: 'United Kingdom',
      city: 'London',
      postal_code: 'N1 9GU',
    });
    const contact = await json<ContactOut>(contactResponse);
    const [wallet] = await suite.db
      .insert(wallets)
      .values({ userId: user.id, name: 'Polygon', address: newAccount().address, network: 'POLYGON' })
      .returning();
    const body = {
      state: 'DUE',
      issued_at: '2025-01-01',
      expires_at: '2025-01-31',
      fiat_currency: 'EUR',
      message: 'Thank you',
      contact: contact.id,
      owner,
      wallet: wallet?.id,
      token: USDT_POLYGON,
      items,
    };
    const create = async (payload: Record<string, unknown>): Promise<InvoiceOut> => {
      const response = await ownerClient.post(invoiceEndpoints.createInvoice.path, payload);
      expect(response.status, JSON.stringify(await response.clone().json())).toBe(201);
      return json<InvoiceOut>(response);
    };
    due = await create({ ...body, name: 'Website / January: redesign' });
    draft = await create({ ...body, name: 'Private draft', state: 'DRAFT' });
    letter = await create({
      ...body,
      name: 'Advisory retainer',
      kind: 'ADVISORY',
      number: 'ADV-2025-007',
      project_name: 'Treasury review',
      covering_period: 'January 2025',
      vendor: 'Hopper Advisory',
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers application/pdf, as an attachment or inline, named after the invoice', async () => {
    const attachment = await ownerClient.get(`${pathOf(invoiceEndpoints.invoicePdf.path, { id: due.id })}?download=true`);
    expect(attachment.status).toBe(200);
    expect(attachment.headers.get('content-type')).toBe('application/pdf');
    expect(attachment.headers.get('content-disposition')).toBe("attachment; filename=\"Website January redesign.pdf\"; filename*=UTF-8''Website%20January%20redesign.pdf");
    const { bytes } = await pdfOf(attachment);
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    expect(attachment.headers.get('content-length')).toBe(String(bytes.length));

    const inline = await ownerClient.get(`${pathOf(invoiceEndpoints.invoicePdf.path, { id: due.id })}?download=false`);
    expect(inline.status).toBe(200);
    expect(inline.headers.get('content-type')).toBe('application/pdf');
    expect(inline.headers.get('content-disposition')).toMatch(/^inline; filename="Website January redesign.pdf"/);
    // Without the parameter it is shown inline too.
    expect((await ownerClient.get(pathOf(invoiceEndpoints.invoicePdf.path, { id: due.id }))).headers.get('content-disposition')).toMatch(/^inline;/);
  });

  it('draws the name, the state, the dates, the items, the totals, the wallet and the message', async () => {
    const { text } = await pdfOf(await ownerClient.get(pathOf(invoiceEndpoints.invoicePdf.path, { id: due.id })));
    for (const expected of [
      'Website / January: redesign',
      'Status: SENT',
      'Invoice from Hopper Consulting',
      'Ada Lovelace',
      'Jan 01, 2025',
      'Jan 31, 2025',
      'Consulting',
      'January workshops',
      '€100.00',
      '21%',
      '€21.00',
      '€121.00',
      'Polygon',
      'USDT',
      'Thank you',
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it('shows a draft without a due date, and a formal letter with number, project and bank details', async () => {
    const draftText = (await pdfOf(await ownerClient.get(pathOf(invoiceEndpoints.invoicePdf.path, { id: draft.id })))).text;
    expect(draftText).toContain('Private draft');
    expect(draftText).toContain('Status: DRAFT');
    expect(draftText).toContain('Jan 01, 2025');
    expect(draftText).not.toContain('Jan 31, 2025');

    const letterText = (await pdfOf(await ownerClient.get(pathOf(invoiceEndpoints.invoicePdf.path, { id: letter.id })))).text;
    for (const expected of ['Invoice ADV-2025-007', 'Treasury review', 'January 2025', 'Hopper Advisory', 'First Harbor Bank', 'CH9300762011623852957', 'HARBUS33', '€121.00', 'Status: SENT']) {
      expect(letterText, expected).toContain(expected);
    }
    // The standard layout has no bank details.
    expect((await pdfOf(await ownerClient.get(pathOf(invoiceEndpoints.invoicePdf.path, { id: due.id })))).text).not.toContain('First Harbor Bank');
  });

  it('is seen by the owner in every state, by others only once issued', async () => {
    const visitor = new TestClient(app);
    const stranger = new TestClient(app);
    await signInWithWallet(stranger);
    expect((await ownerClient.get(pathOf(invoiceEndpoints.invoicePdf.path, { id: draft.id }))).status).toBe(200);
    for (const client of [visitor, stranger]) {
      const hidden = await client.get(`${pathOf(invoiceEndpoints.invoicePdf.path, { id: draft.id })}?download=true`);
      expect(hidden.status).toBe(404);
      expect(await hidden.json()).toEqual({ detail: 'Not found.' });
      const shown = await client.get(`${pathOf(invoiceEndpoints.invoicePdf.path, { id: due.id })}?download=false`);
      expect(shown.status).toBe(200);
      expect(shown.headers.get('content-type')).toBe('application/pdf');
      expect((await pdfOf(shown)).text).toContain('€121.00');
    }
    // Another user's draft is as unknown to the owner as a missing one.
    const theirs = await stranger.post(invoiceEndpoints.createInvoice.path, { name: 'Theirs' });
    expect(theirs.status).toBe(201);
    const theirsId = (await json<InvoiceOut>(theirs)).id;
    expect((await stranger.get(pathOf(invoiceEndpoints.invoicePdf.path, { id: theirsId }))).status).toBe(200);
    expect((await ownerClient.get(pathOf(invoiceEndpoints.invoicePdf.path, { id: theirsId }))).status).toBe(404);
    expect((await ownerClient.get(pathOf(invoiceEndpoints.invoicePdf.path, { id: draft.id.toUpperCase() }))).status).toBe(200);
    expect((await visitor.get(pathOf(invoiceEndpoints.invoicePdf.path, { id: draft.id.toUpperCase() }))).status).toBe(404);
    expect((await ownerClient.get(pathOf(invoiceEndpoints.invoicePdf.path, { id: NO_ROW }))).status).toBe(404);
    expect((await ownerClient.get(pathOf(invoiceEndpoints.invoicePdf.path, { id: 'not-a-uuid' }))).status).toBe(404);
  });

  it('refuses a download value other than true or false with 400', async () => {
    for (const query of ['download=yes', 'download=', 'download=1', 'download=true&download=false']) {
      const response = await ownerClient.get(`${pathOf(invoiceEndpoints.invoicePdf.path, { id: due.id })}?${query}`);
      expect(response.status, query).toBe(400);
      expect(Object.keys(await json<Record<string, unknown>>(response)), query).toEqual(['download']);
    }
  });
});
