import { expect, test, type Page } from '@playwright/test';
import { addWalletThroughApi } from './support/app-data';
import { expectNoSeriousA11yViolations, freshAccountIndex, signInWithTestWallet } from './support/data-screens';

test.use({ bypassCSP: true });

function step(page: Page) {
  return page.getByTestId('tutorial-step');
}

async function expectStep(page: Page, path: string, paging: string, title: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(step(page).getByText(paging)).toBeVisible();
  await expect(step(page).getByRole('heading', { name: title })).toBeVisible();
}

test('the 7-step tutorial runs from the welcome dialog to the end', async ({ page }) => {
  test.setTimeout(90_000);
  await signInWithTestWallet(page, freshAccountIndex());
  await addWalletThroughApi(page, 'Main', '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65');
  await page.reload();

  const welcome = page.getByRole('dialog', { name: 'Welcome to Ledgerloop!' });
  await welcome.getByRole('button', { name: 'Get started' }).click();
  await expectStep(page, '/wallets', '1 of 7', 'Your first wallet');
  await expect(page.getByTestId('wallet-card')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Back from the first step is the dashboard without the tutorial (the welcome dialog is still due).
  await step(page).getByRole('button', { name: 'Previous' }).click();
  await expect(page).toHaveURL(/\/overview$/);
  await expect(step(page)).toHaveCount(0);
  await welcome.getByRole('button', { name: 'Get started' }).click();

  await expectStep(page, '/wallets', '1 of 7', 'Your first wallet');
  await step(page).getByRole('button', { name: 'Next' }).click();
  await expectStep(page, '/wallets', '2 of 7', 'Keep your wallets in check');
  expect(await page.evaluate(() => (history.state as { tutorial?: { step: number } }).tutorial)).toEqual({ step: 2 });
  await step(page).getByRole('button', { name: 'Next' }).click();
  await expectStep(page, '/overview', '3 of 7', 'Your dashboard at a glance');
  await expect(welcome).toHaveCount(0);
  await step(page).getByRole('button', { name: 'Next' }).click();
  await expectStep(page, '/transactions', '4 of 7', 'Every transaction in one place');
  await step(page).getByRole('button', { name: 'Next' }).click();
  await expectStep(page, '/contacts', '5 of 7', 'Know who you deal with');
  await step(page).getByRole('button', { name: 'Next' }).click();
  await expectStep(page, '/documents', '6 of 7', 'Invoicing and Payments');
  await step(page).getByRole('button', { name: 'Previous' }).click();
  await expectStep(page, '/contacts', '5 of 7', 'Know who you deal with');
  await step(page).getByRole('button', { name: 'Next' }).click();
  await expectStep(page, '/documents', '6 of 7', 'Invoicing and Payments');
  await step(page).getByRole('button', { name: 'Next' }).click();
  await expectStep(page, '/documents', '7 of 7', 'Create personalized reports');

  await step(page).getByRole('button', { name: 'Finish' }).click();
  const done = page.getByRole('dialog', { name: "You're ready to go" });
  await expect(done).toBeVisible();
  await expect(done.getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/faq');
  // The chat it points to is the help menu's Chat entry (this build sets no chat URL: it writes to the contact).
  const chat = done.getByRole('link', { name: 'chat with us' });
  await expect(chat).toHaveAttribute('href', /^mailto:.+@.+/);
  const chatHref = await chat.getAttribute('href');
  await expect(done.getByText(/open the help button .* and choose Chat/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/user') && response.request().method() === 'PATCH',
  );
  await done.getByRole('button', { name: 'Done' }).click();
  const response = await saved;
  expect(response.request().postDataJSON()).toEqual({ is_tutorial_viewed: true });
  expect(((await response.json()) as { is_tutorial_viewed: boolean }).is_tutorial_viewed).toBe(true);
  await expect(done).toBeHidden();
  await expect(step(page)).toHaveCount(0);

  await page.getByRole('button', { name: 'Help', exact: true }).click();
  const help = page.getByRole('navigation', { name: 'Help' });
  await expect(help.getByRole('link', { name: 'Chat', exact: true })).toHaveAttribute('href', chatHref ?? '');
  await expect(help.getByRole('link', { name: 'FAQ', exact: true })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto('/overview');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Welcome to Ledgerloop!' })).toHaveCount(0);
});

test('the tutorial can be ended from any step', async ({ page }) => {
  await signInWithTestWallet(page, freshAccountIndex());
  await addWalletThroughApi(page, 'Main', '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65');
  await page.reload();
  await page.getByRole('dialog', { name: 'Welcome to Ledgerloop!' }).getByRole('button', { name: 'Get started' }).click();
  await expectStep(page, '/wallets', '1 of 7', 'Your first wallet');
  await step(page).getByRole('button', { name: 'Next' }).click();
  await expectStep(page, '/wallets', '2 of 7', 'Keep your wallets in check');
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/user') && response.request().method() === 'PATCH',
  );
  await step(page).getByRole('button', { name: 'End tutorial' }).click();
  expect((await saved).status()).toBe(200);
  await expect(step(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/wallets$/);
});
