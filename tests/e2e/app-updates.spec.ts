import { expect, test } from '@playwright/test';

// The journeys install the service worker, which a test only gets when it asks for it.
test.use({ serviceWorkers: 'allow' });

/** When the page's update code was asked for, and when the service worker took the page over (ms since start). */
const timings = () =>
  performance.getEntriesByType('resource').find((entry) => /\/assets\/service-worker-updates-[\w-]+\.js$/.test(entry.name))?.startTime;

test('a first visit installs the app without the update code, which loads once the worker has taken over', async ({ page }) => {
  await page.addInitScript(() => {
    navigator.serviceWorker.addEventListener('controllerchange', () => {
      (window as unknown as { controlledAt: number }).controlledAt = performance.now();
    });
  });
  await page.goto('/faq');
  await expect(page.getByRole('heading', { name: 'Frequently asked questions', level: 1 })).toBeVisible();
  // The worker installs in the background (the whole precache) and then takes the page over.
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 }).toBe(true);
  await expect.poll(() => page.evaluate(timings)).toBeGreaterThan(0);
  const updateCodeAt = await page.evaluate(timings);
  const controlledAt = await page.evaluate(() => (window as unknown as { controlledAt?: number }).controlledAt);
  expect(controlledAt).toBeGreaterThan(0);
  expect(updateCodeAt).toBeGreaterThanOrEqual(controlledAt ?? Infinity);
});

test('a new version that has installed is offered, and Reload switches to it', async ({ page }) => {
  await page.goto('/faq');
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 }).toBe(true);
  await expect.poll(() => page.evaluate(timings)).toBeGreaterThan(0);
  await page.waitForTimeout(500);
  await expect(page.getByText('A new version is available')).toBeHidden();

  // The next deploy, as the browser sees it: another worker script for the app's scope, which installs beside the
  // running one and waits.
  await page.evaluate(async () => {
    await navigator.serviceWorker.register('/sw.js?next', { scope: '/' });
  });
  await expect(page.getByText('A new version is available')).toBeVisible({ timeout: 30_000 });
  const nextWorker = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.scriptURL);
  expect(nextWorker).toMatch(/\/sw\.js\?next$/);

  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Reload' }).click();
  await reloaded;
  await expect(page.getByRole('heading', { name: 'Frequently asked questions', level: 1 })).toBeVisible();
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(nextWorker);
});

test('Later puts the offer away until the next visit', async ({ page }) => {
  await page.goto('/faq');
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 }).toBe(true);
  await expect.poll(() => page.evaluate(timings)).toBeGreaterThan(0);
  await page.evaluate(async () => {
    await navigator.serviceWorker.register('/sw.js?next', { scope: '/' });
  });
  await expect(page.getByText('A new version is available')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Later' }).click();
  await expect(page.getByText('A new version is available')).toBeHidden();
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);
});
