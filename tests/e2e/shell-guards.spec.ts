import { expect, test } from '@playwright/test';
import { storedUser } from './support/browser-state';
import { signInWithDemo } from './support/sign-in';

test.use({ bypassCSP: true });

/** A valid Ethereum address that is neither demo wallet (for an address-only guest). */
const GUEST_ADDRESS = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';

test('the public payment entry of an invoice that does not exist says so and goes to sign-in', async ({ page }) => {
  await page.goto('/pay-invoice/3f1c2a9e-0000-4000-8000-000000000001');
  await expect(page).toHaveURL(/\/auth$/);
  await expect(
    page.getByRole('region', { name: 'Notifications' }).getByText('Invoice not found', { exact: true }),
  ).toBeVisible();
  expect(await storedUser(page)).toBeNull();
});

test('the public payment page without an invoice in navigation state reports it and goes to sign-in', async ({
  page,
}) => {
  await page.goto('/pay-invoice/3f1c2a9e-0000-4000-8000-000000000001/payment');
  await expect(page).toHaveURL(/\/auth$/);
  await expect(
    page
      .getByRole('region', { name: 'Notifications' })
      .getByText('An error occurred while fetching invoice data.', { exact: true }),
  ).toBeVisible();
});

test('/new-invoice: the signed-out go to sign-in, a demo user goes to the dashboard', async ({ page }) => {
  await page.goto('/new-invoice');
  await expect(page).toHaveURL(/\/auth$/);

  await signInWithDemo(page, 0);
  // The notice shows for 5 s from the redirect: it is watched for from the start, so a slow dashboard cannot hide it.
  const notice = expect(
    page
      .getByRole('region', { name: 'Notifications' })
      .getByText('Create invoice feature is available only for logged-in users.', { exact: true }),
  ).toBeVisible({ timeout: 30_000 });
  await page.goto('/new-invoice');
  await notice;
  await expect(page).toHaveURL(/\/overview$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'New Invoice' })).toHaveCount(0);

  // In-app navigation is guarded too: the FAQ's 'Create an invoice' link lands on the dashboard.
  await page.goto('/faq');
  await page.getByRole('searchbox', { name: 'Search questions' }).fill('invoices payable');
  await page.locator('main details > summary').first().click();
  await page.getByRole('link', { name: 'Create an invoice' }).click();
  await expect(page).toHaveURL(/\/overview$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
});

test('/new-invoice: an address-only guest goes to the dashboard', async ({ page }) => {
  await page.goto(`/${GUEST_ADDRESS}`);
  await expect(page).toHaveURL(/\/overview$/);
  expect(await storedUser(page)).toMatchObject({ type: 'ADDRESS_ONLY', full_access: false });
  await page.goto('/new-invoice');
  await expect(page).toHaveURL(/\/overview$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
});
