/**
 * Invoice payments end to end against the local anvil chains: the payer's claim, a wallet payment reported by hash
 * (email-payment), payment labels under the owner, hashes that pay nothing, the watcher finding unreported
 * transfers (one invoice fits, two fit: review, assign), confirmations, a reorganisation, rate limits, the public
 * invoice's fields, and every e-mail received by a local SMTP listener.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { createWalletClient, createPublicClient, http, parseAbi, type Address, type Hex } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import type { Hono } from 'hono';
import { API } from '../../src/shared/api-paths';
import { labelEndpoints } from '../../src/shared/contract/labels';
import type { ContactOut } from '../../src/shared/data-types';
import { pathOf } from '../../src/shared/contract/endpoint';
import { paymentEndpoints, type InvoicePaymentsOut, type PaymentStatusOut, type PublicInvoiceOut, type ReviewPaymentOut } from '../../src/shared/contract/payments';
import { invoiceEndpoints } from '../../src/shared/contract/invoices';
import type { InvoiceOut } from '../../src/shared/contract/invoices';
import { createLogger } from '../../src/server/logging/logger';
import { ACCOUNT_INDEX, DEVNET_MNEMONIC } from '../../src/server/devnet/accounts';
import { startDevnet, type Devnet } from '../../src/server/devnet/start-devnet';
import { subscriptions, wallets } from '../../src/server/db/schema';
import type { AppEnv } from '../../src/server/http/app-env';
import { createMailTransport } from '../../src/server/mail/mail-transport';
import { sendDueMail } from '../../src/server/mail/mail-job';
import { createPaymentDeps, type PaymentDeps } from '../../src/server/payments/payment-deps';
import { watchPayments } from '../../src/server/payments/payment-watcher';
import { createSyncDeps } from '../../src/server/sync/sync-deps';
import { availableDrivers } from './helpers/drivers';
import { setupSuite, testConfig } from './helpers/suite';
import { json, TestClient } from './helpers/test-client';
import { newAccount, signInWithWallet } from './helpers/sign-in';

const ERC20 = parseAbi(['function mint(address to, uint256 value)', 'function transfer(address to, uint256 value) returns (bool)']);
// The devnet's deployer may mint the mock tokens; it pays the invoices here.
const payer = mnemonicToAccount(DEVNET_MNEMONIC, { addressIndex: ACCOUNT_INDEX.deployer });

interface Mail {
  to: string;
  raw: string;
}

let devnet: Devnet;
let smtp: SMTPServer;
let smtpPort = 0;
let prices: Server;
let pricesUrl = '';
/** While true the price server answers 503, as a price provider in an outage. */
let pricesDown = false;
const inbox: Mail[] = [];

beforeAll(async () => {
  devnet = await startDevnet({ ethereumPort: 0, polygonPort: 0 });
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, session, done) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        // Quoted-printable soft line breaks joined, so texts and links read whole.
        for (const to of session.envelope.rcptTo) inbox.push({ to: to.address, raw: raw.replace(/=\r?\n/g, '') });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as { port: number }).port;
  // DefiLlama's shape: every devnet ERC-20 at one US dollar, now and at any past time.
  prices = createServer((req, res) => {
    if (pricesDown) {
      res.writeHead(503).end();
      return;
    }
    const match = /^\/prices\/(?:current|historical\/\d+)\/(.+)$/.exec(new URL(req.url ?? '/', 'http://x').pathname);
    const coins: Record<string, object> = {};
    for (const coin of match ? decodeURIComponent(match[1] ?? '').split(',') : []) {
      if (/^(ethereum|polygon):0x[0-9a-fA-F]{40}$/.test(coin)) coins[coin] = { price: 1, symbol: 'USD', decimals: 6, timestamp: Math.floor(Date.now() / 1000), confidence: 0.99 };
    }
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ coins }));
  });
  await new Promise<void>((resolve) => prices.listen(0, '127.0.0.1', resolve));
  pricesUrl = `http://127.0.0.1:${String((prices.address() as { port: number }).port)}`;
}, 120_000);

afterAll(async () => {
  await devnet?.stop();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  await new Promise<void>((resolve) => (prices ? prices.close(() => resolve()) : resolve()));
});

const port = (url: string) => new URL(url).port;

describe.each(availableDrivers())('invoice payments on %s', (kind) => {
  const suite = setupSuite(kind);
  let env: NodeJS.ProcessEnv;
  let app: Hono<AppEnv>;
  let deps: PaymentDeps;

  const polygon = () => createPublicClient({ transport: http(devnet.polygonRpcUrl) });
  const wallet = () => createWalletClient({ account: payer, transport: http(devnet.polygonRpcUrl), chain: { id: 137, name: 'Polygon devnet', nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 }, rpcUrls: { default: { http: [devnet.polygonRpcUrl] } } } });

  async function pay(to: string, amount: bigint): Promise<Hex> {
    const usdc = devnet.contracts.usdc;
    await polygon().waitForTransactionReceipt({ hash: await wallet().writeContract({ address: usdc, abi: ERC20, functionName: 'mint', args: [payer.address, amount] }) });
    const hash = await wallet().writeContract({ address: usdc, abi: ERC20, functionName: 'transfer', args: [to as Address, amount] });
    await polygon().waitForTransactionReceipt({ hash });
    return hash;
  }
  const mine = (blocks: number) => polygon().request({ method: 'anvil_mine' as never, params: [`0x${blocks.toString(16)}`] as never });
  const flushMail = async () => sendDueMail({ db: suite.db, logger: createLogger('silent'), now: () => new Date(), transport: createMailTransport(testConfig(env).mail) });
  const mailTo = (to: string, subject: string) => inbox.filter((m) => m.to === to && m.raw.includes(subject));

  beforeAll(() => {
    env = {
      DEVNET: '1',
      DEVNET_HOST: '127.0.0.1',
      DEVNET_ETHEREUM_PORT: port(devnet.ethereumRpcUrl),
      DEVNET_POLYGON_PORT: port(devnet.polygonRpcUrl),
      DEFILLAMA_BASE_URL: pricesUrl,
      FRANKFURTER_BASE_URL: 'http://127.0.0.1:9',
      COINGECKO_BASE_URL: 'http://127.0.0.1:9',
      PAYMENT_CONFIRMATIONS: 'POLYGON=2',
      SMTP_URL: `smtp://127.0.0.1:${String(smtpPort)}`,
      PAY_RATE_LIMIT_PER_IP: '1000',
      PAY_RATE_LIMIT_PER_INVOICE: '1000',
    };
    app = suite.makeApp({ env });
    const config = testConfig(env);
    deps = createPaymentDeps({ db: suite.db, logger: createLogger('silent'), now: () => suite.clock.now(), config, jobs: suite.jobs, prices: createSyncDeps({ db: suite.db, config, logger: createLogger('silent') }).prices });
  });

  async function owner() {
    const client = new TestClient(app);
    const user = await signInWithWallet(client);
    await suite.db.insert(subscriptions).values({ userId: user.id, planCode: 'PLUS', startedAt: suite.clock.now() }).onConflictDoUpdate({ target: subscriptions.userId, set: { planCode: 'PLUS', endsAt: null, cancelledAt: null } });
    const contact = await json<ContactOut>(
      await client.post(API.contacts, { first_name: 'Ada', last_name: 'Lovelace', email: `ada-${user.id.slice(0, 8)}@example.com`, address_line1: '1 Row', country: 'UK', city: 'London', postal_code: 'N1' }),
    );
    const address = newAccount().address.toLowerCase();
    const [row] = await suite.db.insert(wallets).values({ userId: user.id, name: 'Receiving', address, network: 'POLYGON' }).returning();
    return { client, userId: user.id, contact: contact.id, wallet: row?.id ?? '', address };
  }

  async function invoice(o: Awaited<ReturnType<typeof owner>>, unitPrice: string, extra: Record<string, unknown> = {}): Promise<InvoiceOut> {
    const today = suite.clock.now().toISOString().slice(0, 10);
    const response = await o.client.post(invoiceEndpoints.createInvoice.path, {
      name: `Invoice ${unitPrice}`,
      state: 'DUE',
      issued_at: today,
      expires_at: '2099-12-31',
      fiat_currency: 'USD',
      contact: o.contact,
      owner: { first_name: 'Grace', last_name: 'Hopper', email: `grace-${o.userId.slice(0, 8)}@example.com`, address_line1: '1 Way', city: 'A', postal_code: '1', country: 'US' },
      wallet: o.wallet,
      token: 'USDC',
      items: [{ name: 'Work', quantity: '1', unit_price: unitPrice, discount: '0', tax: '0' }],
      ...extra,
    });
    expect(response.status, await response.clone().text()).toBe(201);
    return json<InvoiceOut>(response);
  }

  const status = async (id: string) => json<PaymentStatusOut>(await new TestClient(app).get(pathOf(paymentEndpoints.getPaymentStatus.path, { id })));

  it('the public invoice has what a payer needs and no internal ids; drafts are 404; attachments are served', async () => {
    const o = await owner();
    const png = `data:image/png;base64,${Buffer.from('not really a png').toString('base64')}`;
    const inv = await invoice(o, '120', { attachments: [{ name: 'terms.png', data: png }] });
    const visitor = new TestClient(app);
    for (const path of [pathOf(invoiceEndpoints.getInvoice.path, { id: inv.id }), pathOf(paymentEndpoints.getPayInvoice.path, { id: inv.id })]) {
      const body = await json<PublicInvoiceOut & Record<string, unknown>>(await visitor.get(path));
      expect(body.document_id).toBeUndefined();
      expect(body.contact).not.toHaveProperty('id');
      expect(body.wallet).toEqual({ network: 'POLYGON', address: o.address });
      expect(body.items[0]).not.toHaveProperty('id');
      expect(body.attachments).toEqual([{ name: 'terms.png', url: pathOf(paymentEndpoints.getInvoiceAttachment.path, { id: inv.id, index: 0 }) }]);
      expect(body.token).toMatchObject({ symbol: 'USDC', decimals: 6 });
      expect(body.payment).toMatchObject({ state: 'DUE', summary: 'UNPAID', amount_paid: '0', amount_due: '120' });
      expect(JSON.stringify(body)).not.toContain(o.contact);
      expect(JSON.stringify(body)).not.toContain(o.wallet);
    }
    const file = await visitor.get(pathOf(paymentEndpoints.getInvoiceAttachment.path, { id: inv.id, index: 0 }));
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(await file.text()).toBe('not really a png');
    expect((await visitor.get(pathOf(paymentEndpoints.getInvoiceAttachment.path, { id: inv.id, index: 1 }))).status).toBe(404);
    const draft = await json<InvoiceOut>(await o.client.post(invoiceEndpoints.createInvoice.path, { name: 'Draft', attachments: [{ name: 'a.png', data: png }] }));
    expect((await visitor.get(pathOf(invoiceEndpoints.getInvoice.path, { id: draft.id }))).status).toBe(404);
    expect((await visitor.get(pathOf(paymentEndpoints.getPayInvoice.path, { id: draft.id }))).status).toBe(404);
    expect((await visitor.get(pathOf(paymentEndpoints.getInvoiceAttachment.path, { id: draft.id, index: 0 }))).status).toBe(404);
    expect((await o.client.get(pathOf(paymentEndpoints.getInvoiceAttachment.path, { id: draft.id, index: 0 }))).status).toBe(200);
    // The contact received the invoice with its pay link and PDF.
    await flushMail();
    const [sent] = mailTo(`ada-${o.userId.slice(0, 8)}@example.com`, `Invoice ${inv.name}`);
    expect(sent?.raw).toContain(`/pay-invoice/${inv.id}`);
    expect(sent?.raw).toContain('application/pdf');
  }, 60_000);

  it("a payer's claim without a hash shows payment reported (PROCESSING) and never becomes PAID by itself", async () => {
    const o = await owner();
    const inv = await invoice(o, '50');
    const visitor = new TestClient(app);
    const payerEmail = `payer-${o.userId.slice(0, 8)}@example.com`;
    const claimed = await visitor.post(pathOf(paymentEndpoints.claimPayment.path, { id: inv.id }), { method: 'BANK', email: payerEmail });
    expect(claimed.status).toBe(202);
    expect(await json<PaymentStatusOut>(claimed)).toMatchObject({ state: 'PROCESSING', summary: 'REPORTED', payment_reported: true, amount_paid: '0' });
    await mine(5);
    await watchPayments(deps);
    expect(await status(inv.id)).toMatchObject({ state: 'PROCESSING', summary: 'REPORTED' });
    await flushMail();
    expect(mailTo(`grace-${o.userId.slice(0, 8)}@example.com`, 'Payment reported')).toHaveLength(1);
    expect(mailTo(payerEmail, 'you paid')).toHaveLength(1);
    // The owner sees the claim with the payer's e-mail; strangers do not.
    const payments = await json<InvoicePaymentsOut>(await o.client.get(pathOf(paymentEndpoints.getInvoicePayments.path, { id: inv.id })));
    expect(payments.claims).toEqual([expect.objectContaining({ method: 'BANK', email: payerEmail, tx_hash: null })]);
    expect((await visitor.get(pathOf(paymentEndpoints.getInvoicePayments.path, { id: inv.id }))).status).toBe(401);
    // The owner marks it paid by hand: recorded as marked.
    const marked = await o.client.post(pathOf(invoiceEndpoints.markInvoicePaid.path, { id: inv.id }), { note: 'Bank transfer received' });
    expect(marked.status).toBe(200);
    expect(await status(inv.id)).toMatchObject({ state: 'PAID', summary: 'MARKED_PAID', marked_paid: true });
  }, 60_000);

  it('a wallet payment reported by hash is verified on the chain: PROCESSING, then PAID after the confirmations; counted once', async () => {
    const o = await owner();
    const inv = await invoice(o, '75.5');
    const other = await invoice(o, '75.5');
    const hash = await pay(o.address, 75_500_000n);
    const walletPayer = `wallet-payer-${o.userId.slice(0, 8)}@example.com`;
    const visitor = new TestClient(app);
    const label = await visitor.post(labelEndpoints.createTransactionLabel.path, { name: `Payment of ${inv.name}`, tx_hash: hash, invoice: inv.id });
    expect(label.status).toBe(201);
    const reported = await visitor.post(paymentEndpoints.emailPayment.path, { hash, data: { invoice: inv.id, email: walletPayer } });
    expect(reported.status).toBe(202);
    const processing = await json<PaymentStatusOut>(reported);
    expect(processing).toMatchObject({ state: 'PROCESSING', summary: 'CONFIRMING', amount_paid: '75.5', amount_paid_token: '75.5', confirmations_required: 2 });
    expect(processing.payments).toEqual([expect.objectContaining({ tx_hash: hash, amount: '75.5', value: '75.5', confirmed: false, source: 'REPORTED', explorer_url: `https://polygonscan.com/tx/${hash}` })]);
    // Reported again, or for another invoice: counted once, for this invoice only.
    expect((await visitor.post(paymentEndpoints.emailPayment.path, { hash, data: { invoice: inv.id } })).status).toBe(202);
    const twice = await visitor.post(pathOf(paymentEndpoints.claimPayment.path, { id: other.id }), { tx_hash: hash });
    expect(twice.status).toBe(400);
    expect(await twice.json()).toEqual({ tx_hash: ['This transaction is already counted for another invoice.'] });
    await mine(1);
    await watchPayments(deps);
    expect(await status(inv.id)).toMatchObject({ state: 'PAID', summary: 'PAID', paid_late: false, overpaid: false });
    expect(await status(other.id)).toMatchObject({ state: 'DUE', amount_paid: '0' });
    await flushMail();
    expect(mailTo(`grace-${o.userId.slice(0, 8)}@example.com`, 'Payment seen')).toHaveLength(1);
    expect(mailTo(`grace-${o.userId.slice(0, 8)}@example.com`, 'is paid')).toHaveLength(1);
    expect(mailTo(walletPayer, 'Your payment of invoice')).toHaveLength(1);
    expect(mailTo(walletPayer, 'We told the sender')).toHaveLength(1);
  }, 60_000);

  it('a payment recorded while no price is known counts once a price is: the watcher values it and the invoice is paid', async () => {
    const o = await owner();
    const inv = await invoice(o, '42');
    const hash = await pay(o.address, 42_000_000n);
    // An app and a watcher of their own: nothing of this block's prices is in their response caches yet.
    const config = testConfig(env);
    const fresh = createPaymentDeps({ db: suite.db, logger: createLogger('silent'), now: () => suite.clock.now(), config, jobs: suite.jobs, prices: createSyncDeps({ db: suite.db, config, logger: createLogger('silent') }).prices });
    pricesDown = true;
    try {
      const reported = await new TestClient(suite.makeApp({ env })).post(paymentEndpoints.emailPayment.path, { hash, data: { invoice: inv.id } });
      expect(reported.status).toBe(202);
      const unpriced = await json<PaymentStatusOut>(reported);
      // Verified and listed with the invoice, but it counts towards the total only once it has a value.
      expect(unpriced).toMatchObject({ state: 'DUE', amount_paid: '0' });
      expect(unpriced.payments).toEqual([expect.objectContaining({ tx_hash: hash, amount: '42', value: null })]);
      await mine(1);
      await watchPayments(fresh);
      expect(await status(inv.id)).toMatchObject({ state: 'DUE', amount_paid: '0' });
    } finally {
      pricesDown = false;
    }
    expect((await watchPayments(fresh)).valued).toBe(1);
    const paid = await status(inv.id);
    expect(paid).toMatchObject({ state: 'PAID', amount_paid: '42' });
    expect(paid.payments).toEqual([expect.objectContaining({ tx_hash: hash, value: '42', confirmed: true })]);
    expect((await watchPayments(fresh)).valued).toBe(0);
  }, 60_000);

  it('a payer reporting the transfer the watcher already counted is told it is paid; other claims on a paid invoice are refused', async () => {
    const o = await owner();
    const inv = await invoice(o, '12.25');
    await watchPayments(deps); // the cursor starts here
    const hash = await pay(o.address, 12_250_000n);
    await mine(2);
    await watchPayments(deps);
    expect(await status(inv.id)).toMatchObject({ state: 'PAID' });
    const late = `late-payer-${o.userId.slice(0, 8)}@example.com`;
    const visitor = new TestClient(app);
    const claimed = await visitor.post(pathOf(paymentEndpoints.claimPayment.path, { id: inv.id }), { tx_hash: hash, email: late });
    expect(claimed.status, await claimed.clone().text()).toBe(202);
    expect(await json<PaymentStatusOut>(claimed)).toMatchObject({ state: 'PAID' });
    const other = await pay(newAccount().address, 1_000_000n);
    const refused = await visitor.post(pathOf(paymentEndpoints.claimPayment.path, { id: inv.id }), { tx_hash: other });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ non_field_errors: ['This invoice is not awaiting payment.'] });
    const bare = await visitor.post(pathOf(paymentEndpoints.claimPayment.path, { id: inv.id }), { method: 'BANK' });
    expect(bare.status).toBe(400);
    await flushMail();
    expect(mailTo(late, 'Your payment of invoice')).toHaveLength(1);
    expect(mailTo(late, 'We told the sender')).toHaveLength(0);
  }, 60_000);

  it('a hash that pays nothing of the invoice is refused with a clear 400', async () => {
    const o = await owner();
    const inv = await invoice(o, '20');
    const elsewhere = await pay(newAccount().address, 20_000_000n);
    const refused = await new TestClient(app).post(paymentEndpoints.emailPayment.path, { hash: elsewhere, data: { invoice: inv.id } });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ hash: ["This transaction pays no USDC to this invoice's address on Polygon."] });
    const label = await new TestClient(app).post(labelEndpoints.createTransactionLabel.path, { name: 'x', tx_hash: elsewhere, invoice: inv.id });
    expect(label.status).toBe(400);
    expect(await status(inv.id)).toMatchObject({ state: 'DUE', payments: [] });
  }, 60_000);

  it('the watcher assigns an unreported transfer that fits one invoice, keeps one fitting two for review, and the owner assigns it', async () => {
    const o = await owner();
    const small = await invoice(o, '100');
    const large = await invoice(o, '250');
    const twin = await invoice(o, '100');
    await watchPayments(deps); // the cursor starts here
    await pay(o.address, 250_000_000n);
    const ambiguous = await pay(o.address, 100_000_000n);
    await mine(2);
    const report = await watchPayments(deps);
    expect(report).toMatchObject({ assigned: 1, review: 1 });
    expect(await status(large.id)).toMatchObject({ state: 'PAID', amount_paid: '250' });
    expect(await status(small.id)).toMatchObject({ state: 'DUE' });
    const review = await json<ReviewPaymentOut[]>(await o.client.get(paymentEndpoints.listReviewPayments.path));
    expect(review).toEqual([expect.objectContaining({ tx_hash: ambiguous, reason: 'AMBIGUOUS', amount: '100' })]);
    expect(review[0]?.candidates.map((c) => c.invoice).sort()).toEqual([small.id, twin.id].sort());
    // The owner was told by e-mail, with the amount and the transaction.
    await flushMail();
    const [reviewMail, ...moreReviewMails] = mailTo(`grace-${o.userId.slice(0, 8)}@example.com`, 'Subject: A payment needs your review');
    expect(moreReviewMails).toHaveLength(0);
    expect(reviewMail?.raw).toContain(`100 USDC arrived on Polygon (transaction ${ambiguous})`);
    // Nobody else sees or assigns it.
    const stranger = new TestClient(app);
    await signInWithWallet(stranger);
    expect(await json<unknown[]>(await stranger.get(paymentEndpoints.listReviewPayments.path))).toEqual([]);
    expect((await stranger.post(pathOf(paymentEndpoints.assignPayment.path, { id: review[0]?.id ?? '' }), { invoice: small.id })).status).toBe(404);
    const assigned = await o.client.post(pathOf(paymentEndpoints.assignPayment.path, { id: review[0]?.id ?? '' }), { invoice: twin.id });
    expect(assigned.status).toBe(200);
    expect(await json<PaymentStatusOut>(assigned)).toMatchObject({ state: 'PAID', payments: [expect.objectContaining({ source: 'ASSIGNED' })] });
    expect(await json<unknown[]>(await o.client.get(paymentEndpoints.listReviewPayments.path))).toEqual([]);
  }, 60_000);

  it('a transfer needing review at a receiving address two owners share is in both review lists, each with only its own invoices', async () => {
    const a = await owner();
    const b = await owner();
    // B's wallet receives at A's address.
    const [shared] = await suite.db.insert(wallets).values({ userId: b.userId, name: 'Shared', address: a.address, network: 'POLYGON' }).returning();
    const mineA = await invoice(a, '40', { name: 'A work' });
    const mineB = await invoice({ ...b, wallet: shared?.id ?? '', address: a.address }, '40', { name: 'B work' });
    await watchPayments(deps); // the cursor starts here
    const hash = await pay(a.address, 40_000_000n);
    await mine(2);
    expect(await watchPayments(deps)).toMatchObject({ assigned: 0, review: 1 });
    const listA = await json<ReviewPaymentOut[]>(await a.client.get(paymentEndpoints.listReviewPayments.path));
    const listB = await json<ReviewPaymentOut[]>(await b.client.get(paymentEndpoints.listReviewPayments.path));
    expect(listA).toEqual([expect.objectContaining({ tx_hash: hash, reason: 'AMBIGUOUS', amount: '40' })]);
    expect(listB).toEqual([expect.objectContaining({ tx_hash: hash, reason: 'AMBIGUOUS', amount: '40' })]);
    expect(listA[0]?.candidates.map((c) => c.invoice)).toEqual([mineA.id]);
    expect(listB[0]?.candidates.map((c) => c.invoice)).toEqual([mineB.id]);
    // No owner sees the other's invoice.
    expect(JSON.stringify(listA)).not.toContain(mineB.id);
    expect(JSON.stringify(listA)).not.toContain('B work');
    expect(JSON.stringify(listB)).not.toContain(mineA.id);
    expect(JSON.stringify(listB)).not.toContain('A work');
    // Both owners were told.
    await flushMail();
    for (const o of [a, b]) {
      const mails = mailTo(`grace-${o.userId.slice(0, 8)}@example.com`, 'Subject: A payment needs your review');
      expect(mails).toHaveLength(1);
      expect(mails[0]?.raw).toContain(`40 USDC arrived on Polygon (transaction ${hash})`);
    }
    // An owner assigns only to their own invoice; once B assigns it, it leaves A's list and A can no longer take it.
    expect((await b.client.post(pathOf(paymentEndpoints.assignPayment.path, { id: listB[0]?.id ?? '' }), { invoice: mineA.id })).status).toBe(400);
    const assigned = await b.client.post(pathOf(paymentEndpoints.assignPayment.path, { id: listB[0]?.id ?? '' }), { invoice: mineB.id });
    expect(assigned.status).toBe(200);
    expect(await json<PaymentStatusOut>(assigned)).toMatchObject({ state: 'PAID', amount_paid: '40' });
    expect(await json<unknown[]>(await a.client.get(paymentEndpoints.listReviewPayments.path))).toEqual([]);
    expect(await json<unknown[]>(await b.client.get(paymentEndpoints.listReviewPayments.path))).toEqual([]);
    expect((await a.client.post(pathOf(paymentEndpoints.assignPayment.path, { id: listA[0]?.id ?? '' }), { invoice: mineA.id })).status).toBe(404);
    // Counted once, for B's invoice only.
    expect(await status(mineA.id)).toMatchObject({ state: 'DUE', amount_paid: '0', payments: [] });
    const twice = await new TestClient(app).post(pathOf(paymentEndpoints.claimPayment.path, { id: mineA.id }), { tx_hash: hash });
    expect(await twice.json()).toEqual({ tx_hash: ['This transaction is already counted for another invoice.'] });
  }, 60_000);

  it("a transfer in review at a shared address dismissed by one owner stays in the other owner's list", async () => {
    const a = await owner();
    const b = await owner();
    const [shared] = await suite.db.insert(wallets).values({ userId: b.userId, name: 'Shared', address: a.address, network: 'POLYGON' }).returning();
    const mineA = await invoice(a, '60');
    const mineB = await invoice({ ...b, wallet: shared?.id ?? '', address: a.address }, '60');
    await watchPayments(deps);
    const hash = await pay(a.address, 60_000_000n);
    await mine(2);
    await watchPayments(deps);
    const [rowA] = await json<ReviewPaymentOut[]>(await a.client.get(paymentEndpoints.listReviewPayments.path));
    expect((await b.client.post(pathOf(paymentEndpoints.dismissPayment.path, { id: rowA?.id ?? '' }), {})).status).toBe(204);
    expect(await json<unknown[]>(await b.client.get(paymentEndpoints.listReviewPayments.path))).toEqual([]);
    const listA = await json<ReviewPaymentOut[]>(await a.client.get(paymentEndpoints.listReviewPayments.path));
    expect(listA).toEqual([expect.objectContaining({ tx_hash: hash })]);
    expect(listA[0]?.candidates.map((c) => c.invoice)).toEqual([mineA.id]);
    expect((await b.client.post(pathOf(paymentEndpoints.assignPayment.path, { id: rowA?.id ?? '' }), { invoice: mineB.id })).status).toBe(404);
    expect((await a.client.post(pathOf(paymentEndpoints.assignPayment.path, { id: rowA?.id ?? '' }), { invoice: mineA.id })).status).toBe(200);
  }, 60_000);

  it('a payment removed by a reorganisation reverts the state', async () => {
    const o = await owner();
    const inv = await invoice(o, '30');
    const snapshot = await polygon().request({ method: 'evm_snapshot' as never });
    const hash = await pay(o.address, 30_000_000n);
    expect((await new TestClient(app).post(pathOf(paymentEndpoints.claimPayment.path, { id: inv.id }), { tx_hash: hash })).status).toBe(202);
    expect(await status(inv.id)).toMatchObject({ state: 'PROCESSING' });
    await polygon().request({ method: 'evm_revert' as never, params: [snapshot] as never });
    await mine(3);
    await watchPayments(deps);
    expect(await status(inv.id)).toMatchObject({ state: 'DUE', amount_paid: '0', payments: [] });
    // The owner was told by e-mail, naming the invoice and what is paid so far.
    await flushMail();
    const [reverted, ...moreReverted] = mailTo(`grace-${o.userId.slice(0, 8)}@example.com`, `Subject: Invoice ${inv.name} is awaiting payment again`);
    expect(moreReverted).toHaveLength(0);
    expect(reverted?.raw).toContain(`A payment counted for invoice ${inv.name} is no longer on the chain`);
    expect(reverted?.raw).toContain('Paid so far: 0 USD.');
  }, 60_000);

  it('payer calls are rate limited per client IP and invoice; the owner is not', async () => {
    const limited = suite.makeApp({ env: { ...env, TRUST_PROXY: 'true', PAY_RATE_LIMIT_PER_INVOICE: '2', PAY_RATE_LIMIT_PER_IP: '4' } });
    const o = await owner();
    const a = await invoice(o, '15');
    const b = await invoice(o, '16');
    const stranger = new TestClient(limited, { 'x-forwarded-for': '203.0.113.9' });
    expect((await stranger.get(pathOf(invoiceEndpoints.getInvoice.path, { id: a.id }))).status).toBe(200);
    expect((await stranger.post(pathOf(paymentEndpoints.claimPayment.path, { id: a.id }), {})).status).toBe(202);
    expect((await stranger.get(pathOf(invoiceEndpoints.getInvoice.path, { id: a.id }))).status).toBe(429);
    expect((await stranger.get(pathOf(paymentEndpoints.getPaymentStatus.path, { id: b.id }))).status).toBe(200);
    expect((await stranger.get(pathOf(invoiceEndpoints.getInvoice.path, { id: b.id }))).status).toBe(429);
    // The stranger spent only their own IP's budget: the real payer and the owner are served.
    const payerClient = new TestClient(limited, { 'x-forwarded-for': '198.51.100.7' });
    expect((await payerClient.get(pathOf(invoiceEndpoints.getInvoice.path, { id: a.id }))).status).toBe(200);
    for (let i = 0; i < 5; i += 1) expect((await o.client.get(pathOf(invoiceEndpoints.getInvoice.path, { id: a.id }))).status).toBe(200);
  }, 60_000);
});
