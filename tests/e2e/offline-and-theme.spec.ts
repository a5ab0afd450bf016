import { expect, test } from '@playwright/test';
import { signInWithDemo } from './support/sign-in';

// The journeys here load the shell with the network off, which only the service worker can answer.
test.use({ serviceWorkers: 'allow' });

test('after one visit the shell loads with the network off', async ({ page, context }) => {
  await signInWithDemo(page, 0);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await expect(page.getByText(/offline/i).first()).toBeVisible();
  await context.setOffline(false);
});

test('the theme choice survives a reload', async ({ page }) => {
  await page.goto('/auth');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await signInWithDemo(page, 0);
  await page.goto('/settings?section=settings');
  await page.getByRole('switch', { name: /dark/i }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
});
