import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, freshAccountIndex, signInWithTestWallet } from './support/data-screens';
import { clickInQuickSuccession, labelsButton } from './support/label-picker';
import { signInWithDemo } from './support/sign-in';

test.use({ bypassCSP: true });

const VALID_ETH = '0x52908400098527886E0F7030069857D2E4169EE7';

async function fillContact(page: Page, values: Record<string, string>): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Contact information' });
  for (const [label, value] of Object.entries(values)) {
    await dialog.getByLabel(label, { exact: true }).fill(value);
  }
}

test('a guest reads that contacts are for signed-in users', async ({ page }) => {
  await signInWithDemo(page, 0);
  await page.goto('/contacts');
  await expect(page.getByRole('heading', { name: 'Contacts' })).toBeVisible();
  await expect(page.getByText('This feature is available only for logged in users.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Contact' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test('contacts journey: add with a live-checked address, edit, label, delete', async ({ page }) => {
  await signInWithTestWallet(page, freshAccountIndex());
  await page.goto('/contacts');
  await expect(page.getByText('No Contacts Added.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Add: required fields, an address row checked live by the server, an empty row that is dropped.
  await page.getByRole('button', { name: 'Add Contact' }).click();
  const dialog = page.getByRole('dialog', { name: 'Contact information' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Save contact' }).click();
  await expect(dialog.getByText('This field is required').first()).toBeVisible();

  await fillContact(page, {
    'First name': 'Ada',
    'Last name': 'Lovelace',
    Email: 'ada@example.com',
    'Address line 1': '12 St James Square',
    City: 'London',
    'Postal code': 'SW1Y 4JH',
    Country: 'United Kingdom',
  });
  const validation = page.waitForRequest((request) => request.url().endsWith('/api/validate-address'));
  await dialog.getByRole('textbox', { name: 'Address 1' }).fill('0x1234');
  await validation;
  await expect(dialog.getByText('Enter a valid Ethereum address.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Address 1' }).fill(VALID_ETH);
  await expect(dialog.getByText('Valid address')).toBeVisible();
  await dialog.getByRole('button', { name: '+ Add address' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Address 2' })).toHaveValue('');
  await expectNoSeriousA11yViolations(page);

  const created = page.waitForResponse(
    (response) => response.url().endsWith('/api/contacts') && response.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Save contact' }).click();
  const response = await created;
  expect(response.status()).toBe(201);
  expect(response.request().headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  expect(response.request().postDataJSON()).toMatchObject({
    first_name: 'Ada',
    addresses: [{ network: 'ETHEREUM', address: VALID_ETH }],
  });
  await expect(dialog).toBeHidden();
  const card = page.getByRole('listitem').filter({ hasText: 'Ada Lovelace' });
  await expect(card).toBeVisible();
  await expect(card.getByText(/Ethereum · 0x52\.\.\.4169EE7/)).toBeVisible();

  // Edit through the card menu.
  await page.getByRole('button', { name: 'Actions for Ada Lovelace' }).click();
  await expect(page.getByRole('menu', { name: 'Actions for Ada Lovelace' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('menuitem', { name: 'Edit contact' }).click();
  await expect(dialog.getByLabel('First name', { exact: true })).toHaveValue('Ada');
  await dialog.getByLabel('Company').fill('Analytical Engines');
  await dialog.getByRole('button', { name: 'Save contact' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText('Analytical Engines')).toBeVisible();

  // Label: create one with a colour (it is picked at once), then remove it.
  await labelsButton(page, 'Ada Lovelace').first().click();
  const labels = page.getByRole('dialog', { name: 'Labels' });
  await labels.getByLabel('Label name').fill('Supplier');
  await labels.getByRole('radio', { name: 'Green' }).check();
  await labels.getByRole('button', { name: 'Create label' }).click();
  await expect(labels.getByRole('checkbox', { name: 'Supplier' })).toBeChecked();
  await expectNoSeriousA11yViolations(page);
  await labels.getByRole('button', { name: 'Close' }).click();
  await expect(card.getByRole('list', { name: 'Labels' }).getByText('Supplier')).toBeVisible();
  // The grid with a labelled card, and its search box.
  await expectNoSeriousA11yViolations(page);

  await labelsButton(page, 'Ada Lovelace').first().click();
  await labels.getByRole('checkbox', { name: 'Supplier' }).uncheck();
  await labels.getByRole('button', { name: 'Close' }).click();
  await expect(card.getByRole('list', { name: 'Labels' })).toHaveCount(0);

  // Details dialog.
  await page.getByRole('button', { name: /^Ada Lovelace .*open details$/ }).click();
  const details = page.getByRole('dialog', { name: 'Ada Lovelace' });
  await expect(details.getByText(VALID_ETH)).toBeVisible();
  await expect(details.getByText('ada@example.com')).toBeVisible();
  await details.getByRole('button', { name: 'Close' }).click();

  // Delete.
  await page.getByRole('button', { name: 'Actions for Ada Lovelace' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete contact' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Contact Deleted Successfully!')).toBeVisible();
  await expect(page.getByText('No Contacts Added.')).toBeVisible();
});

test('label picks made in quick succession show at once and reach the server in order', async ({ page }) => {
  await signInWithTestWallet(page, freshAccountIndex());
  await page.goto('/contacts');
  await page.getByRole('button', { name: 'Add Contact' }).click();
  await fillContact(page, {
    'First name': 'Emmy',
    'Last name': 'Noether',
    Email: 'emmy@example.com',
    'Address line 1': '1 Bunsenstrasse',
    City: 'Göttingen',
    'Postal code': '37073',
    Country: 'Germany',
  });
  await page.getByRole('button', { name: 'Save contact' }).click();
  await expect(page.getByRole('dialog', { name: 'Contact information' })).toBeHidden();

  const picker = page.getByRole('dialog', { name: 'Labels' });
  await labelsButton(page, 'Emmy Noether').first().click();
  for (const name of ['Algebra', 'Physics']) {
    await picker.getByLabel('Label name').fill(name);
    await picker.getByRole('button', { name: 'Create label' }).click();
    await expect(picker.getByRole('checkbox', { name })).toBeChecked();
  }
  const algebra = picker.getByRole('checkbox', { name: 'Algebra' });
  const physics = picker.getByRole('checkbox', { name: 'Physics' });

  // Nine clicks, faster than the server answers: Algebra 5 times, Physics 4 times.
  const changed = await clickInQuickSuccession(page, [algebra, physics], [0, 1, 0, 1, 0, 1, 0, 1, 0]);
  expect(changed).toEqual(Array<boolean>(9).fill(true));
  await expect(algebra).not.toBeChecked();
  await expect(physics).toBeChecked();

  // Every change reaches the server, the last one last.
  await expect
    .poll(async () => {
      const response = await page.request.get('/api/contacts');
      const contacts = (await response.json()) as { first_name: string; labels: { name: string }[] }[];
      return contacts.find((item) => item.first_name === 'Emmy')?.labels.map((label) => label.name);
    })
    .toEqual(['Physics']);
  await picker.getByRole('button', { name: 'Close' }).click();
  const card = page.getByRole('listitem').filter({ hasText: 'Emmy Noether' });
  await page.reload();
  await expect(card.getByRole('list', { name: 'Labels' }).getByText('Physics')).toBeVisible();
  await expect(card.getByRole('list', { name: 'Labels' }).getByText('Algebra')).toHaveCount(0);
});

test("the quick-create 'Add Contact' opens the contact dialog", async ({ page }) => {
  await signInWithTestWallet(page, freshAccountIndex());
  await page.getByRole('button', { name: 'Quick create' }).click();
  await page.getByRole('button', { name: 'Add Contact' }).click();
  await expect(page).toHaveURL(/\/contacts$/);
  await expect(page.getByRole('dialog', { name: 'Contact information' })).toBeVisible();
});

test('Create invoice from a contact card goes to the new invoice page', async ({ page }) => {
  await signInWithTestWallet(page, freshAccountIndex());
  await page.goto('/contacts');
  await page.getByRole('button', { name: 'Add Contact' }).click();
  await fillContact(page, {
    'First name': 'Grace',
    'Last name': 'Hopper',
    Email: 'grace@example.com',
    'Address line 1': '1 Navy Way',
    City: 'Arlington',
    'Postal code': '22202',
    Country: 'United States',
  });
  await page.getByRole('button', { name: 'Save contact' }).click();
  await page.getByRole('button', { name: 'Actions for Grace Hopper' }).click();
  await page.getByRole('menuitem', { name: 'Create invoice' }).click();
  await expect(page).toHaveURL(/\/new-invoice$/);
  const state = await page.evaluate(() => (history.state as { contactId?: string } | null)?.contactId);
  expect(state).toMatch(/^[0-9a-f-]{36}$/);
});
