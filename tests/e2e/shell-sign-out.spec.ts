import { expect, test, type Page } from '@playwright/test';
import { persistedEntries, persistedQueryKeys, storedUser } from './support/browser-state';
import { signInWithDemo, signOutFromMenu } from './support/sign-in';
import { SAVED_FILTER_KEYS, saveFilters, storageValues } from './support/shell';

const CLEARED_KEYS = ['user', ...SAVED_FILTER_KEYS];

/** Signs in with the demo, waits until the dashboard's data is persisted, and saves a filter under every key. */
async function signedInWithSavedState(page: Page): Promise<void> {
  await signInWithDemo(page, 0);
  await expect
    .poll(async () => (await persistedQueryKeys(page)).some((key) => key.includes('balances')), { timeout: 15_000 })
    .toBe(true);
  await saveFilters(page);
  const before = await storageValues(page, CLEARED_KEYS);
  for (const key of CLEARED_KEYS) expect(before[key], key).not.toBeNull();
}

/** Nothing of the signed-in user is left: the stored user, the saved filters and the persisted cache. */
async function expectSignedOutState(page: Page): Promise<void> {
  await expect.poll(() => storageValues(page, CLEARED_KEYS)).toEqual(Object.fromEntries(CLEARED_KEYS.map((key) => [key, null])));
  expect(await storedUser(page)).toBeNull();
  // The sign-in page may persist its public configuration again; nothing of the signed-in user remains.
  await expect.poll(async () => (await persistedQueryKeys(page)).filter((key) => key !== '["config"]')).toEqual([]);
}

test('signing out from the account menu clears the user, the saved filters and the persisted cache', async ({
  page,
}) => {
  await signedInWithSavedState(page);
  // Unrelated preferences stay: the theme is the device's, not the user's.
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await signOutFromMenu(page);
  await expectSignedOutState(page);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
  // Still signed out after a reload (the server session ended too).
  await page.reload();
  await expect(page).toHaveURL(/\/auth$/);
  await page.goto('/overview');
  await expect(page).toHaveURL(/\/auth$/);
});

test("the guest card's Login also signs out completely", async ({ page }) => {
  await signedInWithSavedState(page);
  const guest = page.getByRole('region', { name: 'Guest User' });
  await guest.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expectSignedOutState(page);
});

test('an expired session (401) signs out with a toast and clears the same state', async ({ page, context }) => {
  await signedInWithSavedState(page);
  expect(await persistedEntries(page)).toBeGreaterThan(0);
  // The server forgets the session: the next call answers 401.
  await context.clearCookies({ name: 'sessionid' });
  await page.reload();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(
    page.getByRole('region', { name: 'Notifications' }).getByText('You were logged out', { exact: true }),
  ).toBeVisible();
  await expectSignedOutState(page);
});
