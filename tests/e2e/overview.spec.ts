import { expect, test, type Page, type Request } from '@playwright/test';
import {
  addWalletThroughApi,
  apiFromPage,
  issueInvoicesThroughApi,
  persistedCacheText,
  underServiceWorker,
} from './support/app-data';
import { expectNoSeriousA11yViolations, freshAccountIndex, signInWithTestWallet } from './support/data-screens';
import { signInWithDemo } from './support/sign-in';

test.use({ bypassCSP: true });

test('token logos come from this server, which shows the app mark for a logo its host cannot give', async ({ page }) => {
  const elsewhere: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.resourceType() === 'image' && url.hostname !== 'localhost') elsewhere.push(url.origin);
  });
  await signInWithDemo(page, 0);
  const logos = page.getByRole('list', { name: 'Top tokens' }).locator('img');
  await expect(logos.first()).toBeVisible();
  for (const logo of await logos.all()) {
    await expect(logo).toHaveAttribute('src', /^\/api\/token-logos\/[0-9a-f]{32}$/);
    // No logo host is reachable from here: each one is the app's mark, loaded, not the broken-image fallback.
    await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  }
  await expect(page.getByRole('list', { name: 'Top tokens' }).getByTestId('token-default-logo')).toHaveCount(0);
  expect(elsewhere).toEqual([]);
});

test('the demo dashboard shows totals, tokens, activity, portfolio history and NFTs', async ({ page }) => {
  // Image hosts can fail: every NFT picture and every token logo (the server's copies, any other host) is refused here.
  await page.context().route('**/demo-nfts/**', (route) => route.abort());
  await page.context().route('**/api/token-logos/**', (route) => route.abort());
  await page
    .context()
    .route((url) => url.hostname !== 'localhost' && url.hostname !== '127.0.0.1', (route) => route.abort());
  await signInWithDemo(page, 0);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

  // Guests read the guest card instead of invoicing.
  await expect(page.getByRole('heading', { name: 'Guest User' })).toBeVisible();
  await expect(page.getByText('Login to Create Invoice!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Invoicing' })).toHaveCount(0);

  // Total Assets Value is the balances total, formatted in the user's fiat.
  const balances = await apiFromPage(page, 'GET', '/api/balances');
  expect(balances.status).toBe(200);
  const total = (balances.body as { total: { value_fiat: string } }).total.value_fiat;
  expect(Number(total)).toBeGreaterThan(0);
  const shown = await page.getByTestId('total-assets-value').innerText();
  expect(shown).toMatch(/^\$[\d,]+\.\d{2}$/);
  expect(Number(shown.replace(/[$,]/g, ''))).toBeCloseTo(Number(total), 1);

  // Fungible tokens: at most 7 rows, and an asset pie with its legend.
  const tokens = page.getByRole('list', { name: 'Top tokens' }).getByRole('listitem');
  await expect(tokens.first()).toBeVisible();
  expect(await tokens.count()).toBeLessThanOrEqual(7);
  await expect(page.getByRole('img', { name: /^Asset allocation:/ })).toBeVisible();
  // A logo that fails to load gives way to the small default logo.
  await tokens.first().scrollIntoViewIfNeeded();
  await expect(page.getByRole('list', { name: 'Top tokens' }).getByTestId('token-default-logo').first()).toBeVisible();

  // Last Activity: the 3 newest transactions.
  const activity = page.getByRole('region', { name: 'Last Activity' }).getByRole('listitem');
  await expect(activity).toHaveCount(3);

  // My Portfolio: the demo account is on a Plus plan, so the uPlot chart shows, 30 days by default.
  const portfolio = page.getByRole('region', { name: 'My Portfolio' });
  await portfolio.scrollIntoViewIfNeeded();
  await expect(portfolio.getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');
  await expect(portfolio.getByRole('img', { name: /^Portfolio value over the last 30 days/ })).toBeVisible();
  await expect(portfolio.locator('canvas')).toBeVisible();
  const week = page.waitForRequest((request) => request.url().includes('/api/portfolio-value-history?num_days=7'));
  await portfolio.getByRole('button', { name: '7 days' }).click();
  await week;
  await expect(portfolio.getByRole('img', { name: /^Portfolio value over the last 7 days/ })).toBeVisible();

  // NFTs: 5 previews; images that fail to load show the egg picture.
  const nfts = page.getByRole('region', { name: 'Non-Fungible Tokens' });
  const previews = nfts.getByRole('listitem');
  await expect(previews).toHaveCount(5);
  await nfts.scrollIntoViewIfNeeded();
  for (const image of await nfts.locator('img').all()) await image.scrollIntoViewIfNeeded();
  await expect(nfts.locator('img[data-fallback="egg"]')).toHaveCount(5);
  await expectNoSeriousA11yViolations(page);
});

test("on a phone, the portfolio chart's code loads only when its place scrolls into view", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'at desktop size the section can be on the first screen');
  const chartCode: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/time-series-chart-[^/]+\.js$/.test(request.url())) chartCode.push(request.url());
  });
  await signInWithDemo(page, 0);
  const portfolio = page.getByRole('region', { name: 'My Portfolio' });
  await expect(portfolio.getByRole('button', { name: '30 days' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Last Activity' }).getByRole('listitem')).toHaveCount(3);
  // Its place starts below the first screen, holds the chart's height and announces no loading.
  const place = portfolio.getByTestId('chart-place');
  await expect(place).toBeAttached();
  expect(await place.evaluate((element) => element.getBoundingClientRect().top - window.innerHeight)).toBeGreaterThan(0);
  expect((await place.boundingBox())?.height).toBe(220);
  await expect(portfolio.getByRole('status')).toHaveCount(0);
  // Two frames later the place's visibility has been reported: still nothing asked for.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  expect(chartCode).toEqual([]);
  await expect(portfolio.locator('canvas')).toHaveCount(0);

  await portfolio.scrollIntoViewIfNeeded();
  await expect(portfolio.locator('canvas')).toBeVisible();
  expect(chartCode).toHaveLength(1);
});

test('the dashboard loads no address checks: they come with the forms that add wallets and contacts', async ({ page }) => {
  const addressChecks: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/(address-checks|wallet-create|contact-changes)-[^/]+\.js$/.test(request.url())) addressChecks.push(request.url());
  });
  await signInWithDemo(page, 0);
  await expect(page.getByRole('region', { name: 'Last Activity' }).getByRole('listitem')).toHaveCount(3);
  await expect(page.getByRole('region', { name: 'Non-Fungible Tokens' }).getByRole('listitem')).toHaveCount(5);
  // Everything the first screen loads has arrived before its sections render.
  expect(addressChecks).toEqual([]);
});

test('NFT details appear after about a second of hovering, or at once on a tap', async ({ page }, testInfo) => {
  await signInWithDemo(page, 0);
  const first = page.getByRole('region', { name: 'Non-Fungible Tokens' }).getByRole('listitem').first();
  const details = first.getByRole('tooltip', { includeHidden: true });
  await expect(first).toBeVisible();
  if (testInfo.project.name === 'phone') {
    await first.getByRole('button').tap();
    await expect(details).toBeVisible();
    await expect(details.getByText('Collection')).toBeVisible();
    return;
  }
  await first.getByRole('button').hover();
  await page.waitForTimeout(400);
  await expect(details).toBeHidden();
  await expect(details).toBeVisible({ timeout: 1_500 });
  await expect(details.getByText('Price')).toBeVisible();
  // It stays 2 s after the pointer leaves, then goes.
  await page.mouse.move(0, 0);
  await page.waitForTimeout(1_000);
  await expect(details).toBeVisible();
  await expect(details).toBeHidden({ timeout: 2_000 });
});

test('balances poll every 10 s while online and stop while offline', async ({ page, context }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'Timing check runs once.');
  test.setTimeout(90_000);
  await signInWithDemo(page, 0);
  await expect(page.getByTestId('total-assets-value')).toBeVisible();

  const polled = page.waitForRequest((request) => request.url().endsWith('/api/balances'), { timeout: 13_000 });
  await polled;

  let whileOffline = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/balances')) whileOffline += 1;
  });
  await context.setOffline(true);
  await page.evaluate(() => window.dispatchEvent(new Event('offline')));
  await page.waitForTimeout(12_000);
  expect(whileOffline).toBe(0);

  // Back online: the data is asked for again without waiting for the next tick.
  const resumed = page.waitForRequest((request) => request.url().endsWith('/api/balances'), { timeout: 5_000 });
  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await resumed;
});

test('a full-access user without a wallet is invited to add one', async ({ page }) => {
  await signInWithTestWallet(page, freshAccountIndex());
  await expect(page.getByRole('heading', { name: 'Add your first wallet to get started!' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Guest User' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'Add Wallet' }).click();
  await expect(page).toHaveURL(/\/wallets$/);
  await expect(page.getByRole('dialog', { name: 'Add Wallet' })).toBeVisible();
});

test('the suggestion card goes to fiat-to-crypto setup and closing it postpones it for a day', async ({ page }) => {
  await signInWithTestWallet(page, freshAccountIndex());
  const card = page.getByRole('region', { name: 'Set up Fiat-to-Crypto Invoicing' });
  await expect(card).toBeVisible();
  await expect(card.getByText('Suggested for you')).toBeVisible();

  await card.getByRole('button', { name: /Set up Fiat-to-Crypto Invoicing/ }).click();
  await expect(page).toHaveURL(/\/fiat-payment-kyc$/);
  await page.goBack();

  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/user') && response.request().method() === 'PATCH',
  );
  const before = Date.now();
  await card.getByRole('button', { name: 'Remind me tomorrow' }).click();
  const response = await saved;
  expect(response.status()).toBe(200);
  await expect(card).toBeHidden();
  const timeout = (response.request().postDataJSON() as { suggestions: { ftcTimeout: string } }).suggestions.ftcTimeout;
  const postponedBy = Date.parse(timeout) - before;
  expect(postponedBy).toBeGreaterThan(23.9 * 3600_000);
  expect(postponedBy).toBeLessThan(24.1 * 3600_000);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByText('Suggested for you')).toHaveCount(0);
});

test('with a wallet, a full-access user sees invoicing, the plan box and is welcomed once', async ({ page }) => {
  await signInWithTestWallet(page, freshAccountIndex());
  const created = await apiFromPage(page, 'POST', '/api/wallets', {
    name: 'Main',
    address: '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
    network: 'ETHEREUM',
  });
  expect(created.status).toBe(201);
  await page.reload();

  const welcome = page.getByRole('dialog', { name: 'Welcome to Ledgerloop!' });
  await expect(welcome).toBeVisible();
  await expect(welcome.getByRole('button', { name: 'Get started' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/user') && response.request().method() === 'PATCH',
  );
  await welcome.getByRole('button', { name: 'Maybe Later' }).click();
  expect((await saved).request().postDataJSON()).toEqual({ is_tutorial_viewed: true });
  await expect(welcome).toBeHidden();

  const invoicing = page.getByRole('region', { name: 'Invoicing' });
  await expect(invoicing.getByRole('group', { name: 'Awaiting Payment' })).toBeVisible();
  await expect(invoicing.getByRole('group', { name: 'Payment Completed' })).toBeVisible();
  await expect(invoicing.getByText('No Documents Made')).toHaveCount(2);
  const plan = page.getByRole('region', { name: 'Free Plan' });
  await expect(plan.getByText(/0 of \d+ invoices used this year/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Total Assets Value' })).toBeVisible();
  await expect(page.getByText('Portfolio History is only available for Plus Users')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('region', { name: 'My Portfolio' }).getByRole('link', { name: 'See Plans' }).click();
  await expect(page).toHaveURL(/\/pricing$/);

  await page.goto('/overview');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Welcome to Ledgerloop!' })).toHaveCount(0);
});

test.describe('under the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('the dashboard opens offline from the saved data', async ({ page, context }) => {
    await signInWithDemo(page, 0);
    await expect(page.getByTestId('total-assets-value')).toBeVisible();
    const total = await page.getByTestId('total-assets-value').innerText();
    await underServiceWorker(page);
    await expect(page.getByTestId('total-assets-value')).toHaveText(total);
    // Balances, tokens and the last activity are in the saved cache before the network goes.
    await expect
      .poll(async () => {
        const saved = await persistedCacheText(page);
        return ['"balances"', '"latest"', '"fungible-tokens"'].every((key) => saved.includes(key));
      }, { timeout: 15_000 })
      .toBe(true);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(page.getByTestId('total-assets-value')).toHaveText(total);
    await expect(page.getByRole('list', { name: 'Top tokens' }).getByRole('listitem').first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Last Activity' }).getByRole('listitem')).toHaveCount(3);
    await context.setOffline(false);
  });
});

test('the invoicing columns show the two latest invoices awaiting payment and paid', async ({ page }) => {
  await signInWithTestWallet(page, freshAccountIndex());
  await addWalletThroughApi(page, 'Receiving', '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65');
  const ids = await issueInvoicesThroughApi(page, ['Invoice A', 'Invoice B', 'Invoice C', 'Invoice D']);
  const paid = await apiFromPage(page, 'PATCH', `/api/invoices/${ids[0] ?? ''}`, { state: 'PAID' });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  await page.goto('/overview');
  const welcome = page.getByRole('dialog', { name: 'Welcome to Ledgerloop!' });
  await welcome.getByRole('button', { name: 'Maybe Later' }).click();

  const invoicing = page.getByRole('region', { name: 'Invoicing' });
  const due = invoicing.getByRole('group', { name: 'Awaiting Payment' });
  await expect(due.getByRole('link')).toHaveCount(2);
  await expect(due.getByRole('link').nth(0)).toContainText('Invoice D');
  await expect(due.getByRole('link').nth(1)).toContainText('Invoice C');
  await expect(due.getByRole('link').nth(0)).toContainText('Analytical Engines');
  await expect(due.getByRole('link').nth(0)).toContainText('$121.00');
  const completed = invoicing.getByRole('group', { name: 'Payment Completed' });
  await expect(completed.getByRole('link')).toHaveCount(1);
  await expect(completed.getByRole('link')).toContainText('Invoice A');
  await expect(page.getByRole('region', { name: 'Free Plan' }).getByText(/4 of \d+ invoices used this year/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

/**
 * Opens the dashboard again (a returning user) and tells which GET /api requests it sent and whether the shell's
 * boot script asked for its answers, each taken once by the app (src/app/lib/early-requests.ts).
 */
async function reopenDashboard(page: Page): Promise<{ sent: Map<string, number>; early: Record<string, boolean> }> {
  const sent = new Map<string, number>();
  const count = (request: Request) => {
    const url = new URL(request.url());
    if (request.method() !== 'GET' || !url.pathname.startsWith('/api/') || url.pathname.startsWith('/api/token-logos/')) return;
    const key = `${url.pathname}${url.search}`;
    sent.set(key, (sent.get(key) ?? 0) + 1);
  };
  // From a blank page, so that no request of the page before is counted.
  await page.goto('about:blank');
  page.on('request', count);
  await page.goto('/overview');
  await expect(page.getByTestId('total-assets-value')).toBeVisible();
  await page.waitForLoadState('networkidle');
  page.off('request', count);
  const early = await page.evaluate(() =>
    Object.fromEntries(
      Object.entries((window as { ledgerloopEarlyRequests?: Record<string, unknown> }).ledgerloopEarlyRequests ?? {}).map(
        ([url, request]) => [url, request === undefined],
      ),
    ),
  );
  return { sent, early };
}

/** Each early answer was taken, and each GET /api request of the page (those answers included) was sent once. */
function expectEachAskedOnceEarly(opened: { sent: Map<string, number>; early: Record<string, boolean> }, answers: number): void {
  expect(Object.keys(opened.early)).toHaveLength(answers);
  expect(Object.values(opened.early).every(Boolean), JSON.stringify(opened.early)).toBe(true);
  for (const url of Object.keys(opened.early)) expect(opened.sent.get(url), url).toBe(1);
  expect([...opened.sent.values()].every((times) => times === 1), JSON.stringify([...opened.sent])).toBe(true);
}

test("the shell asks for a guest's dashboard answers beside its code, and each is asked for once", async ({ page }) => {
  await signInWithDemo(page, 0);
  // A guest with wallets on the Plus plan: the user, balances, tokens, NFTs, the last activity and the portfolio.
  const opened = await reopenDashboard(page);
  expectEachAskedOnceEarly(opened, 6);
  expect(Object.keys(opened.early).some((url) => url.startsWith('/api/portfolio-value-history'))).toBe(true);
});

test("a full-access user's dashboard answers come early too: invoicing and the plan's count", async ({ page }) => {
  // On the free plan there is no portfolio history, which that plan does not show.
  await signInWithTestWallet(page, freshAccountIndex());
  await addWalletThroughApi(page, 'Receiving', '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65');
  // The stored user learns of the wallet from the next user refresh; until then the shell asks for the user alone.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Invoicing', exact: true })).toBeVisible();
  const opened = await reopenDashboard(page);
  expectEachAskedOnceEarly(opened, 8);
  expect(Object.keys(opened.early).some((url) => url.startsWith('/api/portfolio-value-history'))).toBe(false);
  expect(Object.keys(opened.early).filter((url) => url.startsWith('/api/documents?'))).toHaveLength(2);
});
