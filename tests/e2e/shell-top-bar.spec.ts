import { expect, test, type Page } from '@playwright/test';
import { addWalletThroughApi, apiFromPage } from './support/app-data';
import { storedUser } from './support/browser-state';
import { expectNoSeriousA11yViolations, freshAccountIndex, signInWithTestWallet } from './support/data-screens';
import { openAccountMenu, signInWithDemo } from './support/sign-in';

test.use({ bypassCSP: true });

const TAB_NAMES = ['Overview', 'Transactions', 'Contacts', 'Wallets', 'Documents'] as const;
/** anvil's fifth default account: a valid Ethereum address for a tracked wallet. */
const WALLET_ADDRESS = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65';

/** The main tabs as shown on this project: the row of links (desktop) or the dropdown's links (phone). */
async function mainTabs(page: Page, phone: boolean) {
  if (phone) {
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    const trigger = page.getByRole('button', { name: /^Main menu, / });
    await expect(trigger).toBeVisible();
    await trigger.click();
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
  } else {
    await expect(page.getByRole('button', { name: /^Main menu, / })).toBeHidden();
  }
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toBeVisible();
  return nav;
}

async function expectCurrentTab(page: Page, phone: boolean, current: (typeof TAB_NAMES)[number] | null): Promise<void> {
  if (phone) {
    await expect(page.getByRole('button', { name: `Main menu, ${current ?? 'choose a page'}` })).toBeVisible();
  }
  const nav = await mainTabs(page, phone);
  for (const name of TAB_NAMES) {
    const link = nav.getByRole('link', { name, exact: true });
    await expect(link).toBeVisible();
    if (name === current) await expect(link).toHaveAttribute('aria-current', 'page');
    else await expect(link).not.toHaveAttribute('aria-current');
  }
  if (phone) await page.keyboard.press('Escape');
}

test('the tab named in the path is current; on phones the tabs are a dropdown', async ({ page }, testInfo) => {
  const phone = testInfo.project.name === 'phone';
  await signInWithDemo(page, 0);
  await expectCurrentTab(page, phone, 'Overview');

  // Moving through the tabs themselves: the highlight follows the path.
  const nav = await mainTabs(page, phone);
  await nav.getByRole('link', { name: 'Wallets', exact: true }).click();
  await expect(page).toHaveURL(/\/wallets$/);
  if (phone) await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await expectCurrentTab(page, phone, 'Wallets');

  await page.goto('/transactions');
  await expectCurrentTab(page, phone, 'Transactions');
  if (phone) {
    await page.getByRole('button', { name: 'Main menu, Transactions' }).click();
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Main menu, Transactions' })).toBeFocused();
  }

  // A page that is no tab highlights none.
  await page.goto('/faq');
  await expect(page.getByRole('heading', { name: 'Frequently asked questions' })).toBeVisible();
  await expectCurrentTab(page, phone, null);
});

test('a demo user reads why quick-create is closed and cannot change the fiat currency', async ({ page }) => {
  await signInWithDemo(page, 0);
  await expect(page.getByLabel('Fiat currency')).toBeDisabled();

  const quick = page.getByRole('button', { name: 'Quick create' });
  await quick.click();
  await expect(quick).toHaveAttribute('aria-expanded', 'true');
  await expect(
    page.getByText('Sign-in with MetaMask, WalletConnect, or Google to access this feature.', { exact: true }),
  ).toBeVisible();
  for (const name of ['Create Invoice', 'Create Report', 'Add Contact', 'Add Wallet']) {
    await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
  }
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(page.getByText('Sign-in with MetaMask, WalletConnect, or Google to access this feature.')).toHaveCount(0);

  // The account menu of a guest has no full-access entries.
  await openAccountMenu(page);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  for (const name of ['Add additional wallet', 'Get premium', 'Your profile', 'Switch to Admin']) {
    await expect(page.getByRole('link', { name })).toHaveCount(0);
  }
});

test('a full-access user saves the fiat currency from the top bar', async ({ page }) => {
  await signInWithTestWallet(page, freshAccountIndex());
  const picker = page.getByLabel('Fiat currency');
  await expect(picker).toBeEnabled();
  await expect(picker).toHaveValue('USD');

  const saved = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/user' && response.request().method() === 'PATCH',
  );
  await picker.selectOption('CAD');
  const response = await saved;
  expect(response.status()).toBe(200);
  expect(response.request().postDataJSON()).toEqual({ fiat_currency: 'CAD' });
  expect(((await response.json()) as { fiat_currency: string }).fiat_currency).toBe('CAD');
  await expect(picker).toHaveValue('CAD');
  await expect.poll(async () => ((await storedUser(page)) as { fiat_currency: string }).fiat_currency).toBe('CAD');

  // Saved on the server: it survives a reload.
  const current = await apiFromPage(page, 'GET', '/api/user');
  expect((current.body as { fiat_currency: string }).fiat_currency).toBe('CAD');
  await page.reload();
  await expect(page.getByLabel('Fiat currency')).toHaveValue('CAD');

  // No Canadian dollar rate can be fetched here: the dashboard says the values are not in euro yet instead of passing
  // dollars off silently.
  await addWalletThroughApi(page, 'Main wallet', WALLET_ADDRESS);
  await page.goto('/overview');
  await expect(page.getByTestId('total-assets-value')).toContainText('$');
  await expect(page.getByRole('status').filter({ hasText: 'Values in CAD are not available yet' })).toBeVisible();
});

test('account menu: copying a wallet address, Get premium and Your profile', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInWithTestWallet(page, freshAccountIndex());
  // The first-run welcome dialog would cover the page once the user has a wallet.
  expect((await apiFromPage(page, 'PATCH', '/api/user', { is_tutorial_viewed: true })).status).toBe(200);
  await addWalletThroughApi(page, 'Main wallet', WALLET_ADDRESS);

  await openAccountMenu(page);
  const wallets = page.getByRole('region', { name: 'Connected Wallets' });
  const copy = wallets.getByRole('button', { name: /^Main wallet/ });
  await expect(copy).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await copy.click();
  await expect(
    page.getByRole('region', { name: 'Notifications' }).getByText('Text copied to the clipboard', { exact: true }),
  ).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(WALLET_ADDRESS);

  await page.getByRole('link', { name: 'Get premium' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByRole('heading', { name: 'Plans & Pricing', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Connected Wallets' })).toHaveCount(0);

  await openAccountMenu(page);
  await page.getByRole('link', { name: 'Your profile' }).click();
  await expect(page).toHaveURL(/\/settings\?section=profile$/);
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Profile' }),
  ).toHaveAttribute('aria-current', 'page');
});

test("the upgrade dialog's EXPLORE PLANS goes to the pricing page", async ({ page }) => {
  await signInWithTestWallet(page, freshAccountIndex());
  // The first-run welcome dialog would cover the page once the user has a wallet.
  expect((await apiFromPage(page, 'PATCH', '/api/user', { is_tutorial_viewed: true })).status).toBe(200);
  // The free plan holds one wallet: with it taken, quick-create 'Add Wallet' explains the limit.
  await addWalletThroughApi(page, 'Only wallet', WALLET_ADDRESS);
  await page.getByRole('button', { name: 'Quick create' }).click();
  await page.getByRole('button', { name: 'Add Wallet', exact: true }).click();
  const upgrade = page.getByRole('dialog', { name: 'Upgrade your plan' });
  await expect(upgrade).toBeVisible();
  await expect(
    upgrade.getByText('Oh no! You have reached your maximum 1 wallets and public keys. Upgrade your plan to see more.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/overview$/);
  await expectNoSeriousA11yViolations(page);

  await upgrade.getByRole('button', { name: 'EXPLORE PLANS' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(upgrade).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Plans & Pricing', level: 1 })).toBeVisible();
});
