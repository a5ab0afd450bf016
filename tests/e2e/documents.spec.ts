import { readFile } from 'node:fs/promises';
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
  // The list shown is in the URL: a reload opens the same one.
  await expect(page).toHaveURL(/\/documents\?tab=report$/);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Report', pressed: true })).toBeVisible();
  await page.getByRole('button', { name: 'Invoice', exact: true }).click();
  await expect(page).toHaveURL(/\/documents$/);
  await expect(page.getByRole('button', { name: 'Create Invoice' })).toBeVisible();

  // The wallet card's 'Create report' opens the dialog on /wallets with the wallet ticked and its first day;
  // Cancel leaves the user where they were.
  await page.goto('/wallets');
  await page.getByRole('button', { name: 'Actions for Main wallet' }).click();
  await page.getByRole('menuitem', { name: 'Create report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create new report' });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/wallets$/);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/wallets$/);
  await page.getByRole('button', { name: 'Actions for Main wallet' }).click();
  await page.getByRole('menuitem', { name: 'Create report' }).click();
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
  // Once saved, the user goes to the report list.
  await expect(page).toHaveURL(/\/documents\?tab=report$/);
  await expect(page.getByRole('button', { name: 'Report', pressed: true })).toBeVisible();
  const row = rows(page).filter({ hasText: 'Q1 transactions' });
  await expect(row).toBeVisible();
  await expect(row.getByText('Transaction Report')).toBeVisible();

  // View Report lists the wallet's transactions in the range; Export as CSV saves them as a file.
  await page.getByRole('button', { name: 'Actions for Q1 transactions' }).click();
  await page.getByRole('menuitem', { name: 'View Report' }).click();
  const view = page.getByRole('dialog', { name: 'View Report Q1 transactions' });
  await expect(view.getByTestId('report-row').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await view.getByRole('button', { name: 'Close' }).click();
  await expect(view).toBeHidden();
  await page.getByRole('button', { name: 'Actions for Q1 transactions' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Export as CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('Q1 transactions.csv');
  const csv = await readFile(await file.path(), 'utf8');
  expect(csv.split('\r\n')[0]).toMatch(/^Date,/);
  expect(csv.split('\r\n').filter((line) => line !== '').length).toBeGreaterThan(1);
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
  await expect(page).toHaveURL(/\/documents\?tab=report$/);
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

test('invoice filters, sort, search from the URL, saved filters and bulk delete', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  if (testInfo.project.name === 'phone') await page.setViewportSize({ width: 360, height: 740 });
  const wallet = await userWithSyncedWallet(page);
  const firstDay = localDay(wallet.first_transaction_at ?? '');
  const today = localDay(new Date());
  const yesterday = localDay(new Date(Date.now() - 86_400_000));
  const [, beta] = await issueInvoicesThroughApi(page, ['Alpha invoice', 'Beta invoice']);
  expect((await apiFromPage(page, 'PATCH', `/api/invoices/${beta ?? ''}`, { state: 'PAID' })).status).toBe(200);
  expect((await apiFromPage(page, 'POST', '/api/invoices', { name: 'Draft invoice' })).status).toBe(201);
  const report = await apiFromPage(page, 'POST', '/api/documents', {
    name: 'Beta holdings',
    kind: 'HOLDINGS_REPORT',
    start_date: firstDay,
    end_date: today,
  });
  expect(report.status, JSON.stringify(report.body)).toBe(201);

  // A global search result leads here with ?search=: the field shows it and the list is searched.
  await page.goto('/documents?search=beta');
  const search = page.getByRole('searchbox', { name: 'Search invoices' });
  await expect(search).toHaveValue('beta');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Beta invoice');
  await page.getByRole('button', { name: 'Report', exact: true }).click();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Beta holdings');
  await page.getByRole('button', { name: 'Invoice', exact: true }).click();
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page).not.toHaveURL(/search=/);
  await expect(rows(page)).toHaveCount(3);
  const clearFilters = page.getByRole('button', { name: 'Clear Filters' });
  await expect(clearFilters).toHaveCount(0);

  // Phones fold the filters under 'Filters'.
  const toggle = page.getByRole('button', { name: 'Filters' });
  if (testInfo.project.name === 'phone') {
    await expect(page.getByLabel('From')).toBeHidden();
    await toggle.click();
  } else {
    await expect(toggle).toBeHidden();
  }

  // Status: DUE reads SENT; unchecking it leaves the paid invoice and the draft.
  await page.getByRole('button', { name: 'Status filter' }).click();
  await expect(page.getByRole('checkbox', { name: 'SENT' })).toBeChecked();
  await expect(page.getByRole('list', { name: 'Status' }).getByRole('checkbox')).toHaveCount(5);
  await page.getByRole('checkbox', { name: 'SENT' }).uncheck();
  await page.keyboard.press('Escape');
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page).filter({ hasText: 'Alpha invoice' })).toHaveCount(0);
  await expect(clearFilters).toBeVisible();

  // Saved in documents_filters and restored after a reload.
  const saved = await page.evaluate(() => window.localStorage.getItem('documents_filters'));
  expect(JSON.parse(saved ?? '{}')).toMatchObject({ invoice: { states: ['DRAFT', 'EXPIRED', 'PAID', 'PROCESSING'] } });
  await page.reload();
  await expect(rows(page)).toHaveCount(2);
  await expect(clearFilters).toBeVisible();

  // The filters live in the URL: a link opened with nothing remembered shows the same list.
  await expect(page).toHaveURL(/[?&]states=DRAFT(%2C|,)EXPIRED(%2C|,)PAID(%2C|,)PROCESSING(&|$)/);
  const filteredUrl = page.url();
  await page.evaluate(() => window.localStorage.removeItem('documents_filters'));
  await page.goto(filteredUrl);
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page).filter({ hasText: 'Alpha invoice' })).toHaveCount(0);
  // Invalid values are dropped from the URL, the valid ones apply, and no error page shows.
  await page.goto('/documents?ordering=sideways&currency=XYZ&states=PAID,NOPE');
  await expect(page).toHaveURL(/[?&]states=PAID(&|$)/);
  await expect(page).not.toHaveURL(/ordering=|currency=|NOPE/);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Beta invoice');
  await clearFilters.click();
  await expect(page).not.toHaveURL(/states=/);
  // Opened without parameters: the remembered choice (here the defaults) applies.
  await page.goto('/documents');
  await expect(rows(page)).toHaveCount(3);
  await expect(clearFilters).toHaveCount(0);
  if (testInfo.project.name === 'phone') await toggle.click();

  // Sort by amount: the draft (no amount) first ascending, last descending; newest first by default.
  await expect(rows(page).first()).toContainText('Draft invoice');
  const sort = page.getByLabel('Sort by');
  await sort.selectOption({ label: 'Price descending' });
  await expect(rows(page).last()).toContainText('Draft invoice');
  await expect(page).toHaveURL(/[?&]ordering=-total_amount(&|$)/);
  await sort.selectOption({ label: 'Price ascending' });
  await expect(rows(page).first()).toContainText('Draft invoice');
  await expect(clearFilters).toHaveCount(0);
  await sort.selectOption({ label: 'Newest' });

  // Date range on the creation day: from the first activity day; ending yesterday leaves nothing.
  await expect(page.getByLabel('From')).toHaveAttribute('min', firstDay);
  await page.getByLabel('From').fill(firstDay);
  await page.getByLabel('To').fill(yesterday);
  await expect(page.getByText('No Documents Made')).toBeVisible();
  await expect(clearFilters).toBeVisible();
  await page.getByLabel('To').fill(today);
  await expect(rows(page)).toHaveCount(3);
  await clearFilters.click();
  await expect(page.getByLabel('From')).toHaveValue('');

  // Select two and delete them.
  await page.getByRole('checkbox', { name: 'Select Alpha invoice' }).check();
  await page.getByRole('checkbox', { name: 'Select Draft invoice' }).check();
  await expect(page.getByText('2 selected')).toBeVisible();
  await page.getByRole('button', { name: 'Delete Selected' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete selected' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('2 invoices were deleted.')).toBeVisible();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Beta invoice');
  const left = (await apiFromPage(page, 'GET', '/api/documents?kind=INVOICE')).body as { count: number };
  expect(left.count).toBe(1);

  // Export the selection as CSV: a file per document; a failed one is told with the catalogue text.
  await page.getByRole('checkbox', { name: 'Select Beta invoice' }).check();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Selected As CSV' }).click();
  expect((await download).suggestedFilename()).toBe('Beta invoice.csv');
  await page.route('**/export_csv', (route) => route.fulfill({ status: 404, contentType: 'application/json', body: '{"detail":"Not found."}' }));
  await page.getByRole('button', { name: 'Export Selected As CSV' }).click();
  await expect(page.getByText('Some of the chosen documents could not be exported as CSV.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
