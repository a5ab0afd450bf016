import { expect, test } from '@playwright/test';
import { apiFromPage } from './support/app-data';
import { freshAccountIndex, signInWithTestWallet } from './support/data-screens';

test('the From block shows the profile as the server has it now, not the copy kept on this device', async ({ page }) => {
  await signInWithTestWallet(page, freshAccountIndex());
  const first = await apiFromPage(page, 'PATCH', '/api/user', { first_name: 'Grace', last_name: 'Hopper', city: 'Arlington' });
  expect(first.status).toBe(200);
  await page.goto('/new-invoice');
  const from = page.getByRole('group', { name: 'From' });
  await expect(from.getByLabel('City')).toHaveValue('Arlington');

  // The city changes elsewhere (another device): this browser's stored user still says Arlington.
  const changed = await apiFromPage(page, 'PATCH', '/api/user', { city: 'Baltimore' });
  expect(changed.status).toBe(200);
  expect(await page.evaluate(() => localStorage.getItem('user'))).toContain('Arlington');

  // While the profile is fetched the form waits (no empty or stale From fields); then it shows the new city.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/user', async (route) => {
    if (route.request().method() === 'GET') await held;
    await route.continue();
  });
  await page.reload();
  await expect(page.getByText('Loading your details')).toBeVisible();
  await expect(from.getByLabel('City')).toHaveCount(0);
  release();
  await expect(from.getByLabel('City')).toHaveValue('Baltimore');
  await expect(from.getByLabel('First name')).toHaveValue('Grace');
});
