import { expect, type Page } from '@playwright/test';

/** Signs in through 'Try our demo' with the first (or given) demo wallet and waits for the dashboard. */
export async function signInWithDemo(page: Page, index = 0): Promise<void> {
  await page.goto('/auth');
  const demo = page.getByRole('region', { name: 'Try our demo' });
  await demo.getByRole('button').nth(index).click();
  await expect(page).toHaveURL(/\/overview$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
}

/** Opens the account menu in the top bar. */
export async function openAccountMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account menu' }).click();
}

export async function signOutFromMenu(page: Page): Promise<void> {
  await openAccountMenu(page);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
}
