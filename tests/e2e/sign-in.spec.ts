import { expect, test } from '@playwright/test';
import { installTestWallet } from './support/test-wallet';
import { openAccountMenu, signInWithDemo, signOutFromMenu } from './support/sign-in';
import { persistedEntries, persistedQueryKeys, storedUser } from './support/browser-state';

test.describe('sign-in', () => {
  test('demo login shows the signed-in shell', async ({ page }) => {
    const walletQueries: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/wallets') walletQueries.push(request.method());
    });
    await signInWithDemo(page, 0);
    const user = (await storedUser(page)) as { full_access: boolean; is_demo: boolean };
    expect(user.full_access).toBe(false);
    expect(user.is_demo).toBe(true);
    await openAccountMenu(page);
    await expect(page.getByText('Signed in as')).toBeVisible();
    // Guests do not query wallets (docs/sign-in.md): the list says it is for signed-in users.
    const connected = page.getByRole('region', { name: 'Connected Wallets' });
    await expect(connected.getByText('This feature is available only for logged in users.')).toBeVisible();
    expect(walletQueries).toEqual([]);
  });

  test('the second demo wallet signs in too', async ({ page }) => {
    await signInWithDemo(page, 1);
    await openAccountMenu(page);
    await expect(page.getByText('Signed in as')).toBeVisible();
  });

  test('wallet sign-in through an injected wallet', async ({ page }) => {
    const wallet = await installTestWallet(page, 0);
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Connect wallet' }).click();
    await page.getByRole('button', { name: /browser wallet/i }).click();
    await expect(page).toHaveURL(/\/overview$/);
    expect(wallet.calls).toContain('personal_sign');
    const user = (await storedUser(page)) as { full_access: boolean; type: string; address: string };
    expect(user).toMatchObject({ full_access: true, type: 'METAMASK', address: wallet.address });
    await openAccountMenu(page);
    await expect(page.getByText(wallet.address)).toBeVisible();
  });

  test('a valid address in the path signs in a read-only guest', async ({ page }) => {
    await page.goto('/0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045');
    await expect(page).toHaveURL(/\/overview$/);
    const user = (await storedUser(page)) as { full_access: boolean; has_wallet: boolean; type: string };
    expect(user).toMatchObject({ full_access: false, has_wallet: true, type: 'ADDRESS_ONLY' });
  });

  test('an invalid address in the path goes to not-found', async ({ page }) => {
    await page.goto('/definitely-not-an-address');
    await expect(page.getByText('Provided address is invalid')).toBeVisible();
    await expect(page).toHaveURL(/\/not-found$/);
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  });

  test('sign-out clears the stored user and the persisted cache', async ({ page }) => {
    await signInWithDemo(page, 0);
    await expect.poll(() => persistedEntries(page), { timeout: 15_000 }).toBeGreaterThan(0);
    // The dashboard's data (balances) is saved before signing out.
    await expect
      .poll(async () => (await persistedQueryKeys(page)).some((key) => key.includes('balances')), { timeout: 15_000 })
      .toBe(true);
    await signOutFromMenu(page);
    expect(await storedUser(page)).toBeNull();
    // The sign-in page may persist its public configuration again; nothing of the signed-in user remains.
    await expect
      .poll(async () => (await persistedQueryKeys(page)).filter((key) => key !== '["config"]'))
      .toEqual([]);
  });

  test("a signed-out visitor's pages keep no cache and never download its persister", async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/auth');
    await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
    await page.goto('/faq');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The cache is written at most once a second: give a write the time it would take.
    await page.waitForTimeout(1_500);
    expect(await persistedEntries(page)).toBe(0);
    expect(scripts.filter((path) => path.includes('/cache-persistence-'))).toEqual([]);
    // Signing in starts keeping the cache.
    await signInWithDemo(page, 0);
    await expect.poll(() => persistedEntries(page), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(scripts.filter((path) => path.includes('/cache-persistence-'))).toHaveLength(1);
  });

  test('the sign-in page loads the address check and the wallet choices when they are used, the FAQ no query hooks', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const loaded = (name: string) => scripts.some((path) => path.startsWith(`/assets/${name}-`));

    await page.goto('/faq');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(loaded('query-hooks')).toBe(false);

    await page.goto('/auth');
    const address = page.getByLabel('Wallet address');
    await expect(address).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(['valibot', 'address-sign-in', 'wallet-choices'].filter(loaded)).toEqual([]);

    // Focusing the field fetches its check; an empty address is refused with the catalogue's text.
    await address.focus();
    await expect.poll(() => loaded('address-sign-in') && loaded('valibot')).toBe(true);
    await page.getByRole('button', { name: 'Sign in with address' }).click();
    await expect(page.getByText('This field is required')).toBeVisible();

    await page.getByRole('button', { name: 'Connect wallet' }).click();
    await expect(page.getByRole('button', { name: /browser wallet/i })).toBeVisible();
    expect(loaded('wallet-choices')).toBe(true);
  });
});
