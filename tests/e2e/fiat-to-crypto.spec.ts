import { expect, test, type Page } from '@playwright/test';
import { addWalletThroughApi, apiFromPage } from './support/app-data';
import { freshAccountIndex, signInWithTestWallet } from './support/data-screens';

/** The partner stand-in the e2e server starts (src/scripts/e2e-server.mjs). */
const partner = `http://127.0.0.1:${process.env.E2E_FTC_PORT ?? String(Number(process.env.E2E_PORT ?? '8123') + 1000)}`;

// The wizard waits for the 7-second KYC poll and the 5-second redirect; one phone-sized run covers it.
test.skip(({ isMobile }) => !isMobile, 'phone size only');
test.setTimeout(180_000);

async function codeFor(page: Page, email: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const answer = (await (await page.request.get(`${partner}/__test/code?user=${encodeURIComponent(email)}`)).json()) as { code: string | null };
      code = answer.code ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

async function enterCode(page: Page, code: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Enter verification code' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('spam folder');
  await dialog.getByLabel('Digit 1').click();
  await page.keyboard.type(code);
  await expect(dialog).toBeHidden();
}

test('from the suggestion card to an activated bank account, an FTC invoice paid by transfer, and a preference update', async ({ page }) => {
  await signInWithTestWallet(page, freshAccountIndex());
  await addWalletThroughApi(page, 'Receiving', '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65');
  const email = `grace-${String(freshAccountIndex())}@example.com`;
  // The first-run welcome dialog would cover the dashboard.
  expect((await apiFromPage(page, 'PATCH', '/api/user', { is_tutorial_viewed: true })).status).toBe(200);

  await page.goto('/overview');
  await page.getByRole('button', { name: /Set up Fiat-to-Crypto Invoicing/ }).click();
  await expect(page).toHaveURL(/\/fiat-payment-kyc$/);
  await expect(page.getByText('Setup takes about 5 minutes')).toBeVisible();

  // The first form: its own checks, then the partner registration and the e-mailed code.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('No Wallet selected.')).toBeVisible();
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Country').selectOption('DE');
  await page.getByLabel('Wallet', { exact: true }).selectOption({ label: 'Receiving (Ethereum)' });
  await page.getByLabel('Wallet type').selectOption('HOSTED');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Enter the name of the exchange or custodian holding the wallet.')).toBeVisible();
  await page.getByLabel('Wallet type').selectOption('SELF_HOSTED');
  await expect(page.getByLabel('VASP name')).toHaveCount(0);
  await page.getByRole('button', { name: 'Continue' }).click();

  const dialog = page.getByRole('dialog', { name: 'Enter verification code' });
  await expect(dialog).toBeVisible();
  // Letters are not taken; a wrong code is answered below the boxes.
  await dialog.getByLabel('Digit 1').click();
  await page.keyboard.type('ab');
  await expect(dialog.getByLabel('Digit 1')).toHaveValue('');
  const code = await codeFor(page, email);
  await page.keyboard.type(code === '000000' ? '111111' : '000000');
  await expect(dialog.getByRole('alert')).toContainText('The code is wrong or has expired');
  await enterCode(page, code);

  // The identity form: a birth date today or later is refused.
  await page.getByLabel('Address line 1').fill('Hauptstrasse 1');
  await page.getByLabel('Post code').fill('10115');
  await page.getByLabel('City').fill('Berlin');
  await page.getByLabel('Country').selectOption('DE');
  await page.getByLabel('Date of birth').fill('2999-01-01');
  await page.getByRole('button', { name: 'Continue to verification' }).click();
  await expect(page.getByText("Must be Less than Today's date.")).toBeVisible();
  await page.getByLabel('Date of birth').fill('1990-05-17');
  await page.getByRole('button', { name: 'Continue to verification' }).click();

  // The verification widget (the Sumsub web SDK, framing the stand-in's verification page) with the message not to
  // leave. Its access token expires before the documents are sent: the SDK asks the app for a new one and the page
  // sends them again; the page's status events reach the app.
  await expect(page.getByText('Please do not leave this page until you are redirected.')).toBeVisible();
  const widget = page.frameLocator('iframe[title="Identity verification"]');
  await expect(widget.getByText('Applicant ready.')).toBeVisible();
  await expect(page.locator('[data-review-status="init"]')).toBeVisible();
  await page.request.post(`${partner}/__test/expire-tokens`, { data: { email } });
  const renewed = page.waitForResponse((response) => response.url().endsWith('/api/ftc/kyc-token') && response.status() === 200);
  await widget.getByRole('button', { name: 'Submit documents' }).click();
  await renewed;
  await expect(widget.getByText('Verification in progress.')).toBeVisible();
  await expect(page.locator('[data-review-status="pending"]')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The partner verifies the user: the next poll moves on, the bank account opens, and the app moves on 5 s later.
  await page.request.post(`${partner}/__test/status`, { data: { email, status: 'FULL_USER' } });
  await expect(page.getByText('Fiat-to-Crypto invoicing successfully activated for all Invoices.').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('link', { name: 'Overview' }).last()).toBeVisible();
  await expect(page.getByRole('link', { name: 'New Invoice' }).last()).toBeVisible();
  const iban = (await page.getByText(/^DE\d{20}$/).textContent()) ?? '';
  expect(iban).toMatch(/^DE\d{20}$/);
  await expect(page).toHaveURL(/\/overview$/, { timeout: 10_000 });
  await expect(page.getByRole('button', { name: /Set up Fiat-to-Crypto Invoicing/ })).toHaveCount(0);

  // The invoice form offers Fiat-to-Crypto now.
  await page.goto('/new-invoice');
  await expect(page.getByLabel('Fiat-to-Crypto (payable by euro bank transfer)')).toBeEnabled();

  // An FTC invoice: EUR, the IBAN and its own reference on the invoice page.
  const wallets = (await apiFromPage(page, 'GET', '/api/wallets')).body as { id: string }[];
  const contact = await apiFromPage(page, 'POST', '/api/contacts', {
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.com',
    address_line1: '12 Analytical Row',
    country: 'United Kingdom',
    city: 'London',
    postal_code: 'N1 9GU',
  });
  const created = await apiFromPage(page, 'POST', '/api/invoices', {
    name: 'Bank invoice',
    state: 'DUE',
    issued_at: '2025-01-01',
    expires_at: '2099-01-31',
    fiat_currency: 'USD',
    is_ftc: true,
    contact: (contact.body as { id: string }).id,
    owner: { first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.com', address_line1: '1 Harbor Way', city: 'Berlin', postal_code: '10115', country: 'Germany' },
    wallet: wallets[0]?.id,
    token: 'USDC',
    items: [{ name: 'Consulting', quantity: '2', unit_price: '60', discount: '0', tax: '0' }],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const invoice = created.body as { id: string; total_amount: string; ftc: { payment_ref: string; bank_iban: string } };
  expect(invoice.total_amount).toBe('121.80000');
  await page.goto(`/invoices/${invoice.id}`);
  const transfer = page.getByRole('region', { name: 'Pay by bank transfer (EUR)' });
  await expect(transfer).toContainText(iban);
  await expect(transfer).toContainText(invoice.ftc.payment_ref);

  // The partner reports a short transfer (stays due), then the rest without the invoice's reference: it waits for the
  // owner under 'Payments to review', who assigns it to the invoice (paid).
  await page.request.post(`${partner}/__test/transfer`, { data: { iban, amount: '100.00', reference: `Payment ${invoice.ftc.payment_ref}` } });
  await page.reload();
  await expect(transfer).toContainText('€100.00');
  await page.request.post(`${partner}/__test/transfer`, { data: { iban, amount: '21.80', reference: 'Consulting, the rest' } });
  await page.goto('/documents');
  const review = page.getByRole('region', { name: 'Payments to review (1)' });
  const row = review.getByTestId('review-bank-transfer');
  await expect(row).toContainText('€21.80 bank transfer');
  await expect(row).toContainText('reference "Consulting, the rest"');
  const choice = row.getByLabel('Invoice this transfer is for');
  await expect(choice).toHaveValue(invoice.id);
  await expect(choice.locator('option:checked')).toContainText('€121.80, €100.00 received');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await row.getByRole('button', { name: 'Assign' }).click();
  await expect(review).toHaveCount(0);
  expect(((await apiFromPage(page, 'GET', `/api/invoices/${invoice.id}`)).body as { state: string }).state).toBe('PAID');
  await page.goto(`/invoices/${invoice.id}`);
  await expect(transfer).toContainText('€121.80');

  // Settings: the code unlocks the form; an unchanged form says so; a change is confirmed.
  await page.goto('/settings?section=fiat-to-crypto');
  await expect(page.getByText(iban)).toBeVisible();
  await expect(page.getByLabel('Token')).toBeDisabled();
  await page.getByRole('button', { name: 'Request Update' }).click();
  await enterCode(page, await codeFor(page, email));
  await expect(page.getByLabel('Token')).toBeEnabled();
  await page.getByRole('button', { name: 'Submit Update' }).click();
  await expect(page.getByText('No Fiat-to-Crypto changes detected')).toBeVisible();
  await page.getByLabel('Token').selectOption('USDT');
  await page.getByRole('button', { name: 'Submit Update' }).click();
  await expect(page.getByText('Congratulations! Your Fiat-to-Crypto preference has been updated successfully.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'New Invoice' }).last()).toBeVisible();
  const stored = (await (await page.request.get(`${partner}/__test/user?email=${encodeURIComponent(email)}`)).json()) as { preferences: { token: string } };
  expect(stored.preferences.token).toBe('USDT');
});
