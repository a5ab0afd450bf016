import { expect, test, type Page } from '@playwright/test';
import { addWalletThroughApi, apiFromPage, issueInvoicesThroughApi } from './support/app-data';
import { expectNoSeriousA11yViolations, freshAccountIndex, signInWithTestWallet } from './support/data-screens';
import { signInWithDemo } from './support/sign-in';

test.use({ bypassCSP: true });

/** carol of the devnet scenario (src/server/devnet/accounts.ts): history on Ethereum in January 2024. */
const WALLET_ADDRESS = '0xFABB0ac9d68B0B445fB7357272Ff202C5651694a';

/** A local day as yyyy-MM-dd. */
function localDay(value: Date | string): string {
  const date = new Date(value);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(date.getFullYear())}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

interface WalletRow {
  id: string;
  name: string;
  is_synchronized: boolean;
  first_transaction_at: string | null;
}

/** A signed-in user with the history wallet, synchronized (its first transaction known). */
async function userWithSyncedWallet(page: Page): Promise<WalletRow> {
  await signInWithTestWallet(page, freshAccountIndex());
  await addWalletThroughApi(page, 'Main wallet', WALLET_ADDRESS);
  let wallet: WalletRow | undefined;
  await expect
    .poll(
      async () => {
        wallet = ((await apiFromPage(page, 'GET', '/api/wallets')).body as WalletRow[])[0];
        return wallet?.is_synchronized === true && wallet.first_transaction_at !== null;
      },
      { timeout: 100_000, intervals: [1_000] },
    )
    .toBe(true);
  if (!wallet) throw new Error('The wallet is missing.');
  return wallet;
}

const rows = (page: Page) => page.getByTestId('document-row');

test('a guest reads that documents are for signed-in users', async ({ page }) => {
  await signInWithDemo(page, 0);
  await page.goto('/documents');
  await expect(page.getByRole('heading', { name: 'Documents', level: 1 })).toBeVisible();
  await expect(page.getByText('This feature is available only for logged in users.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Report' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Create Invoice' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test('a user without a wallet is asked to add one', async ({ page }) => {
  await signInWithTestWallet(page, freshAccountIndex());
  await page.goto('/documents');
  await expect(page.getByRole('heading', { name: 'Add your first wallet to get started!' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Wallets' }).click();
  await expect(page).toHaveURL(/\/wallets$/);
});

test('reports journey: create from the wallet card, edit the name, delete', async ({ page }) => {
  test.setTimeout(180_000);
  const wallet = await userWithSyncedWallet(page);
  const firstDay = localDay(wallet.first_transaction_at ?? '');
  const today = localDay(new Date());

  // Both lists start empty.
  await page.goto('/documents');
  await expect(page.getByRole('button', { name: 'Invoice', pressed: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Invoice' })).toBeVisible();
  await expect(page.getByText('No Documents Made')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Report', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Create Report' })).toBeVisible();
  await expect(page.getByText('No Documents Made')).toBeVisible();

  // The wallet card's 'Create report' opens the dialog on /documents with the wallet ticked and its first day.
  await page.goto('/wallets');
  await page.getByRole('button', { name: 'Actions for Main wallet' }).click();
  await page.getByRole('menuitem', { name: 'Create report' }).click();
  await expect(page).toHaveURL(/\/documents$/);
  const dialog = page.getByRole('dialog', { name: 'Create new report' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: /Main wallet/ })).toBeChecked();
  const from = dialog.getByLabel('From');
  const to = dialog.getByLabel('To');
  await expect(from).toHaveValue(firstDay);
  await expect(from).toHaveAttribute('min', firstDay);
  await expect(to).toHaveValue(today);
  await expect(to).toHaveAttribute('max', today);

  // Submit stays disabled until the name and type are given; a range in the wrong order is refused.
  const submit = dialog.getByRole('button', { name: 'Create Report' });
  await expect(submit).toBeDisabled();
  await dialog.getByLabel('Name').fill('Q1 transactions');
  await dialog.getByLabel('Type').selectOption('TRANSACTION_REPORT');
  await expect(submit).toBeEnabled();
  await to.fill(firstDay);
  await expect(dialog.getByText('This date should be after "From" Date')).toBeVisible();
  await expect(submit).toBeDisabled();
  await to.fill(today);
  await expect(submit).toBeEnabled();
  await expectNoSeriousA11yViolations(page);

  const created = page.waitForResponse(
    (response) => response.url().endsWith('/api/documents') && response.request().method() === 'POST',
  );
  await submit.click();
  const response = await created;
  expect(response.status()).toBe(201);
  // The only wallet ticked is every wallet: no wallet list is sent.
  expect(response.request().postDataJSON()).toEqual({
    name: 'Q1 transactions',
    kind: 'TRANSACTION_REPORT',
    cex: [],
    start_date: firstDay,
    end_date: today,
  });
  expect(response.request().headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Report', pressed: true })).toBeVisible();
  const row = rows(page).filter({ hasText: 'Q1 transactions' });
  await expect(row).toBeVisible();
  await expect(row.getByText('Transaction Report')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Edit: the name and range change; type and wallets are locked.
  await page.getByRole('button', { name: 'Actions for Q1 transactions' }).click();
  await page.getByRole('menuitem', { name: 'Edit Report' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit report' });
  await expect(edit.getByLabel('Type')).toBeDisabled();
  await expect(edit.getByLabel('Type')).toHaveValue('TRANSACTION_REPORT');
  await expect(edit.getByRole('checkbox', { name: /Main wallet/ })).toBeDisabled();
  await edit.getByLabel('Name').fill('First quarter');
  const patched = page.waitForResponse(
    (res) => /\/api\/documents\/[0-9a-f-]{36}$/.test(res.url()) && res.request().method() === 'PATCH',
  );
  await edit.getByRole('button', { name: 'Save' }).click();
  expect((await patched).request().postDataJSON()).toEqual({ name: 'First quarter', start_date: firstDay, end_date: today });
  await expect(edit).toBeHidden();
  await expect(rows(page).filter({ hasText: 'First quarter' })).toBeVisible();
  await expect(rows(page).filter({ hasText: 'Q1 transactions' })).toHaveCount(0);

  // Delete, after a confirmation.
  await page.getByRole('button', { name: 'Actions for First quarter' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete report' });
  await expect(confirm.getByText('Are you sure you want to delete your report?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Report was successfully deleted')).toBeVisible();
  await expect(page.getByText('No Documents Made')).toBeVisible();
  const left = await apiFromPage(page, 'GET', '/api/documents');
  expect((left.body as { count: number }).count).toBe(0);

  // The header button opens an empty form.
  await page.getByRole('button', { name: 'Create Report' }).click();
  await expect(dialog.getByLabel('Name')).toHaveValue('');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test('a Quickbooks report without the integration leads to the integrations settings', async ({ page }) => {
  test.setTimeout(180_000);
  await userWithSyncedWallet(page);
  // A fresh page load reads the user (has_wallet) again (not /overview: its welcome dialog would open).
  await page.goto('/wallets');
  // The quick-create menu's 'Create Report' opens the dialog on the report list.
  await page.getByRole('button', { name: 'Quick create' }).click();
  await page.getByRole('button', { name: 'Create Report' }).click();
  await expect(page).toHaveURL(/\/documents$/);
  const dialog = page.getByRole('dialog', { name: 'Create new report' });
  // (Behind the modal dialog, the page is out of the accessibility tree.)
  await expect(page.locator('button[aria-pressed="true"]', { hasText: 'Report' })).toHaveCount(1);
  await expect(dialog.getByRole('checkbox', { name: /Main wallet/ })).not.toBeChecked();
  await dialog.getByLabel('Name').fill('Books');
  await dialog.getByLabel('Type').selectOption('QUICKBOOKS_REPORT');
  await dialog.getByRole('button', { name: 'Create Report' }).click();
  await expect(page.getByText('You are not authenticated to Quickbooks!')).toBeVisible();
  await expect(page).toHaveURL(/\/settings\?section=integrations$/);
});

test('invoices journey: states, amounts and due dates listed, view, delete', async ({ page }) => {
  await signInWithTestWallet(page, freshAccountIndex());
  await addWalletThroughApi(page, 'Receiving', '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65');
  const [sent, paid] = await issueInvoicesThroughApi(page, ['Invoice sent', 'Invoice paid']);
  expect((await apiFromPage(page, 'PATCH', `/api/invoices/${paid ?? ''}`, { state: 'PAID' })).status).toBe(200);
  const draft = await apiFromPage(page, 'POST', '/api/invoices', { name: 'Invoice draft' });
  expect(draft.status).toBe(201);

  await page.goto('/documents');
  await expect(page.getByRole('button', { name: 'Invoice', pressed: true })).toBeVisible();
  await expect(rows(page)).toHaveCount(3);
  // Newest first; DUE reads SENT; a draft has no amount due.
  await expect(rows(page).nth(0)).toContainText('Invoice draft');
  await expect(rows(page).nth(0)).toContainText('DRAFT');
  const paidRow = rows(page).filter({ hasText: 'Invoice paid' });
  await expect(paidRow).toContainText('PAID');
  await expect(paidRow).toContainText('$121.00');
  const sentRow = rows(page).filter({ hasText: 'Invoice sent' });
  await expect(sentRow).toContainText('SENT');
  await expect(sentRow).toContainText('$121.00');
  await expect(sentRow).toContainText('Jan 31, 2025');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Actions for Invoice sent' }).click();
  await expect(page.getByRole('menuitem', { name: 'View invoice' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete invoice' });
  await expect(confirm.getByText('Are you sure you want to delete your invoice?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Invoice was successfully deleted')).toBeVisible();
  await expect(rows(page)).toHaveCount(2);
  expect((await apiFromPage(page, 'GET', `/api/invoices/${sent ?? ''}`)).status).toBe(404);

  await page.getByRole('button', { name: 'Actions for Invoice paid' }).click();
  await page.getByRole('menuitem', { name: 'View invoice' }).click();
  await expect(page).toHaveURL(new RegExp(`/invoices/${paid ?? ''}$`));
});
