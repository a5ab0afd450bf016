import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiFromPage, issueInvoicesThroughApi } from './support/app-data';
import { freshAccountIndex, scrollToPortfolioChart, signInWithTestWallet } from './support/data-screens';
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
  // The portfolio chart is drawn once its place scrolls into view.
  await scrollToPortfolioChart(page);
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

const TAB_PATHS = ['/overview', '/transactions', '/contacts', '/wallets', '/documents'] as const;
/** The widths a phone checks: the narrowest supported phone and the project's own. */
const PHONE_WIDTHS = [360, 390] as const;

/** Texts of the visible elements in `root` (itself included) whose content is wider than their box or the screen. */
function cutTexts(root: Locator): Promise<string[]> {
  return root.evaluate((element) => {
    const screen = document.documentElement.clientWidth;
    return [element, ...element.querySelectorAll('*')]
      .filter((item) => {
        const box = item.getBoundingClientRect();
        if (box.width === 0 || box.height === 0 || !item.textContent?.trim()) return false;
        return item.scrollWidth > item.clientWidth || box.left < 0 || box.right > screen + 1;
      })
      .map((item) => item.textContent ?? '');
  });
}

function intersects(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test('every main tab label reads in full at 360 and 390 px, with large targets', async ({ page }, testInfo) => {
  const phone = testInfo.project.name === 'phone';
  await signInWithDemo(page, 0);
  for (const width of phone ? PHONE_WIDTHS : [1280]) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of TAB_PATHS) {
      await page.goto(path);
      await settled(page);
      const trigger = page.getByRole('button', { name: /^Main menu, / });
      if (!phone) {
        await expect(trigger).toBeHidden();
        break;
      }
      await expect(trigger).toBeVisible();
      expect(await cutTexts(trigger), `${String(width)} px, ${path}: the menu trigger`).toEqual([]);
      const box = await trigger.boundingBox();
      expect(Math.min(box?.width ?? 0, box?.height ?? 0)).toBeGreaterThanOrEqual(44);
    }
    if (phone) await page.getByRole('button', { name: /^Main menu, / }).click();
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Overview', 'Transactions', 'Contacts', 'Wallets', 'Documents']) {
      const link = nav.getByRole('link', { name, exact: true });
      await expect(link).toBeVisible();
      await expect(link).toHaveText(name);
      expect(await cutTexts(link), `${String(width)} px: the ${name} tab`).toEqual([]);
      expect((await link.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    }
    if (phone) await page.keyboard.press('Escape');
  }
});

test('the help button never covers the amounts of the transaction list on phones', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the phone layout');
  await signInWithDemo(page, 0);
  const help = page.getByRole('button', { name: 'Help', exact: true });
  const amounts = page.locator('tbody td[class*="amountCell"]');
  const coveredAmounts = async (): Promise<string[]> => {
    const button = (await help.isVisible()) ? await help.boundingBox() : null;
    if (!button) return [];
    const covered: string[] = [];
    for (const amount of await amounts.all()) {
      const box = await amount.boundingBox();
      if (box && intersects(box, button)) covered.push(await amount.innerText());
    }
    return covered;
  };

  for (const width of PHONE_WIDTHS) {
    await page.setViewportSize({ width, height: 740 });
    await page.goto('/transactions');
    await expect.poll(() => amounts.count()).toBeGreaterThanOrEqual(10);
    await expect(help).toBeVisible();

    // Reading down the list: the button is out of the way at every stop.
    for (let stop = 0; stop < 4; stop += 1) {
      await page.mouse.wheel(0, 300);
      await expect(help).toBeHidden();
      expect(await coveredAmounts(), `${String(width)} px, reading down`).toEqual([]);
    }
    // The first scroll up brings it back.
    await page.mouse.wheel(0, -120);
    await expect(help).toBeVisible();

    // At the end of the loaded list the button shows, clear of the last row's amount (measured at once: reaching the
    // end loads the next page).
    const atEnd = await page.evaluate(async () => {
      window.scrollTo(0, document.documentElement.scrollHeight);
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      const button = document.querySelector('button[aria-label="Help"]');
      const last = [...document.querySelectorAll('tbody td[class*="amountCell"]')].at(-1);
      if (!button || !last) return 'missing';
      if (getComputedStyle(button).visibility === 'hidden') return 'hidden';
      const [a, b] = [button.getBoundingClientRect(), last.getBoundingClientRect()];
      return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom ? 'covers' : 'clear';
    });
    expect(atEnd, `${String(width)} px, the last row`).toBe('clear');
    // The next width starts from the top (the router restores where the list was left).
    await page.evaluate(() => window.scrollTo(0, 0));
  }
});
