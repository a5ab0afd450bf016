import { expect, test } from '@playwright/test';
import { installTestWallet } from './support/test-wallet';
import { signInWithDemo } from './support/sign-in';

test.describe('route guards', () => {
  test('signed-out visitors are sent to the sign-in page', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/auth$/);
    for (const path of ['/overview', '/wallets', '/settings', '/admin']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/auth$/);
    }
  });

  test('public pages open without signing in', async ({ page }) => {
    await page.goto('/faq');
    await expect(page.getByRole('heading', { name: 'Frequently asked questions' })).toBeVisible();
    await expect(page).toHaveURL(/\/faq$/);
  });

  test('a signed-in user is redirected away from the sign-in page and from admin', async ({ page }) => {
    await signInWithDemo(page, 0);
    await page.goto('/auth');
    await expect(page).toHaveURL(/\/overview$/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/overview$/);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/overview$/);
  });

  test('staff reach the admin area', async ({ page }) => {
    // Account 1 of the test mnemonic is listed in STAFF_ADDRESSES by src/scripts/e2e-server.mjs.
    await installTestWallet(page, 1);
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Connect wallet' }).click();
    await page.getByRole('button', { name: /browser wallet/i }).click();
    await expect(page).toHaveURL(/\/overview$/);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin$/);
  });
});
