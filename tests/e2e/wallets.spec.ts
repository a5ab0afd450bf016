import { expect, test } from '@playwright/test';
import { addWalletThroughApi, apiFromPage, issueInvoicesThroughApi, persistedCacheText, underServiceWorker } from './support/app-data';
import { openAccountMenu, signInWithDemo } from './support/sign-in';
import { expectNoSeriousA11yViolations, freshAccountIndex, signInWithTestWallet } from './support/data-screens';

test.use({ bypassCSP: true });

/** anvil's fourth default account: a valid Ethereum address with a little history on the local chain. */
const WALLET_ADDRESS = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';

test('guests read that wallets are for signed-in users', async ({ page }) => {
  await signInWithDemo(page, 0);
  await page.goto('/wallets');
  await expect(page.getByRole('heading', { name: 'Wallets', level: 1 })).toBeVisible();
  await expect(page.getByText('This feature is available only for logged in users.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Wallet' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test('wallets journey: add, see, edit the name, hit the plan limit, delete', async ({ page }) => {
  await signInWithTestWallet(page, freshAccountIndex());
  await page.goto('/wallets');
  await expect(page.getByText('No wallets found')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Add: the form's rules first, then a real wallet.
  await page.getByRole('button', { name: 'Add Wallet' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Wallet' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('radio', { name: 'Wallet' })).toHaveAttribute('aria-checked', 'true');
  await dialog.getByRole('button', { name: 'Add Wallet' }).click();
  await expect(dialog.getByText('Network is required')).toBeVisible();
  await expect(dialog.getByText('This field is required').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await dialog.getByLabel('Wallet name').fill('Main wallet');
  await dialog.getByLabel('Network').selectOption('BITCOIN');
  await dialog.getByLabel('Public address').fill(WALLET_ADDRESS);
  await dialog.getByRole('button', { name: 'Add Wallet' }).click();
  await expect(dialog.getByText('Provided address is invalid')).toBeVisible();
  await dialog.getByLabel('Network').selectOption('ETHEREUM');

  await page.evaluate(() => {
    const counter = window as unknown as { resetFilters: number; resetAt: number };
    counter.resetFilters = 0;
    performance.setResourceTimingBufferSize(10_000);
    window.addEventListener('reset-filters', () => {
      counter.resetFilters += 1;
      counter.resetAt = performance.now();
    });
  });
  const created = page.waitForResponse(
    (response) => response.url().endsWith('/api/wallets') && response.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Add Wallet' }).click();
  const response = await created;
  expect(response.status()).toBe(201);
  expect(response.request().postDataJSON()).toEqual({ name: 'Main wallet', address: WALLET_ADDRESS, network: 'ETHEREUM' });
  await expect(dialog).toBeHidden();
  expect(await page.evaluate(() => (window as unknown as { resetFilters: number }).resetFilters)).toBe(1);

  const card = page.getByTestId('wallet-card').filter({ hasText: 'Main wallet' });
  await expect(card).toBeVisible();
  await expect(card.getByRole('img', { name: 'Ethereum' })).toBeVisible();
  await expect(card.getByText('0x90...E93b906')).toBeVisible();
  // All data (the user included) is asked for again 2 s after the save, timed on the page's own clock.
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const { resetAt } = window as unknown as { resetAt: number };
          return performance
            .getEntriesByType('resource')
            .filter((entry) => entry.name.endsWith('/api/user'))
            .some((entry) => entry.startTime - resetAt >= 1_900 && entry.startTime - resetAt <= 5_000);
        }),
      { timeout: 7_000 },
    )
    .toBe(true);

  // Details.
  await card.getByRole('button', { name: /^Details of Main wallet:/ }).click();
  const details = page.getByRole('dialog', { name: 'Main wallet' });
  await expect(details.getByText(WALLET_ADDRESS)).toBeVisible();
  await expect(details.getByText('Ethereum')).toBeVisible();
  await details.getByRole('button', { name: 'Close' }).click();

  // Edit: only the name; address and network are locked.
  await page.getByRole('button', { name: 'Actions for Main wallet' }).click();
  await expect(page.getByRole('menu', { name: 'Actions for Main wallet' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('menuitem', { name: 'Edit wallet' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Wallet' });
  await expect(edit.getByText(WALLET_ADDRESS)).toBeVisible();
  await expect(edit.getByLabel('Public address')).toHaveCount(0);
  await edit.getByLabel('Wallet name').fill('Cold storage');
  const renamed = page.waitForResponse(
    (res) => /\/api\/wallets\/[0-9a-f-]{36}$/.test(res.url()) && res.request().method() === 'PATCH',
  );
  await edit.getByRole('button', { name: 'Save' }).click();
  expect((await renamed).request().postDataJSON()).toEqual({ name: 'Cold storage' });
  await expect(edit).toBeHidden();
  await expect(page.getByTestId('wallet-card').filter({ hasText: 'Cold storage' })).toBeVisible();

  // The free plan holds one wallet: the next one is refused with the plan text.
  await page.getByRole('button', { name: 'Add Wallet' }).click();
  const upgrade = page.getByRole('dialog', { name: 'Upgrade your plan' });
  await expect(
    upgrade.getByText('Oh no! You have reached your maximum 1 wallets and public keys. Upgrade your plan to see more.'),
  ).toBeVisible();
  await upgrade.getByRole('button', { name: 'Close' }).click();

  // Create invoice from the card takes the wallet along.
  await page.getByRole('button', { name: 'Actions for Cold storage' }).click();
  await page.getByRole('menuitem', { name: 'Create invoice' }).click();
  await expect(page).toHaveURL(/\/new-invoice$/);
  const walletId = await page.evaluate(() => (history.state as { walletId?: string } | null)?.walletId);
  expect(walletId).toMatch(/^[0-9a-f-]{36}$/);
  await page.goBack();

  // Delete.
  await page.getByRole('button', { name: 'Actions for Cold storage' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await expect(page.getByText('Wallet Deleted Successfully!')).toBeVisible();
  await expect(page.getByText('No wallets found')).toBeVisible();
  const left = await page.evaluate(async () => (await (await fetch('/api/wallets')).json()) as unknown[]);
  expect(left).toEqual([]);
});

test("the account menu's 'Add additional wallet' opens the Add Wallet dialog", async ({ page }) => {
  await signInWithTestWallet(page, freshAccountIndex());
  await openAccountMenu(page);
  await page.getByRole('link', { name: 'Add additional wallet' }).click();
  await expect(page).toHaveURL(/\/wallets$/);
  const dialog = page.getByRole('dialog', { name: 'Add Wallet' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('radio', { name: 'Exchange' }).click();
  await expect(dialog.getByRole('combobox', { name: 'Exchange' })).toHaveValue('BINANCE');
  await expect(dialog.getByLabel('Secret key')).toHaveAttribute('type', 'password');
});

test("the quick-create 'Add Wallet' opens the Add Wallet dialog", async ({ page }) => {
  await signInWithTestWallet(page, freshAccountIndex());
  await page.getByRole('button', { name: 'Quick create' }).click();
  await page.getByRole('button', { name: 'Add Wallet' }).click();
  await expect(page).toHaveURL(/\/wallets$/);
  await expect(page.getByRole('dialog', { name: 'Add Wallet' })).toBeVisible();
});

test.describe('under the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('wallets open offline from the saved data, and a rename made offline is sent once on reconnect', async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    await signInWithTestWallet(page, freshAccountIndex());
    await addWalletThroughApi(page, 'Travel', '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc');
    await page.goto('/wallets');
    await expect(page.getByTestId('wallet-card').filter({ hasText: 'Travel' })).toBeVisible();
    await underServiceWorker(page);
    await expect(page.getByTestId('wallet-card').filter({ hasText: 'Travel' })).toBeVisible();
    await expect.poll(() => persistedCacheText(page), { timeout: 15_000 }).toContain('"Travel"');

    const patches: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH' && request.url().includes('/api/wallets/')) patches.push(request.postData() ?? '');
    });

    await context.setOffline(true);
    await page.reload();
    const card = page.getByTestId('wallet-card').filter({ hasText: 'Travel' });
    await expect(card).toBeVisible();

    await page.getByRole('button', { name: 'Actions for Travel' }).click();
    await page.getByRole('menuitem', { name: 'Edit wallet' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Wallet' });
    await edit.getByLabel('Wallet name').fill('Travel fund');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByText(/You are offline\. The change is saved/)).toBeVisible();
    await expect(page.getByTestId('wallet-card').filter({ hasText: 'Travel fund' })).toBeVisible();
    // Adding needs the server: it says so instead of failing.
    await page.getByRole('button', { name: 'Add Wallet' }).click();
    await expect(page.getByText(/You are offline\. Adding a wallet needs a connection/)).toBeVisible();

    // The queued change survives a reload while still offline.
    await expect.poll(() => persistedCacheText(page), { timeout: 10_000 }).toContain('"Travel fund"');
    await page.reload();
    await expect(page.getByTestId('wallet-card').filter({ hasText: 'Travel fund' })).toBeVisible();
    expect(patches).toEqual([]);

    await context.setOffline(false);
    await expect.poll(() => patches.length, { timeout: 15_000 }).toBe(1);
    expect(JSON.parse(patches[0] ?? '{}')).toEqual({ name: 'Travel fund' });
    await page.waitForTimeout(2_500);
    expect(patches).toHaveLength(1);
    const names = await page.evaluate(
      async () => ((await (await fetch('/api/wallets')).json()) as { name: string }[]).map((wallet) => wallet.name),
    );
    expect(names).toEqual(['Travel fund']);
  });
});

test('deleting a wallet that documents were made from lists them first and deletes them too', async ({ page }) => {
  await signInWithTestWallet(page, freshAccountIndex());
  await addWalletThroughApi(page, 'Receiving', WALLET_ADDRESS);
  await issueInvoicesThroughApi(page, ['Invoice for March']);
  await page.goto('/wallets');
  await page.getByRole('button', { name: 'Actions for Receiving' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete wallet?' });
  await expect(confirm.getByRole('listitem')).toHaveText(['Invoice for March']);
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  expect((await apiFromPage(page, 'GET', '/api/documents')).body).toMatchObject({ count: 1 });

  await page.getByRole('button', { name: 'Actions for Receiving' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Wallet Deleted Successfully!')).toBeVisible();
  expect((await apiFromPage(page, 'GET', '/api/documents')).body).toMatchObject({ count: 0 });
});
