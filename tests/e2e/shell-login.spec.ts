import { expect, test } from '@playwright/test';
import { storedUser } from './support/browser-state';
import { expectNoSeriousA11yViolations } from './support/data-screens';
import { collectDialogs } from './support/shell';

test.use({ bypassCSP: true });

const DOWNLOAD_URL = 'https://metamask.io/download/';
/** A valid, checksummed Ethereum address that is no demo wallet. */
const GUEST_ADDRESS = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';

test.describe('login page', () => {
  test('a browser wallet without window.ethereum asks to download MetaMask and opens the download page', async ({
    page,
    context,
  }) => {
    // The download page is outside the app: answer it locally so the test does not need the internet.
    await context.route(`${DOWNLOAD_URL}**`, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Download</title><h1>Download</h1>' }),
    );
    const dialogs = collectDialogs(page);
    const loginCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/login')) loginCalls.push(request.url());
    });

    await page.goto('/auth');
    expect(await page.evaluate(() => 'ethereum' in window)).toBe(false);
    const connect = page.getByRole('button', { name: 'Connect wallet' });
    await expect(connect).toHaveAttribute('aria-expanded', 'false');
    await connect.click();
    await expect(connect).toHaveAttribute('aria-expanded', 'true');

    const popup = context.waitForEvent('page');
    await page.getByRole('button', { name: /browser wallet/i }).click();
    const download = await popup;
    await expect.poll(() => download.url()).toBe(DOWNLOAD_URL);
    expect(dialogs).toEqual([{ type: 'alert', message: 'Please download MetaMask and refresh this page.' }]);
    await download.close();

    // The page keeps a way to the download, and nothing was sent to the server.
    const note = page.getByText('No browser wallet found.');
    await expect(note).toBeVisible();
    await expect(note).toContainText('Download MetaMask and refresh this page.');
    const link = note.getByRole('link', { name: 'Download MetaMask' });
    await expect(link).toHaveAttribute('href', DOWNLOAD_URL);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
    await expect(page).toHaveURL(/\/auth$/);
    expect(loginCalls).toEqual([]);
    expect(await storedUser(page)).toBeNull();
    // The choice is usable again (not left busy).
    await expect(page.getByRole('button', { name: /browser wallet/i })).toBeEnabled();
    await expectNoSeriousA11yViolations(page);
  });

  test('the address form signs in a read-only guest', async ({ page }) => {
    await page.goto('/auth');
    const validated = page.waitForResponse(
      (response) => response.url().endsWith('/api/validate-address') && response.request().method() === 'POST',
    );
    const loggedIn = page.waitForResponse(
      (response) => response.url().endsWith('/api/login-with-address') && response.request().method() === 'POST',
    );
    await page.getByLabel('Wallet address').fill(`  ${GUEST_ADDRESS}  `);
    await page.getByRole('button', { name: 'Sign in with address' }).click();

    // The address is checked on every network, trimmed, then used to sign in.
    expect((await validated).request().postDataJSON()).toEqual({ address: GUEST_ADDRESS, network: 'ALL' });
    const login = await loggedIn;
    expect(login.status()).toBe(200);
    expect(login.request().postDataJSON()).toEqual({ address: GUEST_ADDRESS });

    await expect(page).toHaveURL(/\/overview$/);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    const user = (await storedUser(page)) as { full_access: boolean; has_wallet: boolean; type: string; address: string };
    expect(user).toMatchObject({ full_access: false, has_wallet: true, type: 'ADDRESS_ONLY' });
    expect(user.address.toLowerCase()).toBe(GUEST_ADDRESS.toLowerCase());
    // Read-only: the guest card replaces invoicing.
    await expect(page.getByRole('heading', { name: 'Guest User' })).toBeVisible();
  });

  test('the address form shows a wrong or missing address under the field and stays signed out', async ({ page }) => {
    const logins: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/login-with-address') logins.push(request.method());
    });
    await page.goto('/auth');
    const field = page.getByLabel('Wallet address');
    const submit = page.getByRole('button', { name: 'Sign in with address' });

    // Empty: the form's own rule, before any call.
    await submit.click();
    const form = page.getByRole('form', { name: 'Sign in with an address' });
    await expect(form.getByText('This field is required')).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');

    const validated = page.waitForResponse((response) => response.url().endsWith('/api/validate-address'));
    await field.fill('0x1234-not-an-address');
    await submit.click();
    const response = await validated;
    expect(response.status()).toBe(400);
    const error = form.getByRole('alert');
    await expect(error).toHaveText('Provided address is invalid');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAttribute('aria-describedby', (await error.getAttribute('id')) ?? 'missing id');
    await expect(field).toBeFocused();
    await expect(submit).toBeEnabled();
    await expectNoSeriousA11yViolations(page);

    await expect(page).toHaveURL(/\/auth$/);
    expect(await storedUser(page)).toBeNull();
    expect(logins).toEqual([]);

    // Correcting the address clears the error on the next change.
    await field.fill(GUEST_ADDRESS);
    await expect(form.getByRole('alert')).toHaveCount(0);
    await expect(field).not.toHaveAttribute('aria-invalid', 'true');
  });
});
