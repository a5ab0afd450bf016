import { expect, test } from '@playwright/test';

test('the help menu opens on a public page, its dialogs show their texts and close, and FAQ opens the FAQ', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  // A public page in the frame: the not-found page, opened signed out.
  await page.goto('/no-such-page');
  const help = page.getByRole('button', { name: 'Help', exact: true });
  await expect(help).toBeVisible();
  // What the button opens is downloaded when it is first used, not with the page.
  expect(scripts.filter((path) => /\/help-(menu|dialogs)-/.test(path))).toEqual([]);

  await help.click();
  const menu = page.getByRole('navigation', { name: 'Help' });
  await expect(menu.getByRole('link', { name: 'Chat' })).toBeVisible();
  await menu.getByRole('button', { name: 'About us' }).click();
  const about = page.getByRole('dialog', { name: 'About us' });
  await expect(about).toContainText('Ledgerloop is crypto accounting and invoicing');
  await expect(menu).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(about).toBeHidden();

  await help.click();
  await menu.getByRole('button', { name: 'Legal' }).click();
  const legal = page.getByRole('dialog', { name: 'Legal' });
  await expect(legal).toContainText('Ledgerloop is not a wallet provider');
  await legal.getByRole('button', { name: 'Close' }).click();
  await expect(legal).toBeHidden();

  await help.click();
  await menu.getByRole('link', { name: 'FAQ' }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
