import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import { createWalletClient, encodeFunctionData, erc20Abi, http, parseUnits, type Hex } from 'viem';
import { generatePrivateKey, mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';
import { apiFromPage, INVOICE_CONTACT, INVOICE_OWNER } from './support/app-data';
import { expectNoSeriousA11yViolations, freshAccountIndex, signInWithTestWallet } from './support/data-screens';
import { DEVNET_RPC, installTestWallet } from './support/test-wallet';

test.use({ bypassCSP: true });

const POLYGON_RPC = DEVNET_RPC['0x89'] ?? '';
const MNEMONIC = 'test test test test test test test test test test test junk';
/** Anvil's first account: it deployed the mock tokens, so it may mint them. */
const DEPLOYER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
/** Where the e2e server writes e-mails when no SMTP server is set (src/scripts/e2e-server.mjs). */
const OUTBOX = join(process.cwd(), '.tmp', `e2e-data-${process.env.E2E_PORT ?? '8123'}`, 'outbox');

async function rpc(url: string, method: string, params: unknown[] = []): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await response.json()) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}

async function usdcBalance(token: Hex, holder: string): Promise<bigint> {
  const data = encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [holder as Hex] });
  return BigInt((await rpc(POLYGON_RPC, 'eth_call', [{ to: token, data }, 'latest'])) as string);
}

/** Gives `address` gas money and `usdc` whole USDC on the Polygon devnet (minted by the deployer). */
async function fundOnPolygon(token: Hex, address: Hex, usdc: string): Promise<void> {
  await rpc(POLYGON_RPC, 'anvil_setBalance', [address, '0x56bc75e2d63100000']);
  const data = encodeFunctionData({
    abi: [{ type: 'function', name: 'mint', stateMutability: 'nonpayable', inputs: [{ type: 'address' }, { type: 'uint256' }], outputs: [] }],
    functionName: 'mint',
    args: [address, parseUnits(usdc, 6)],
  });
  const hash = (await rpc(POLYGON_RPC, 'eth_sendTransaction', [{ from: DEPLOYER, to: token, data }])) as Hex;
  await expect.poll(() => rpc(POLYGON_RPC, 'eth_getTransactionReceipt', [hash]).then((receipt) => receipt !== null)).toBe(true);
}

interface IssuedInvoice {
  id: string;
  name: string;
  recipient: Hex;
  usdc: Hex;
}

/**
 * The owner (signed in on `page`) receives on a new Polygon address of theirs and issues a USDC invoice of 25 USD
 * (1 USDC = 1 USD on the e2e server) to a new contact.
 */
async function issuePolygonInvoice(page: Page, name: string): Promise<IssuedInvoice> {
  const recipient = privateKeyToAccount(generatePrivateKey()).address;
  const wallet = await apiFromPage(page, 'POST', '/api/wallets', { name: 'Polygon receiving', address: recipient, network: 'POLYGON' });
  expect(wallet.status, JSON.stringify(wallet.body)).toBe(201);
  const tokens = (await apiFromPage(page, 'GET', '/api/tokens?network=POLYGON')).body as { id: string; symbol: string; address?: string }[];
  const usdc = tokens.find((token) => token.symbol === 'USDC');
  expect(usdc).toBeDefined();
  const contact = await apiFromPage(page, 'POST', '/api/contacts', INVOICE_CONTACT);
  expect(contact.status).toBe(201);
  const created = await apiFromPage(page, 'POST', '/api/invoices', {
    name,
    state: 'DUE',
    issued_at: '2026-01-01',
    expires_at: '2099-12-31',
    fiat_currency: 'USD',
    contact: (contact.body as { id: string }).id,
    owner: INVOICE_OWNER,
    wallet: (wallet.body as { id: string }).id,
    token: usdc?.id,
    message: 'Thank you for your business.',
    items: [{ name: 'Consulting', quantity: '1', unit_price: '25', discount: '0', tax: '0' }],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const invoice = created.body as { id: string; contract_address: string | null };
  expect(invoice.contract_address).toMatch(/^0x[0-9a-fA-F]{40}$/);
  return { id: invoice.id, name, recipient, usdc: invoice.contract_address as Hex };
}

/** A second browser, as the payer's phone (or desktop), signed out. */
async function payerPage(browser: Browser, page: Page): Promise<Page> {
  const viewport = page.viewportSize() ?? { width: 390, height: 844 };
  const phone = viewport.width < 769;
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport,
    isMobile: phone,
    hasTouch: phone,
    bypassCSP: true,
    // The payer's browser lets the page copy (a headless browser has no one to ask).
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  return context.newPage();
}

/**
 * Counts the requests `page` sends for the public invoice `id`, and tells whether the shell's boot script asked for
 * it and the app took that answer (src/app/lib/early-requests.ts).
 */
function watchInvoiceRequests(page: Page, id: string) {
  const path = `/api/pay-invoices/${id}`;
  let sent = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === path) sent += 1;
  });
  return {
    sent: () => sent,
    takenFromBoot: () =>
      page.evaluate((url) => {
        const early = (window as { ledgerloopEarlyRequests?: Record<string, unknown> }).ledgerloopEarlyRequests ?? {};
        return url in early && early[url] === undefined;
      }, path),
  };
}

async function invoiceState(page: Page, id: string): Promise<string> {
  const answer = await apiFromPage(page, 'GET', `/api/invoices/${id}`);
  return (answer.body as { state: string }).state;
}

/** The QR code's pixels, scaled up with a white border, decoded with jsQR. */
async function decodeQr(page: Page, name: string | RegExp): Promise<{ text: string; bytes: number[] }> {
  const canvas = page.getByRole('img', { name });
  await expect(canvas).toBeVisible();
  // Drawn: lean-qr sizes the canvas to the code (a square), replacing the default 300 × 150.
  await expect.poll(() => canvas.evaluate((element) => (element as HTMLCanvasElement).width === (element as HTMLCanvasElement).height)).toBe(true);
  const image = await canvas.evaluate((element) => {
    const source = element as HTMLCanvasElement;
    const data = source.getContext('2d')?.getImageData(0, 0, source.width, source.height);
    return { width: source.width, height: source.height, pixels: Array.from(data?.data ?? []) };
  });
  const scale = 6;
  const width = image.width * scale;
  const height = image.height * scale;
  const scaled = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const from = (Math.floor(y / scale) * image.width + Math.floor(x / scale)) * 4;
      scaled.set(image.pixels.slice(from, from + 4), (y * width + x) * 4);
    }
  }
  const code = jsQR(scaled, width, height);
  expect(code, 'the QR code decodes').not.toBeNull();
  return { text: code?.data ?? '', bytes: code?.binaryData ?? [] };
}

function outboxMessages(): string[] {
  try {
    return readdirSync(OUTBOX)
      .filter((file) => file.endsWith('.eml'))
      .map((file) => readFileSync(join(OUTBOX, file), 'utf8'));
  } catch {
    return [];
  }
}

test('a payer pays a USDC invoice on Polygon from a browser wallet; the invoice becomes PAID and the owner is told', async ({
  page,
  browser,
}) => {
  test.skip(test.info().project.name !== 'phone', 'the journey runs at phone size; the desktop layout is checked below');
  test.setTimeout(150_000);
  await signInWithTestWallet(page, freshAccountIndex());
  const invoice = await issuePolygonInvoice(page, `Wallet payment ${String(Date.now())}`);

  const payer = await payerPage(browser, page);
  const payerIndex = freshAccountIndex();
  const wallet = await installTestWallet(payer, payerIndex);
  await fundOnPolygon(invoice.usdc, mnemonicToAccount(MNEMONIC, { addressIndex: payerIndex }).address, '100');
  const before = await usdcBalance(invoice.usdc, invoice.recipient);

  await payer.goto(`/pay-invoice/${invoice.id}`);
  await expect(payer.getByRole('heading', { name: 'Invoice from Grace Hopper', level: 1 })).toBeVisible();
  await expect(payer.getByRole('article', { name: 'Invoice' })).toContainText('SENT');
  await expect(payer.getByRole('article', { name: 'Invoice' })).toContainText('Consulting');
  await expect(payer.getByRole('article', { name: 'Invoice' })).toContainText('Analytical Engines');
  await expectNoSeriousA11yViolations(payer);
  await payer.getByRole('button', { name: 'Pay Invoice' }).click();

  await expect(payer).toHaveURL(new RegExp(`/pay-invoice/${invoice.id}/payment$`));
  const summary = payer.getByRole('region', { name: 'Invoice summary' });
  await expect(summary).toContainText('Grace Hopper');
  await expect(summary).toContainText('$25.00');
  await expect(summary.getByTestId('token-amount')).toHaveText('≈ 25.0000 USDC*');
  await expect(summary).toContainText('Thank you for your business.');
  await expect(summary).toContainText('Ada Lovelace, Analytical Engines');
  await expect(summary).toContainText('*Price will update in');
  const countdown = summary.getByTestId('quote-countdown');
  await expect(countdown).toHaveText(/^[0-3]:\d\d$/);
  const first = await countdown.textContent();
  await expect(countdown).not.toHaveText(first ?? '');
  await expect(payer.getByRole('tab', { name: 'Wallet' })).toHaveAttribute('aria-selected', 'true');
  await expect(payer.getByRole('tab', { name: 'Bank Account' })).toBeVisible();
  await expectNoSeriousA11yViolations(payer);
  const success = payer.getByRole('dialog', { name: 'Payment successfully sent' });
  await payer.setViewportSize({ width: 360, height: 740 });
  expect(await payer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await payer.setViewportSize({ width: 390, height: 844 });

  // The devnet holds the transaction in its mempool until told to mine, so the invoice is seen PROCESSING first.
  await rpc(POLYGON_RPC, 'evm_setAutomine', [false]);
  let hash: Hex;
  try {
    await payer.getByRole('button', { name: 'Pay with browser wallet' }).click();
    await expect(success).toBeVisible({ timeout: 30_000 });
    hash = wallet.sent[0] ?? '0x';
    await expect.poll(() => invoiceState(page, invoice.id), { timeout: 15_000 }).toBe('PROCESSING');
  } finally {
    await rpc(POLYGON_RPC, 'evm_mine');
    await rpc(POLYGON_RPC, 'evm_setAutomine', [true]);
  }
  await expect(success).toContainText(invoice.name);
  await expect(success).toContainText('Grace Hopper');
  await expect(success.getByRole('link', { name: hash })).toHaveAttribute('href', `https://polygonscan.com/tx/${hash}`);
  // The wallet was on Ethereum; the page moved it to Polygon and asked the fee history for the priority fee.
  expect(wallet.chainId()).toBe('0x89');
  expect(wallet.calls).toContain('wallet_switchEthereumChain');
  expect(wallet.calls).toContain('eth_feeHistory');
  expect(wallet.sent).toHaveLength(1);
  expect(await usdcBalance(invoice.usdc, invoice.recipient)).toBe(before + 25_000_000n);

  // Once mined (one confirmation on the devnet), the server's watcher finds the transfer: PAID.
  await expect
    .poll(() => invoiceState(page, invoice.id), { timeout: 90_000, intervals: [2_000] })
    .toBe('PAID');

  await success.getByRole('button', { name: 'DONE' }).click();
  // DONE goes to the dashboard; a payer who is not signed in is sent on to sign in.
  await expect(payer).toHaveURL(/\/(overview|auth)$/);
  await payer.context().close();

  // The owner's documents list and dashboard show it PAID; the invoice page lists the payment with its hash.
  await page.goto('/documents');
  const row = page.getByTestId('document-row').filter({ hasText: invoice.name });
  await expect(row).toContainText('PAID');
  await page.goto('/overview');
  const welcome = page.getByRole('dialog', { name: 'Welcome to Ledgerloop!' });
  if (await welcome.isVisible().catch(() => false)) await welcome.getByRole('button', { name: 'Maybe Later' }).click();
  const completed = page.getByRole('region', { name: 'Invoicing' }).getByRole('group', { name: 'Payment Completed' });
  await expect(completed.getByRole('link').filter({ hasText: invoice.name })).toBeVisible();
  await page.goto(`/invoices/${invoice.id}`);
  const payments = page.getByRole('region', { name: 'Payments' });
  await expect(payments.getByTestId('payment-summary')).toContainText('Paid $25.00 of $25.00');
  await expect(payments.getByRole('link', { name: `${hash.slice(0, 10)}…${hash.slice(-8)}` })).toHaveAttribute('href', new RegExp(hash));
  await expect(payments.getByRole('button', { name: 'Mark paid' })).toHaveCount(0);

  // The owner's e-mail about the payment.
  await expect
    .poll(() => outboxMessages().some((message) => message.includes('grace@example.com') && message.includes(invoice.name)), { timeout: 30_000 })
    .toBe(true);
});

test('a payer transfers by hand from the QR code, reports it, and the bank option says the invoice cannot be paid in fiat', async ({
  page,
  browser,
}) => {
  test.skip(test.info().project.name !== 'phone', 'the journey runs at phone size; the desktop layout is checked below');
  test.setTimeout(120_000);
  await signInWithTestWallet(page, freshAccountIndex());
  const invoice = await issuePolygonInvoice(page, `Manual transfer ${String(Date.now())}`);
  const payer = await payerPage(browser, page);
  await payer.goto(`/pay-invoice/${invoice.id}`);
  await payer.getByRole('button', { name: 'Pay Invoice' }).click();

  // Bank Account: this invoice is not a fiat-to-crypto one.
  await payer.getByRole('tab', { name: 'Bank Account' }).click();
  await expect(payer.getByRole('alert').filter({ hasText: "This invoice can't currently be paid with Fiat. Kindly contact the invoice owner." })).toBeVisible();
  await payer.getByRole('tab', { name: 'Wallet' }).click();

  const manual = payer.getByRole('region', { name: 'Transfer manually' });
  await expect(manual).toContainText(invoice.recipient);
  await expect(manual).toContainText('Polygon');
  await expect(manual).toContainText('25.0000');
  const { text } = await decodeQr(payer, /^Payment request:/);
  expect(text).toBe(`ethereum:${invoice.usdc}@137/transfer?address=${invoice.recipient}&uint256=25000000`);

  // A phone wallet reads the request and sends it.
  const match = /^ethereum:(0x[0-9a-fA-F]{40})@(\d+)\/transfer\?address=(0x[0-9a-fA-F]{40})&uint256=(\d+)$/.exec(text);
  expect(match?.[2]).toBe('137');
  const phoneIndex = freshAccountIndex();
  const phone = mnemonicToAccount(MNEMONIC, { addressIndex: phoneIndex });
  await fundOnPolygon(invoice.usdc, phone.address, '50');
  const client = createWalletClient({ account: phone, transport: http(POLYGON_RPC) });
  const hash = await client.sendTransaction({
    chain: null,
    to: match?.[1] as Hex,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [match?.[3] as Hex, BigInt(match?.[4] ?? '0')] }),
  });

  await manual.getByLabel('Copy Address').click();
  await expect(payer.getByText('Text copied to the clipboard')).toBeVisible();
  expect(await payer.evaluate(() => navigator.clipboard.readText())).toBe(invoice.recipient);
  await manual.getByLabel('Transaction hash').fill('0x1234');
  await manual.getByRole('button', { name: 'I Paid the Invoice' }).click();
  await expect(manual.getByText('Enter a valid transaction hash.')).toBeVisible();
  await manual.getByLabel('Transaction hash').fill(hash);
  await manual.getByLabel(/Your e-mail/).fill('payer@example.com');
  await manual.getByRole('button', { name: 'I Paid the Invoice' }).click();
  await expect(payer).toHaveURL(/\/auth$/);
  await payer.context().close();

  // The owner sees the transfer on the invoice (verified from the hash the payer gave).
  await page.goto(`/invoices/${invoice.id}`);
  const payments = page.getByRole('region', { name: 'Payments' });
  await expect(payments.getByTestId('payment-summary')).toContainText('$25.00 of $25.00', { timeout: 30_000 });
  await expect(payments).toContainText('payer@example.com');
});

test('the payer pages at desktop size: invoice and payment side by side, nothing wider than the window', async ({ page, browser }) => {
  test.skip(test.info().project.name !== 'desktop', 'the desktop layout');
  await signInWithTestWallet(page, freshAccountIndex());
  const invoice = await issuePolygonInvoice(page, `Desktop ${String(Date.now())}`);
  const payer = await payerPage(browser, page);
  const requests = watchInvoiceRequests(payer, invoice.id);
  await payer.goto(`/pay-invoice/${invoice.id}`);
  await expect(payer.getByRole('heading', { name: 'Invoice from Grace Hopper', level: 1 })).toBeVisible();
  // The shell asked for the invoice while the app's code was loading, and the app showed that answer.
  expect(requests.sent()).toBe(1);
  expect(await requests.takenFromBoot()).toBe(true);
  expect(await payer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  await payer.getByRole('button', { name: 'Pay Invoice' }).click();
  const qr = payer.getByRole('img', { name: /^Payment request:/ });
  await expect(qr).toBeVisible();
  const details = payer.getByRole('region', { name: 'Transfer manually' }).getByRole('definition').first();
  const [qrBox, detailsBox] = [await qr.boundingBox(), await details.boundingBox()];
  // The QR code sits beside the details, not above them.
  expect(detailsBox?.x ?? 0).toBeGreaterThan((qrBox?.x ?? 0) + (qrBox?.width ?? 0) - 1);
  expect(await payer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  await expectNoSeriousA11yViolations(payer);
  await payer.context().close();
});

test('the payment page opened without its invoice, and a missing invoice, go to sign-in with their texts', async ({ page }) => {
  await page.goto('/pay-invoice/3f1c2a9e-0000-4000-8000-0000000000aa/payment');
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('region', { name: 'Notifications' }).getByText('An error occurred while fetching invoice data.')).toBeVisible();
  const requests = watchInvoiceRequests(page, '3f1c2a9e-0000-4000-8000-0000000000aa');
  await page.goto('/pay-invoice/3f1c2a9e-0000-4000-8000-0000000000aa');
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('region', { name: 'Notifications' }).getByText('Invoice not found', { exact: true })).toBeVisible();
  // The shell's early request answered 404, and the app read it as it reads its own.
  expect(requests.sent()).toBe(1);
  expect(await requests.takenFromBoot()).toBe(true);
});
