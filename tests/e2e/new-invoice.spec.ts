import { expect, test, type Page } from '@playwright/test';
import { addWalletThroughApi, apiFromPage } from './support/app-data';
import { expectNoSeriousA11yViolations, freshAccountIndex, signInWithTestWallet } from './support/data-screens';

test.use({ bypassCSP: true });

const rows = (page: Page) => page.getByTestId('document-row');

/** A signed-in user with an Ethereum wallet and a complete contact. */
async function setUp(page: Page): Promise<void> {
  await signInWithTestWallet(page, freshAccountIndex());
  await addWalletThroughApi(page, 'Receiving', '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65');
  const contact = await apiFromPage(page, 'POST', '/api/contacts', {
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.com',
    address_line1: '12 Analytical Row',
    country: 'United Kingdom',
    city: 'London',
    postal_code: 'N1 9GU',
  });
  expect(contact.status).toBe(201);
}

async function fillOwner(page: Page): Promise<void> {
  const from = page.getByRole('group', { name: 'From' });
  await from.getByLabel('First name').fill('Grace');
  await from.getByLabel('Last name').fill('Hopper');
  await from.getByLabel('Email').fill('grace@example.com');
  await from.getByLabel('Address line 1').fill('1 Harbor Way');
  await from.getByLabel('City').fill('Arlington');
  await from.getByLabel('Postal code').fill('22201');
  await from.getByLabel('Country').fill('United States');
}

async function fillItem(page: Page, number: number, values: { name: string; quantity: string; price: string }): Promise<void> {
  await page.getByLabel(`Name of item ${String(number)}`).fill(values.name);
  await page.getByLabel(`Quantity of item ${String(number)}`).fill(values.quantity);
  await page.getByLabel(`Unit price of item ${String(number)}`).fill(values.price);
}

test('fill and SEND an invoice with two items: the PDF downloads and the invoice is listed as SENT', async ({ page }) => {
  await setUp(page);
  await page.goto('/new-invoice');
  await expect(page.getByRole('heading', { name: 'New Invoice' })).toBeVisible();

  await page.getByLabel('Invoice name').fill('Two items');
  // Without a signed e-mail only the default template is offered.
  await expect(page.getByLabel('Template')).toBeDisabled();
  await page.getByRole('radio', { name: 'Ada Lovelace' }).check();
  await fillOwner(page);
  await expect(page.getByRole('radio', { name: 'USD' })).toBeChecked();
  await page.getByRole('radio', { name: 'Receiving' }).check();
  await expect(page.getByLabel('Receiving token')).toHaveValue('USDC');
  await page.getByRole('button', { name: 'Add item' }).click();
  await fillItem(page, 1, { name: 'Consulting', quantity: '2', price: '60.5' });
  await page.getByRole('button', { name: 'Add item' }).click();
  await fillItem(page, 2, { name: 'Review', quantity: '1', price: '10' });
  // The prices of the e2e server: 1 USDC = 1 USD.
  await expect(page.getByText('≈ 131.0000 USDC')).toBeVisible();
  await expect(page.getByLabel('Due date')).toBeDisabled();
  await page.getByLabel('Issued date').fill('2025-03-01');
  await expect(page.getByLabel('Due date')).toHaveAttribute('min', '2025-03-01');
  await page.getByLabel('Due date').fill('2025-03-31');

  await expectNoSeriousA11yViolations(page);
  const viewport = page.viewportSize();
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  for (const name of ['SAVE DRAFT', 'Download PDF', 'SEND']) {
    expect((await page.getByRole('button', { name, exact: true }).boundingBox())?.height ?? 0, name).toBeGreaterThanOrEqual(44);
  }
  if (viewport) await page.setViewportSize(viewport);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'SEND', exact: true }).click();
  expect((await download).suggestedFilename()).toBe('Two items.pdf');
  await expect(page).toHaveURL(/\/documents$/);
  const row = rows(page).filter({ hasText: 'Two items' });
  await expect(row).toContainText('SENT');
  await expect(row).toContainText('$131.00');
});

test('SAVE DRAFT with only a name, then Edit invoice: pre-send and item checks, then SEND', async ({ page }) => {
  await setUp(page);
  await page.goto('/new-invoice');
  await page.getByRole('button', { name: 'SAVE DRAFT' }).click();
  await expect(page.getByText('This field is required')).toBeVisible();
  await page.getByLabel('Invoice name').fill('Only a name');
  await page.getByRole('button', { name: 'SAVE DRAFT' }).click();
  await expect(page).toHaveURL(/\/documents$/);
  await expect(rows(page).filter({ hasText: 'Only a name' })).toContainText('DRAFT');

  await page.getByRole('button', { name: 'Actions for Only a name' }).click();
  await page.getByRole('menuitem', { name: 'Edit invoice' }).click();
  await expect(page).toHaveURL(/\/new-invoice$/);
  await expect(page.getByRole('heading', { name: 'Edit Invoice' })).toBeVisible();
  await expect(page.getByLabel('Invoice name')).toHaveValue('Only a name');

  // Contact and wallet missing, and lines the item rules refuse.
  await page.getByRole('button', { name: 'Add item' }).click();
  await fillItem(page, 1, { name: 'Consulting', quantity: '1.5', price: '0' });
  await page.getByRole('button', { name: 'SEND', exact: true }).click();
  const alert = page.getByRole('form', { name: 'Edit invoice' }).getByRole('alert').filter({ hasText: 'Please fix all required fields' });
  await expect(alert).toContainText('Choose contact');
  await expect(alert).toContainText('Choose wallet');
  await expect(page.getByText('Cannot have decimals')).toBeVisible();
  await expect(page.getByText('Must be positive')).toBeVisible();

  // Below the 10 USDT minimum.
  await page.getByLabel('Invoice name').fill('Edited invoice');
  await page.getByRole('radio', { name: 'Ada Lovelace' }).check();
  await fillOwner(page);
  await page.getByRole('radio', { name: 'Receiving' }).check();
  await fillItem(page, 1, { name: 'Consulting', quantity: '1', price: '9.5' });
  await page.getByLabel('Issued date').fill('2025-03-01');
  await page.getByLabel('Due date').fill('2025-03-01');
  await page.getByRole('button', { name: 'SEND', exact: true }).click();
  await expect(page.getByText('Must be Greater than Invoice Issued.')).toBeVisible();
  await page.getByLabel('Due date').fill('2025-03-31');
  await page.getByRole('button', { name: 'SEND', exact: true }).click();
  await expect(page.getByRole('form', { name: 'Edit invoice' }).getByText('The minimum invoice amount must be the equivalent of 10 USDT.')).toBeVisible();

  await fillItem(page, 1, { name: 'Consulting', quantity: '3', price: '9.5' });
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'SEND', exact: true }).click();
  expect((await download).suggestedFilename()).toBe('Edited invoice.pdf');
  await expect(page).toHaveURL(/\/documents$/);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Edited invoice');
  await expect(rows(page).first()).toContainText('SENT');
  await expect(rows(page).first()).toContainText('$28.50');
});
