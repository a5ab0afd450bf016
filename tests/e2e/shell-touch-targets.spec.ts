import { expect, test, type Page } from '@playwright/test';
import { scrollToPortfolioChart } from './support/data-screens';
import { signInWithDemo } from './support/sign-in';
import { collectDialogs, MIN_TOUCH_PX, touchTargets } from './support/shell';

/**
 * On the narrowest supported phone (360x740) every visible button, link, select and summary is at least 44x44 px.
 * Exempt: links inside running text (WCAG 2.5.5's inline exception), listed apart and checked to be such links;
 * and the 'Skip to content' link, which sits off screen until focused from a keyboard (outside header/nav/main).
 */

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
});

async function expectLargeTargets(page: Page, selector: string, what: string, inlineAllowed: readonly string[] = []) {
  const { small, inlineLinks, checked } = await touchTargets(page.locator(selector));
  expect(checked, `${what}: targets found`).toBeGreaterThan(0);
  expect(small, `${what}: targets under ${String(MIN_TOUCH_PX)}x${String(MIN_TOUCH_PX)} px`).toEqual([]);
  expect(inlineLinks, `${what}: inline text links`).toEqual(inlineAllowed);
}

test('the sign-in page has large enough targets, with the wallet choices open and after errors', async ({ page }) => {
  collectDialogs(page);
  await page.context().route('https://metamask.io/**', (route) => route.fulfill({ status: 200, body: '' }));
  await page.goto('/auth');
  await expect(page.getByRole('button', { name: 'Connect wallet' })).toBeVisible();
  // The sign-in page has no top bar and no header/nav/main landmarks: its whole body is checked.
  await expectLargeTargets(page, 'body', '/auth');

  await page.getByRole('button', { name: 'Connect wallet' }).click();
  await expect(page.getByRole('button', { name: /browser wallet/i })).toBeVisible();
  await expectLargeTargets(page, 'body', '/auth, wallet choices open');

  // Without a browser wallet a note with an inline download link appears (inline text: exempt).
  await page.getByRole('button', { name: /browser wallet/i }).click();
  await expect(page.getByText('No browser wallet found.')).toBeVisible();
  await page.getByLabel('Wallet address').fill('not-an-address');
  await page.getByRole('button', { name: 'Sign in with address' }).click();
  await expect(page.getByText('Provided address is invalid')).toBeVisible();
  await expectLargeTargets(page, 'body', '/auth, after errors', ['a "Download MetaMask"']);
});

test('the demo dashboard and its top-bar menus have large enough targets', async ({ page }) => {
  await signInWithDemo(page, 0);
  await expect(page.getByRole('heading', { name: 'Fungible Tokens', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Non-Fungible Tokens', exact: true })).toBeVisible();
  // The portfolio chart is drawn once its place scrolls into view.
  await scrollToPortfolioChart(page);
  // Back at the top, the help button (which steps aside while the page scrolls down) is shown again.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.getByRole('button', { name: 'Help', exact: true })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
  const scope = 'header, nav, main';
  await expectLargeTargets(page, scope, '/overview');
  // The floating help button is outside those landmarks; it is a target too.
  await expectLargeTargets(page, 'button[aria-label="Help"]', 'help button');

  for (const menu of ['Main menu, Overview', 'Search', 'Quick create', 'Account menu']) {
    const trigger = page.getByRole('button', { name: menu });
    await trigger.click();
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await expectLargeTargets(page, scope, `/overview, ${menu} open`);
    await page.keyboard.press('Escape');
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  }

  await page.getByRole('button', { name: 'Help' }).click();
  await expect(page.getByRole('navigation', { name: 'Help' })).toBeVisible();
  await expectLargeTargets(page, 'nav[aria-label="Help"]', 'help menu');
});
