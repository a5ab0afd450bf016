import { expect, test, type Page } from '@playwright/test';
import { apiFromPage, issueInvoicesThroughApi } from './support/app-data';
import { freshAccountIndex, signInWithTestWallet } from './support/data-screens';
import { signInWithDemo } from './support/sign-in';

/**
 * Every screen fits the narrowest phone the product supports (360 px, spec: mobile first) and the desktop: nothing
 * sticks out sideways, so the page never scrolls horizontally. Content that may be wider than the screen scrolls
 * inside its own box.
 */

test.beforeEach(async ({ page }, testInfo) => {
  if (testInfo.project.name === 'phone') await page.setViewportSize({ width: 360, height: 740 });
});

/** Elements whose right edge passes the viewport, outside any box that scrolls or clips them. */
function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const insideClippingBox = (element: Element): boolean => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') return true;
      }
      return false;
    };
    const found: string[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || box.right <= width + 1) continue;
      if (insideClippingBox(element)) continue;
      found.push(element.outerHTML.slice(0, 160));
      if (found.length === 5) break;
    }
    if (document.documentElement.scrollWidth > width) found.push(`page ${String(document.documentElement.scrollWidth)} px wide`);
    return found;
  });
}

/** The page's heading is shown and no spinner is left. */
async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
}

async function expectFits(page: Page, what: string): Promise<void> {
  expect(await overflowing(page), what).toEqual([]);
}

test('the demo data screens fit the screen', async ({ page }) => {
  await signInWithDemo(page, 0);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Fungible Tokens', exact: true })).toBeVisible();
  await settled(page);
  await expectFits(page, '/overview');

  await page.goto('/transactions');
  const toggles = page.getByRole('button', { name: /^Show details of / });
  await expect.poll(() => toggles.count()).toBeGreaterThanOrEqual(10);
  await expectFits(page, '/transactions');
  await toggles.first().click();
  await expect(page.getByText('Hash', { exact: true }).first()).toBeVisible();
  await expectFits(page, '/transactions, a row expanded');

  for (const path of ['/wallets', '/contacts', '/faq', '/pricing']) {
    await page.goto(path);
    await settled(page);
    await expectFits(page, path);
  }
});

test("a signed-in user's wallets, contacts and their dialogs fit the screen", async ({ page }) => {
  await signInWithTestWallet(page, freshAccountIndex());
  const wallet = await apiFromPage(page, 'POST', '/api/wallets', {
    name: 'A wallet with a rather long name for a narrow phone',
    address: '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955',
    network: 'ETHEREUM',
  });
  expect(wallet.status).toBe(201);
  const contact = await apiFromPage(page, 'POST', '/api/contacts', {
    first_name: 'Maximiliane',
    last_name: 'Oberhauser-Wittgenstein',
    company: 'Internationale Handelsgesellschaft',
    email: 'maximiliane.oberhauser-wittgenstein@example.com',
    address_line1: '1 Lange Strasse',
    city: 'Berlin',
    postal_code: '10115',
    country: 'Germany',
    addresses: [{ network: 'ETHEREUM', address: '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955' }],
  });
  expect(contact.status).toBe(201);

  await page.goto('/wallets');
  await expect(page.getByTestId('wallet-card')).toHaveCount(1);
  await expectFits(page, '/wallets');
  await page.getByRole('button', { name: /^Actions for A wallet/ }).click();
  await page.getByRole('menuitem', { name: 'Edit wallet' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Wallet' })).toBeVisible();
  await expectFits(page, 'Edit Wallet dialog');
  await page.keyboard.press('Escape');
  // The free plan holds one wallet: adding another opens the plan dialog.
  await page.getByRole('button', { name: 'Add Wallet' }).click();
  await expect(page.getByRole('dialog', { name: 'Upgrade your plan' })).toBeVisible();
  await expectFits(page, 'Upgrade dialog');
  await page.keyboard.press('Escape');

  await page.goto('/contacts');
  await expect(page.getByText('Maximiliane Oberhauser-Wittgenstein').first()).toBeVisible();
  await expectFits(page, '/contacts');
  await page.getByRole('button', { name: 'Add Contact' }).click();
  await expect(page.getByRole('dialog', { name: 'Contact information' })).toBeVisible();
  await expectFits(page, 'Contact dialog');
  await page.keyboard.press('Escape');

  for (const path of ['/overview', '/transactions', '/settings']) {
    await page.goto(path);
    await settled(page);
    await expectFits(page, path);
  }
  const [invoiceId] = await issueInvoicesThroughApi(page, ['An invoice with a rather long name for a narrow phone']);
  await page.goto('/documents');
  await expect(page.getByTestId('document-row')).toHaveCount(1);
  await expectFits(page, '/documents');
  await page.getByRole('button', { name: 'Report', exact: true }).click();
  await page.getByRole('button', { name: 'Create Report' }).click();
  await expect(page.getByRole('dialog', { name: 'Create new report' })).toBeVisible();
  await expectFits(page, 'Create new report dialog');
  await page.keyboard.press('Escape');
  await page.goto(`/invoices/${invoiceId ?? ''}`);
  await expect(page.getByText('An invoice with a rather long name for a narrow phone').first()).toBeVisible();
  await expectFits(page, '/invoices/{id}');
});
