import { expect, test } from '@playwright/test';
import { apiFromPage } from './support/app-data';
import { storedUser } from './support/browser-state';
import { expectNoSeriousA11yViolations } from './support/data-screens';
import { signInWithDemo } from './support/sign-in';
import { holdRequests } from './support/shell';

test.use({ bypassCSP: true });

/** A valid Ethereum address that is neither demo wallet. */
const ROUTE_ADDRESS = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';

test('an address in the path ends the current session and signs in the guest, showing each step', async ({ page }) => {
  await signInWithDemo(page, 0);
  const demo = (await storedUser(page)) as { id: string; is_demo: boolean };
  expect(demo.is_demo).toBe(true);

  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (['/api/validate-address', '/api/logout', '/api/login-with-address'].includes(pathname)) {
      calls.push(`${request.method()} ${pathname}`);
    }
  });
  const validation = await holdRequests(page, '/api/validate-address', 'POST');
  const login = await holdRequests(page, '/api/login-with-address', 'POST');

  await page.goto(`/${ROUTE_ADDRESS}`);
  // Step 1: the address is checked on every network while 'Verifying address' shows; the demo session still holds.
  const checked = await validation.arrived;
  expect(checked.postDataJSON()).toEqual({ address: ROUTE_ADDRESS, network: 'ALL' });
  await expect(page.getByRole('status').filter({ hasText: 'Verifying address' })).toBeVisible();
  await expect(page.getByText(ROUTE_ADDRESS)).toBeVisible();
  expect(((await storedUser(page)) as { id: string }).id).toBe(demo.id);
  await expectNoSeriousA11yViolations(page);
  validation.release();

  // Step 2: the old session is ended, then the guest signs in while 'Fetching address data' shows.
  const loginRequest = await login.arrived;
  expect(loginRequest.postDataJSON()).toEqual({ address: ROUTE_ADDRESS });
  await expect(page.getByRole('status').filter({ hasText: 'Fetching address data' })).toBeVisible();
  await expect(page.getByText('Verifying address')).toHaveCount(0);
  expect(await storedUser(page)).toBeNull();
  expect(calls).toEqual(['POST /api/validate-address', 'POST /api/logout', 'POST /api/login-with-address']);
  login.release();

  await expect(page).toHaveURL(/\/overview$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  const guest = (await storedUser(page)) as { id: string; is_demo: boolean; full_access: boolean; has_wallet: boolean; type: string; address: string };
  expect(guest).toMatchObject({ full_access: false, has_wallet: true, type: 'ADDRESS_ONLY' });
  expect(guest.id).not.toBe(demo.id);
  expect(guest.address.toLowerCase()).toBe(ROUTE_ADDRESS.toLowerCase());
  // The server session is the guest's too.
  const current = await apiFromPage(page, 'GET', '/api/user');
  expect(current.status).toBe(200);
  expect((current.body as { id: string }).id).toBe(guest.id);
});

test('an invalid address in the path keeps the current session and offers the way back', async ({ page }) => {
  await signInWithDemo(page, 0);
  const demo = (await storedUser(page)) as { id: string };
  const logouts: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/logout') logouts.push(request.method());
  });
  await page.goto('/0xNotAnAddress');
  await expect(page).toHaveURL(/\/not-found$/);
  await expect(page.getByRole('region', { name: 'Notifications' }).getByText('Provided address is invalid')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Page not found', level: 1 })).toBeVisible();
  expect(((await storedUser(page)) as { id: string }).id).toBe(demo.id);
  expect(logouts).toEqual([]);
  await page.getByRole('link', { name: 'Go to Overview' }).click();
  await expect(page).toHaveURL(/\/overview$/);
});

test('a refused address sign-in shows the joined errors and goes to sign-in, not to not-found', async ({ page }) => {
  const checked: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname === '/api/validate-address') checked.push(String((request.postDataJSON() as { address: string }).address));
  });
  await page.route('**/api/login-with-address', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({ address: ['This address is blocked.', 'Try another one.'] }),
    }),
  );
  await page.goto(`/${ROUTE_ADDRESS}`);
  await expect(page).toHaveURL(/\/auth$/);
  await expect(
    page.getByRole('region', { name: 'Notifications' }).getByText('This address is blocked., Try another one.', { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Connect wallet' })).toBeVisible();
  // Only the address in the path was checked: the page being left never read '/auth' as an address.
  expect(checked).toEqual([ROUTE_ADDRESS]);
  await expect(page).toHaveURL(/\/auth$/);
  expect(await storedUser(page)).toBeNull();
});
