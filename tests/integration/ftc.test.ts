import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { API } from '../../src/shared/api-paths';
import { authEndpoints } from '../../src/shared/contract/auth';
import { userEndpoints } from '../../src/shared/contract/users';
import type { PublicConfig } from '../../src/shared/contract/auth';
import type { ContactOut } from '../../src/shared/data-types';
import { pathOf } from '../../src/shared/contract/endpoint';
import { paymentEndpoints, type InvoicePaymentsOut } from '../../src/shared/contract/payments';
import { ftcEndpoints, type FtcApplicantOut, type FtcKycStatusOut, type FtcProfileOut, type FtcSessionOut, type FtcTransferOut, type FtcUpdateOut } from '../../src/shared/contract/ftc';
import { FTC_MESSAGES } from '../../src/shared/schemas/ftc';
import { invoiceEndpoints } from '../../src/shared/contract/invoices';
import type { InvoiceOut } from '../../src/shared/contract/invoices';
import { ftcProfiles, fxRates, subscriptions, wallets } from '../../src/server/db/schema';
import { createFtcPartner } from '../../src/server/ftc/create-ftc-partner';
import { pollFtcTransfers, type FtcPollReport } from '../../src/server/ftc/ftc-transfer-poll';
import type { AppEnv } from '../../src/server/http/app-env';
import { createLogger } from '../../src/server/logging/logger';
import type { FtcPartner } from '../../src/server/providers/ftc/ftc-partner';
import { startFtcPartnerServer, type FtcPartnerServer } from '../fixtures/ftc-partner-server';
import type { ProviderServer } from '../fixtures/provider-server';
import { addFxRate, dayOf } from './data-seed';
import { availableDrivers } from './helpers/drivers';
import { contactBody, ownerDetails, startPriceServer, USDT_POLYGON } from './helpers/invoice-fixtures';
import { loopbackFetch } from './helpers/loopback-fetch';
import { setupSuite, testConfig } from './helpers/suite';
import { json, TestClient } from './helpers/test-client';
import { newAccount, signInWithAddress, signInWithWallet } from './helpers/sign-in';

const API_KEY = 'partner-api-key-0123456789';
const WEBHOOK_SECRET = 'webhook-secret-abcdefghijklmnop';
const ENCRYPTION_KEY = Buffer.alloc(32, 9).toString('base64');

const owner = { ...ownerDetails, country: 'Germany' };
const kycBody = {
  address_line_1: 'Hauptstrasse 1',
  post_code: '10115',
  city: 'Berlin',
  country: 'DE',
  date_of_birth: '1990-05-17',
  source_of_funds: 'BUSINESS_INCOME',
};

describe.each(availableDrivers())('fiat-to-crypto on %s', (kind) => {
  const suite = setupSuite(kind);
  let partner: FtcPartnerServer;
  let prices: ProviderServer;
  let app: Hono<AppEnv>;
  let poller: FtcPartner | null;
  let emails = 0;

  beforeAll(async () => {
    await suite.db.delete(fxRates);
    await addFxRate(suite.db, dayOf(suite.clock.now()), 'EUR', '0.9');
    prices = await startPriceServer();
    partner = await startFtcPartnerServer({
      apiKey: API_KEY,
      webhookSecret: WEBHOOK_SECRET,
      deliverTo: async (body, signature) =>
        (await new TestClient(app).request('POST', ftcEndpoints.ftcWebhook.path, { body, headers: { 'Content-Type': 'application/json', 'X-Unblock-Signature': signature } }))
          .status,
    });
    app = suite.makeApp({
      env: {
        FTC_BASE_URL: partner.url,
        FTC_API_KEY: API_KEY,
        FTC_WEBHOOK_SECRET: WEBHOOK_SECRET,
        ENCRYPTION_KEY,
        DEFILLAMA_BASE_URL: prices.url,
        FRANKFURTER_BASE_URL: prices.url,
        COINGECKO_BASE_URL: prices.url,
      },
    });
  });
  /** One run of the background poll, as the job runs it. */
  const poll = (): Promise<FtcPollReport> => {
    poller ??= createFtcPartner({ db: suite.db, config: testConfig({ FTC_BASE_URL: partner.url, FTC_API_KEY: API_KEY }), logger: createLogger('silent'), fetch: loopbackFetch });
    if (poller === null) throw new Error('No partner configured');
    return pollFtcTransfers({ db: suite.db, logger: createLogger('silent'), now: () => suite.clock.now(), partner: poller });
  };

  afterAll(async () => {
    await partner?.close();
    await prices?.close();
  });

  interface Account {
    client: TestClient;
    userId: string;
    wallet: string;
    email: string;
  }

  async function account(): Promise<Account> {
    const client = new TestClient(app);
    const user = await signInWithWallet(client);
    await suite.db
      .insert(subscriptions)
      .values({ userId: user.id, planCode: 'PLUS', startedAt: suite.clock.now() })
      .onConflictDoUpdate({ target: subscriptions.userId, set: { planCode: 'PLUS', endsAt: null, cancelledAt: null } });
    const [row] = await suite.db.insert(wallets).values({ userId: user.id, name: 'Polygon', address: newAccount().address, network: 'POLYGON' }).returning();
    emails += 1;
    return { client, userId: user.id, wallet: row?.id ?? '', email: `owner${String(emails)}-${kind}@example.com` };
  }

  const registration = (a: Account, extra: Record<string, unknown> = {}) => ({
    first_name: 'Grace',
    last_name: 'Hopper',
    email: a.email,
    country: 'DE',
    wallet: a.wallet,
    target_address_type: 'SELF_HOSTED',
    target_address_vasp: 'ignored for self-hosted',
    ...extra,
  });

  async function register(a: Account): Promise<string> {
    const response = await a.client.post(ftcEndpoints.createFtcUser.path, registration(a));
    expect(response.status, await response.clone().text()).toBe(201);
    return (await json<{ user_uuid: string }>(response)).user_uuid;
  }

  async function verify(a: Account, userUuid: string, path: string = ftcEndpoints.setupFtcUser.path): Promise<FtcSessionOut> {
    const response = await a.client.post(path, { user_uuid: userUuid, one_time_password: partner.lastCode(userUuid) });
    expect(response.status, await response.clone().text()).toBe(200);
    return json<FtcSessionOut>(response);
  }

  /** A user through the whole wizard: registered, verified, KYC passed, bank account open. */
  async function activated(): Promise<Account & { userUuid: string; session: string; profile: FtcProfileOut }> {
    const a = await account();
    const userUuid = await register(a);
    const { ftc_session_id: session } = await verify(a, userUuid);
    expect((await a.client.post(ftcEndpoints.createFtcKycApplicant.path, { ...kycBody, ftc_session_id: session })).status).toBe(200);
    await partner.setStatus(userUuid, 'FULL_USER');
    const response = await a.client.post(ftcEndpoints.createFtcBankAccount.path, { ftc_session_id: session });
    expect(response.status, await response.clone().text()).toBe(200);
    return { ...a, userUuid, session, profile: await json<FtcProfileOut>(response) };
  }

  async function ftcInvoice(a: Account, extra: Record<string, unknown> = {}): Promise<Response> {
    const contact = await json<ContactOut>(await a.client.post(API.contacts, contactBody));
    return a.client.post(invoiceEndpoints.createInvoice.path, {
      name: 'Bank invoice',
      state: 'DUE',
      issued_at: '2024-03-01',
      expires_at: '2024-03-31',
      fiat_currency: 'USD',
      contact: contact.id,
      owner,
      wallet: a.wallet,
      token: USDT_POLYGON,
      is_ftc: true,
      items: [{ name: 'Work', quantity: '1', unit_price: '100', discount: '0', tax: '0' }],
      ...extra,
    });
  }

  it('says in GET config whether fiat invoicing is set up, and refuses the routes when it is not', async () => {
    expect((await json<PublicConfig>(await new TestClient(app).get(authEndpoints.publicConfig.path))).ftc_enabled).toBe(true);
    const plain = suite.makeApp();
    expect((await json<PublicConfig>(await new TestClient(plain).get(authEndpoints.publicConfig.path))).ftc_enabled).toBe(false);
    const client = new TestClient(plain);
    await signInWithWallet(client);
    expect(await json<FtcProfileOut>(await client.get(ftcEndpoints.getFtcProfile.path))).toMatchObject({ enabled: false, kyc: null });
    const response = await client.post(ftcEndpoints.createFtcUser.path, { first_name: 'A', last_name: 'B', email: 'a@b.co', country: 'DE', wallet: newAccount().address, target_address_type: 'SELF_HOSTED' });
    // Validation answers first (the wallet is no id); a valid body gets the 503.
    expect(response.status).toBe(400);
    const [wallet] = await suite.db.select().from(wallets).limit(1);
    const valid = await client.post(ftcEndpoints.createFtcUser.path, { first_name: 'A', last_name: 'B', email: 'a@b.co', country: 'DE', wallet: wallet?.id, target_address_type: 'SELF_HOSTED' });
    expect(valid.status).toBe(503);
    expect(await json(valid)).toEqual({ detail: FTC_MESSAGES.notConfigured });
  });

  it('registers, e-mails a code, opens a session with it, takes the KYC form and activates the bank account', async () => {
    const a = await account();
    const userUuid = await register(a);
    expect(partner.codesSent(userUuid)).toBe(1);
    expect(partner.users.get(userUuid)).toMatchObject({ email: a.email, country: 'DE', status: 'KYC_NEEDED' });

    const profile = await json<FtcProfileOut>(await a.client.get(ftcEndpoints.getFtcProfile.path));
    expect(profile).toMatchObject({ enabled: true, kyc: 'NOT_STARTED', user_uuid: userUuid, wallet: a.wallet, network_preference: 'POLYGON', token_preference: 'USDC', target_address_type: 'SELF_HOSTED', target_address_vasp: null });
    expect(JSON.stringify(profile)).not.toMatch(/session/i);

    const session = await verify(a, userUuid);
    expect(session.ftc_session_id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await suite.db.select().from(ftcProfiles).where(eq(ftcProfiles.userId, a.userId));
    // The partner's session is sealed at rest and the handle stored only as a hash.
    expect(row?.sessionSealed).toMatch(/^v1\./);
    expect(row?.sessionHandleHash).not.toBe(session.ftc_session_id);

    const bad = await a.client.post(ftcEndpoints.createFtcKycApplicant.path, { ...kycBody, date_of_birth: dayOf(suite.clock.now()), ftc_session_id: session.ftc_session_id });
    expect(await json(bad)).toEqual({ date_of_birth: [FTC_MESSAGES.birthDate] });
    const missing = await a.client.post(ftcEndpoints.createFtcKycApplicant.path, { ftc_session_id: session.ftc_session_id });
    expect(Object.keys(await json<Record<string, unknown>>(missing)).sort()).toEqual(['address_line_1', 'city', 'country', 'date_of_birth', 'post_code']);

    const applicant = await a.client.post(ftcEndpoints.createFtcKycApplicant.path, { ...kycBody, ftc_session_id: session.ftc_session_id });
    expect(applicant.status).toBe(200);
    const widget = await json<FtcApplicantOut>(applicant);
    expect(widget.token).toMatch(/^_act-sbx-/);
    // The widget loads Sumsub's own page unless FTC_KYC_BASE_URL names another origin.
    expect(widget.widget_url).toBe('');
    expect(partner.users.get(userUuid)?.applicant).toMatchObject({ address: { address_line_1: 'Hauptstrasse 1', post_code: '10115' }, date_of_birth: '1990-05-17' });

    // The widget's token expires: a new one for the same applicant, only over the open session.
    const renewed = await json<FtcApplicantOut>(await a.client.post(ftcEndpoints.renewFtcKycToken.path, { ftc_session_id: session.ftc_session_id }));
    expect(renewed.token).toMatch(/^_act-sbx-/);
    expect(renewed.token).not.toBe(widget.token);
    expect(renewed.widget_url).toBe('');
    const stale = await a.client.post(ftcEndpoints.renewFtcKycToken.path, { ftc_session_id: 'x'.repeat(43) });
    expect(stale.status).toBe(400);
    expect(await json(stale)).toEqual({ ftc_session_id: [FTC_MESSAGES.sessionExpired] });
    expect((await new TestClient(app).post(ftcEndpoints.renewFtcKycToken.path, { ftc_session_id: session.ftc_session_id })).status).toBe(401);

    expect(await json<FtcKycStatusOut>(await a.client.get(ftcEndpoints.getFtcKycStatus.path))).toEqual({ kyc: 'PENDING', has_bank_account: false });
    const early = await a.client.post(ftcEndpoints.createFtcBankAccount.path, { ftc_session_id: session.ftc_session_id });
    expect(await json(early)).toEqual({ non_field_errors: [FTC_MESSAGES.needFullUser] });

    await partner.setStatus(userUuid, 'FULL_USER');
    expect(await json<FtcKycStatusOut>(await a.client.get(ftcEndpoints.getFtcKycStatus.path))).toEqual({ kyc: 'FULL_USER', has_bank_account: false });
    expect((await json<{ kyc: string }>(await a.client.get(userEndpoints.getUser.path))).kyc).toBe('FULL_USER');

    const bank = await json<FtcProfileOut>(await a.client.post(ftcEndpoints.createFtcBankAccount.path, { ftc_session_id: session.ftc_session_id }));
    expect(bank.bank_iban).toMatch(/^DE\d{20}$/);
    expect(bank.bank_bic).toBe('COBADEFFXXX');
    // Asking again keeps the one account.
    const again = await json<FtcProfileOut>(await a.client.post(ftcEndpoints.createFtcBankAccount.path, { ftc_session_id: session.ftc_session_id }));
    expect(again.bank_uuid).toBe(bank.bank_uuid);
    for (const request of partner.requests) expect(request.headers.authorization).toBe(`API-Key ${API_KEY}`);
  });

  it('takes FTC_KYC_BASE_URL as an origin for the widget and lets the page frame only it', async () => {
    const env = { FTC_BASE_URL: partner.url, FTC_API_KEY: API_KEY, ENCRYPTION_KEY };
    expect(testConfig({ ...env, FTC_KYC_BASE_URL: `${partner.url}/` }).ftc?.kycBaseUrl).toBe(partner.url);
    expect(() => testConfig({ ...env, FTC_KYC_BASE_URL: `${partner.url}/websdk` })).toThrow(/FTC_KYC_BASE_URL/);
    const framed = suite.makeApp({ env: { ...env, FTC_KYC_BASE_URL: partner.url } });
    const csp = (await new TestClient(framed).get(authEndpoints.publicConfig.path)).headers.get('content-security-policy') ?? '';
    expect(/frame-src [^;]*/.exec(csp)?.[0].split(' ')).toContain(partner.url);
    expect(csp).not.toContain('sumsub.com');
    // Without it the page may frame Sumsub's own pages; without a partner, neither.
    expect((await new TestClient(app).get(authEndpoints.publicConfig.path)).headers.get('content-security-policy')).toContain('https://*.sumsub.com');
    expect((await new TestClient(suite.makeApp()).get(authEndpoints.publicConfig.path)).headers.get('content-security-policy')).not.toContain('sumsub');
  });

  it('refuses wrong, reused and expired codes, and limits guesses per code and per user', async () => {
    const a = await account();
    const userUuid = await register(a);
    const code = partner.lastCode(userUuid) ?? '';
    const wrong = code === '000000' ? '111111' : '000000';
    const refused = await a.client.post(ftcEndpoints.setupFtcUser.path, { user_uuid: userUuid, one_time_password: wrong });
    expect(refused.status).toBe(400);
    expect(await json(refused)).toEqual({ one_time_password: [FTC_MESSAGES.wrongCode] });
    expect((await a.client.post(ftcEndpoints.setupFtcUser.path, { user_uuid: userUuid, one_time_password: '12345' })).status).toBe(400);
    expect((await a.client.post(ftcEndpoints.setupFtcUser.path, { user_uuid: userUuid, one_time_password: '12a456' })).status).toBe(400);

    // Another user can neither use this partner user nor spend its attempts.
    const stranger = await account();
    expect((await stranger.client.post(ftcEndpoints.setupFtcUser.path, { user_uuid: userUuid, one_time_password: code })).status).toBe(400);
    await register(stranger);
    for (let i = 0; i < 8; i++) {
      expect((await stranger.client.post(ftcEndpoints.setupFtcUser.path, { user_uuid: userUuid, one_time_password: wrong })).status).toBe(404);
    }

    for (let i = 0; i < 4; i++) expect((await a.client.post(ftcEndpoints.setupFtcUser.path, { user_uuid: userUuid, one_time_password: wrong })).status).toBe(400);
    const limited = await a.client.post(ftcEndpoints.setupFtcUser.path, { user_uuid: userUuid, one_time_password: code });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('Retry-After')).toMatch(/^\d+$/);

    // A new code has attempts of its own.
    expect((await a.client.post(ftcEndpoints.requestFtcCode.path, { user_uuid: userUuid })).status).toBe(204);
    const session = await verify(a, userUuid);
    expect(session.kyc).toBe('NOT_STARTED');
    // A used code is spent.
    const reused = await a.client.post(ftcEndpoints.setupFtcUser.path, { user_uuid: userUuid, one_time_password: partner.lastCode(userUuid) });
    expect(reused.status).toBe(400);

    // A code older than ten minutes is refused here, whatever the partner would say.
    expect((await a.client.post(ftcEndpoints.requestFtcCode.path, { user_uuid: userUuid })).status).toBe(204);
    suite.clock.advance(11 * 60_000);
    expect(await json(await a.client.post(ftcEndpoints.setupFtcUser.path, { user_uuid: userUuid, one_time_password: partner.lastCode(userUuid) }))).toEqual({
      one_time_password: [FTC_MESSAGES.wrongCode],
    });
    // The session handle expires too.
    suite.clock.advance(31 * 60_000);
    expect(await json(await a.client.post(ftcEndpoints.createFtcKycApplicant.path, { ...kycBody, ftc_session_id: session.ftc_session_id }))).toEqual({
      ftc_session_id: [FTC_MESSAGES.sessionExpired],
    });
  });

  it('checks the first form: required fields, own POLYGON or ETHEREUM wallet, VASP only for hosted wallets', async () => {
    const a = await account();
    const empty = await json<Record<string, string[]>>(await a.client.post(ftcEndpoints.createFtcUser.path, {}));
    expect(Object.keys(empty).sort()).toEqual(['country', 'email', 'first_name', 'last_name', 'target_address_type', 'wallet']);
    expect(empty.wallet).toEqual([FTC_MESSAGES.noWallet]);
    const hosted = await a.client.post(ftcEndpoints.createFtcUser.path, registration(a, { target_address_type: 'HOSTED', target_address_vasp: '' }));
    expect(await json(hosted)).toEqual({ target_address_vasp: [FTC_MESSAGES.vaspRequired] });
    const other = await account();
    expect(await json(await a.client.post(ftcEndpoints.createFtcUser.path, registration(a, { wallet: other.wallet })))).toEqual({ wallet: [FTC_MESSAGES.noWallet] });
    const [btc] = await suite.db.insert(wallets).values({ userId: a.userId, name: 'BTC', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', network: 'BITCOIN' }).returning();
    expect(await json(await a.client.post(ftcEndpoints.createFtcUser.path, registration(a, { wallet: btc?.id })))).toEqual({ wallet: [FTC_MESSAGES.noWallet] });
    const ok = await a.client.post(ftcEndpoints.createFtcUser.path, registration(a, { target_address_type: 'HOSTED', target_address_vasp: 'Kraken' }));
    expect(ok.status).toBe(201);
    expect(await json<FtcProfileOut>(await a.client.get(ftcEndpoints.getFtcProfile.path))).toMatchObject({ target_address_type: 'HOSTED', target_address_vasp: 'Kraken' });
  });

  it('keeps guests out, needs CSRF on changes, and never shows one user the FTC data of another', async () => {
    const guest = new TestClient(app);
    await signInWithAddress(guest);
    expect((await guest.post(ftcEndpoints.createFtcUser.path, {})).status).toBe(403);
    expect((await new TestClient(app).get(ftcEndpoints.getFtcProfile.path)).status).toBe(401);

    const a = await activated();
    expect((await a.client.post(ftcEndpoints.requestFtcCode.path, { user_uuid: a.userUuid }, { csrf: false })).status).toBe(403);
    const b = await account();
    const theirs = await json<FtcProfileOut>(await b.client.get(ftcEndpoints.getFtcProfile.path));
    expect(theirs).toMatchObject({ user_uuid: null, bank_iban: null, kyc: null });
    // Another user's session handle opens nothing.
    await register(b);
    expect(await json(await b.client.post(ftcEndpoints.createFtcBankAccount.path, { ftc_session_id: a.session }))).toEqual({ ftc_session_id: [FTC_MESSAGES.sessionExpired] });
    expect((await b.client.post(ftcEndpoints.requestFtcCode.path, { user_uuid: a.userUuid })).status).toBe(404);
    expect(await json<FtcTransferOut[]>(await b.client.get(ftcEndpoints.listFtcTransfers.path))).toEqual([]);
  });

  it('issues FTC invoices only for verified owners with a bank account, with the IBAN and a unique reference', async () => {
    const unverified = await account();
    const refused = await ftcInvoice(unverified);
    expect(refused.status).toBe(400);
    expect(await json(refused)).toEqual({ is_ftc: [FTC_MESSAGES.kycRequired] });
    // The form offers Fiat-to-Crypto only to verified owners: a draft is refused too.
    const draft = await ftcInvoice(unverified, { state: 'DRAFT' });
    expect(draft.status).toBe(400);
    expect(await json(draft)).toEqual({ is_ftc: [FTC_MESSAGES.kycRequired] });

    const a = await activated();
    const first = await json<InvoiceOut>(await ftcInvoice(a));
    const second = await json<InvoiceOut>(await ftcInvoice(a));
    expect(first.fiat_currency).toBe('EUR');
    expect(first.total_amount).toBe('101.50000');
    expect(first.ftc).toEqual({
      bank_uuid: a.profile.bank_uuid,
      bank_iban: a.profile.bank_iban,
      bank_bic: 'COBADEFFXXX',
      payment_ref: expect.stringMatching(/^LL-[0-9A-HJKMNP-TV-Z]{10}$/) as unknown,
      kyc: 'FULL_USER',
      amount_received: '0.00',
    });
    expect(second.ftc?.payment_ref).not.toBe(first.ftc?.payment_ref);
    // The payer sees the bank details on the public invoice.
    const publicView = await json<InvoiceOut>(await new TestClient(app).get(pathOf(invoiceEndpoints.getInvoice.path, { id: first.id })));
    expect(publicView.ftc?.bank_iban).toBe(a.profile.bank_iban);
  });

  it('matches transfers by reference and exact euro amount: short stays DUE, full is PAID, unknown needs review, replays change nothing', async () => {
    const a = await activated();
    const invoice = await json<InvoiceOut>(await ftcInvoice(a));
    const reference = invoice.ftc?.payment_ref ?? '';
    const bank = { bank_account_uuid: a.profile.bank_uuid ?? '' };

    const short = await partner.receiveTransfer({ ...bank, amount: '101.49', reference: `Invoice ${reference.toLowerCase().replace('-', ' ')}` });
    expect(short.status).toBe(200);
    let view = await json<InvoiceOut>(await a.client.get(pathOf(invoiceEndpoints.getInvoice.path, { id: invoice.id })));
    expect(view.state).toBe('DUE');
    expect(view.ftc?.amount_received).toBe('101.49');

    // The same event again, and the same transfer in a new event: nothing counts twice.
    expect(await partner.deliver(short.event)).toBe(200);
    const body = JSON.parse(partner.eventBody(short.event) ?? '{}') as { data: { transfer_uuid: string } };
    await partner.receiveTransfer({ ...bank, amount: '101.49', reference, transfer_uuid: body.data.transfer_uuid });
    view = await json<InvoiceOut>(await a.client.get(pathOf(invoiceEndpoints.getInvoice.path, { id: invoice.id })));
    expect(view.ftc?.amount_received).toBe('101.49');

    await partner.receiveTransfer({ ...bank, amount: '0.01', reference });
    view = await json<InvoiceOut>(await a.client.get(pathOf(invoiceEndpoints.getInvoice.path, { id: invoice.id })));
    expect(view.state).toBe('PAID');
    expect(view.ftc?.amount_received).toBe('101.50');
    // The payment status reads the bank settlement too: PAID, not an unpaid invoice waiting for the chain.
    const status = await json<{ state: string; summary: string }>(await a.client.get(pathOf(paymentEndpoints.getPaymentStatus.path, { id: invoice.id })));
    expect(status.state).toBe('PAID');
    expect(status.summary).not.toBe('UNPAID');

    await partner.receiveTransfer({ ...bank, amount: '50.00', reference: 'no reference here' });
    await partner.receiveTransfer({ ...bank, amount: '5.00', reference });
    const review = await json<FtcTransferOut[]>(await a.client.get(`${ftcEndpoints.listFtcTransfers.path}?status=NEEDS_REVIEW`));
    expect(review.map((t) => t.amount).sort()).toEqual(['5.00', '50.00']);
    const matched = await json<FtcTransferOut[]>(await a.client.get(`${ftcEndpoints.listFtcTransfers.path}?status=MATCHED`));
    expect(matched.map((t) => t.amount).sort()).toEqual(['0.01', '101.49']);
    expect(matched.every((t) => t.invoice === invoice.id)).toBe(true);
    expect((await a.client.get(`${ftcEndpoints.listFtcTransfers.path}?status=NOPE`)).status).toBe(400);

    // The owner settles the review list: the unreferenced 50 pays another invoice in part, the extra 5 is dismissed.
    const fifty = review.find((t) => t.amount === '50.00')?.id ?? '';
    const five = review.find((t) => t.amount === '5.00')?.id ?? '';
    expect(await json(await a.client.post(pathOf(ftcEndpoints.assignFtcTransfer.path, { id: fifty }), { invoice: invoice.id }))).toEqual({ invoice: [FTC_MESSAGES.alreadyPaid] });
    const stranger = await account();
    expect((await stranger.client.post(pathOf(ftcEndpoints.assignFtcTransfer.path, { id: fifty }), { invoice: invoice.id })).status).toBe(404);
    expect((await stranger.client.post(pathOf(ftcEndpoints.dismissFtcTransfer.path, { id: five }), {})).status).toBe(404);
    const other = await json<InvoiceOut>(await ftcInvoice(a));
    expect(await json(await a.client.post(pathOf(ftcEndpoints.assignFtcTransfer.path, { id: fifty }), { invoice: other.id }))).toEqual({ status: 'MATCHED' });
    view = await json<InvoiceOut>(await a.client.get(pathOf(invoiceEndpoints.getInvoice.path, { id: other.id })));
    expect(view).toMatchObject({ state: 'DUE', ftc: { amount_received: '50.00' } });
    expect(await json(await a.client.post(pathOf(ftcEndpoints.assignFtcTransfer.path, { id: fifty }), { invoice: other.id }))).toEqual({ non_field_errors: [FTC_MESSAGES.alreadyReviewed] });
    expect(await json(await a.client.post(pathOf(ftcEndpoints.dismissFtcTransfer.path, { id: five }), {}))).toEqual({ status: 'DISMISSED' });
    expect(await json<FtcTransferOut[]>(await a.client.get(`${ftcEndpoints.listFtcTransfers.path}?status=NEEDS_REVIEW`))).toEqual([]);
  });

  it('polls the partner for transfers the webhook did not report: a full one makes the invoice PAID', async () => {
    const a = await activated();
    const invoice = await json<InvoiceOut>(await ftcInvoice(a));
    const reference = invoice.ftc?.payment_ref ?? '';
    const { transfer } = await partner.receiveTransfer({ bank_account_uuid: a.profile.bank_uuid ?? '', amount: '101.50', reference: `Rechnung ${reference}`, notify: false });
    expect((await json<InvoiceOut>(await a.client.get(pathOf(invoiceEndpoints.getInvoice.path, { id: invoice.id })))).state).toBe('DUE');

    expect((await poll()).recorded).toBe(1);
    const view = await json<InvoiceOut>(await a.client.get(pathOf(invoiceEndpoints.getInvoice.path, { id: invoice.id })));
    expect(view).toMatchObject({ state: 'PAID', ftc: { amount_received: '101.50' } });
    const listing = partner.requests.filter((r) => r.path === `/user/bank-account/unblock/${a.profile.bank_uuid ?? ''}/transactions`);
    expect(listing.at(-1)?.headers).toMatchObject({ authorization: `API-Key ${API_KEY}`, 'user-uuid': a.userUuid });
    expect(listing.at(-1)?.headers['unblock-session-id']).toBeUndefined();
    // The paid invoice's account is not asked again; the transfer stays counted once.
    const asked = listing.length;
    await poll();
    expect(partner.requests.filter((r) => r.path === `/user/bank-account/unblock/${a.profile.bank_uuid ?? ''}/transactions`)).toHaveLength(asked);
    const matched = await json<FtcTransferOut[]>(await a.client.get(`${ftcEndpoints.listFtcTransfers.path}?status=MATCHED`));
    expect(matched.map((t) => t.amount)).toEqual(['101.50']);
    expect(partner.users.get(a.userUuid)?.transactions.map((t) => t.uuid)).toEqual([transfer]);
  });

  it('counts a transfer reported by the webhook and then found by the poll once', async () => {
    const a = await activated();
    const invoice = await json<InvoiceOut>(await ftcInvoice(a));
    const bank = { bank_account_uuid: a.profile.bank_uuid ?? '' };
    const first = await partner.receiveTransfer({ ...bank, amount: '60.00', reference: invoice.ftc?.payment_ref ?? '' });
    expect(first.status).toBe(200);
    expect((await json<InvoiceOut>(await a.client.get(pathOf(invoiceEndpoints.getInvoice.path, { id: invoice.id })))).ftc?.amount_received).toBe('60.00');

    await poll();
    await poll();
    const view = await json<InvoiceOut>(await a.client.get(pathOf(invoiceEndpoints.getInvoice.path, { id: invoice.id })));
    expect(view).toMatchObject({ state: 'DUE', ftc: { amount_received: '60.00' } });
    expect(await json<FtcTransferOut[]>(await a.client.get(`${ftcEndpoints.listFtcTransfers.path}?status=MATCHED`))).toHaveLength(1);

    // Found by the poll first, the webhook's later report of the same transfer changes nothing either.
    const rest = await partner.receiveTransfer({ ...bank, amount: '41.50', reference: invoice.ftc?.payment_ref ?? '', notify: false });
    await poll();
    expect((await json<InvoiceOut>(await a.client.get(pathOf(invoiceEndpoints.getInvoice.path, { id: invoice.id })))).state).toBe('PAID');
    await partner.receiveTransfer({ ...bank, amount: '41.50', reference: invoice.ftc?.payment_ref ?? '', transfer_uuid: rest.transfer });
    const after = await json<InvoiceOut>(await a.client.get(pathOf(invoiceEndpoints.getInvoice.path, { id: invoice.id })));
    expect(after).toMatchObject({ state: 'PAID', ftc: { amount_received: '101.50' } });
    expect(await json<FtcTransferOut[]>(await a.client.get(`${ftcEndpoints.listFtcTransfers.path}?status=MATCHED`))).toHaveLength(2);
  });

  it('keeps a short polled transfer as received on a DUE invoice, and puts one without a known reference up for review', async () => {
    const a = await activated();
    const invoice = await json<InvoiceOut>(await ftcInvoice(a));
    const bank = { bank_account_uuid: a.profile.bank_uuid ?? '' };
    await partner.receiveTransfer({ ...bank, amount: '101.49', reference: invoice.ftc?.payment_ref ?? '', notify: false });
    await partner.receiveTransfer({ ...bank, amount: '12.00', reference: 'LL-0000000000 from Ada', notify: false });
    await poll();
    const view = await json<InvoiceOut>(await a.client.get(pathOf(invoiceEndpoints.getInvoice.path, { id: invoice.id })));
    expect(view).toMatchObject({ state: 'DUE', ftc: { amount_received: '101.49' } });
    const review = await json<FtcTransferOut[]>(await a.client.get(`${ftcEndpoints.listFtcTransfers.path}?status=NEEDS_REVIEW`));
    expect(review).toEqual([expect.objectContaining({ amount: '12.00', reference: 'LL-0000000000 from Ada', invoice: null }) as unknown]);
    // Another owner never sees it.
    const stranger = await account();
    expect(await json<FtcTransferOut[]>(await stranger.client.get(`${ftcEndpoints.listFtcTransfers.path}?status=NEEDS_REVIEW`))).toEqual([]);
  });

  it('refuses webhook deliveries without the right signature or with a bad body', async () => {
    const client = new TestClient(app);
    const event = JSON.stringify({ id: 'evt_forged', type: 'FIAT_TRANSFER_RECEIVED', data: { transfer_uuid: 'x', amount: '1000.00', currency: 'EUR', reference: 'LL-0000000000' } });
    const send = (body: string, signature?: string) =>
      client.request('POST', ftcEndpoints.ftcWebhook.path, { body, headers: { 'Content-Type': 'application/json', ...(signature === undefined ? {} : { 'X-Unblock-Signature': signature }) } });
    expect((await send(event)).status).toBe(401);
    expect((await send(event, 'a'.repeat(64))).status).toBe(401);
    const { createHmac } = await import('node:crypto');
    const sign = (body: string, secret = WEBHOOK_SECRET) => createHmac('sha256', secret).update(body).digest('hex');
    expect((await send(event, sign(event, 'another secret'))).status).toBe(401);
    expect((await send(`${event} `, sign(event))).status).toBe(401);
    const floatAmount = JSON.stringify({ id: 'evt_float', type: 'FIAT_TRANSFER_RECEIVED', data: { transfer_uuid: 'y', amount: 10.5, currency: 'EUR' } });
    expect((await send(floatAmount, sign(floatAmount))).status).toBe(400);
    const thirdDecimal = JSON.stringify({ id: 'evt_3', type: 'FIAT_TRANSFER_RECEIVED', data: { transfer_uuid: 'z', amount: '10.005', currency: 'EUR' } });
    expect((await send(thirdDecimal, sign(thirdDecimal))).status).toBe(400);
    const unknownAccount = await send(event, sign(event));
    expect(unknownAccount.status).toBe(200);
    expect(await json(await send(event, sign(event)))).toEqual({ processed: false });
  });

  it('takes KYC changes from the webhook (a soft failure shows on the user)', async () => {
    const a = await account();
    const userUuid = await register(a);
    await partner.setStatus(userUuid, 'SOFT_KYC_FAILED', true);
    expect((await json<{ kyc: string }>(await a.client.get(userEndpoints.getUser.path))).kyc).toBe('SOFT_KYC_FAILED');
  });

  it('updates the payout preferences with a session, says when nothing changed, and marks bank invoices paid by hand', async () => {
    const a = await activated();
    const [eth] = await suite.db.insert(wallets).values({ userId: a.userId, name: 'Eth', address: newAccount().address, network: 'ETHEREUM' }).returning();
    expect((await a.client.post(ftcEndpoints.loginFtcUser.path, { user_uuid: a.userUuid, one_time_password: '999999' })).status).toBe(400);
    expect((await a.client.post(ftcEndpoints.requestFtcCode.path, { user_uuid: a.userUuid })).status).toBe(204);
    const { ftc_session_id: session } = await verify(a, a.userUuid, ftcEndpoints.loginFtcUser.path);
    const same = await json<FtcUpdateOut>(
      await a.client.post(ftcEndpoints.updateFtcUser.path, { wallet: a.wallet, network: 'POLYGON', token: 'USDC', target_address_type: 'SELF_HOSTED', ftc_session_id: session }),
    );
    expect(same.changed).toBe(false);
    const mismatch = await a.client.post(ftcEndpoints.updateFtcUser.path, { wallet: eth?.id, network: 'POLYGON', token: 'USDT', target_address_type: 'SELF_HOSTED', ftc_session_id: session });
    expect(await json(mismatch)).toEqual({ wallet: ['Choose a wallet on POLYGON.'] });
    const changed = await json<FtcUpdateOut>(
      await a.client.post(ftcEndpoints.updateFtcUser.path, { wallet: eth?.id, network: 'ETHEREUM', token: 'USDT', target_address_type: 'HOSTED', target_address_vasp: 'Bitstamp', ftc_session_id: session }),
    );
    expect(changed.changed).toBe(true);
    expect(changed.profile).toMatchObject({ wallet: eth?.id, network_preference: 'ETHEREUM', token_preference: 'USDT', target_address_type: 'HOSTED', target_address_vasp: 'Bitstamp' });
    expect(partner.users.get(a.userUuid)?.preferences).toMatchObject({ chain: 'ethereum', token: 'USDT', target_address: changed.profile.wallet_address });
    const token = await json<FtcUpdateOut>(await a.client.post(ftcEndpoints.updateFtcToken.path, { token: 'USDC', ftc_session_id: session }));
    expect(token.profile.token_preference).toBe('USDC');

    const invoice = await json<InvoiceOut>(await ftcInvoice(a));
    const other = await account();
    expect((await other.client.post(pathOf(ftcEndpoints.markFtcInvoiceBankPaid.path, { id: invoice.id }), {})).status).toBe(404);
    expect((await a.client.post(pathOf(ftcEndpoints.markFtcInvoiceBankPaid.path, { id: invoice.id }), {})).status).toBe(204);
    expect((await json<InvoiceOut>(await a.client.get(pathOf(invoiceEndpoints.getInvoice.path, { id: invoice.id })))).state).toBe('PAID');
    expect(await json(await a.client.post(pathOf(ftcEndpoints.markFtcInvoiceBankPaid.path, { id: invoice.id }), {}))).toEqual({ non_field_errors: [FTC_MESSAGES.alreadyPaid] });

    // The invoice page's 'Mark paid' serves bank invoices too: recorded as marked, with the note.
    const second = await json<InvoiceOut>(await ftcInvoice(a));
    expect((await a.client.post(pathOf(invoiceEndpoints.markInvoicePaid.path, { id: second.id }), { note: 'Paid to the old account' })).status).toBe(200);
    expect((await json<InvoiceOut>(await a.client.get(pathOf(invoiceEndpoints.getInvoice.path, { id: second.id })))).state).toBe('PAID');
    const payments = await json<InvoicePaymentsOut>(await a.client.get(pathOf(paymentEndpoints.getInvoicePayments.path, { id: second.id })));
    expect(payments.status).toMatchObject({ state: 'PAID', summary: 'MARKED_PAID', marked_paid: true });
    expect(payments.status.paid_at).not.toBeNull();
    expect(payments.marked_note).toBe('Paid to the old account');
  });

  it('answers the partner countries from its cache', async () => {
    const a = await account();
    const before = partner.requests.filter((r) => r.path === '/supported-countries').length;
    const first = await json<{ code: string }[]>(await a.client.get(ftcEndpoints.listFtcCountries.path));
    await a.client.get(ftcEndpoints.listFtcCountries.path);
    expect(first.map((c) => c.code)).toContain('DE');
    expect(partner.requests.filter((r) => r.path === '/supported-countries').length - before).toBeLessThanOrEqual(1);
  });
});
