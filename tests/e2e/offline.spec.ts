import { expect, test, type Page } from '@playwright/test';
import { persistedEntries } from './support/browser-state';
import { expectNoSeriousA11yViolations, freshAccountIndex, signInWithTestWallet } from './support/data-screens';
import { labelsButton } from './support/label-picker';
import { signInWithDemo } from './support/sign-in';

// Every journey here reloads with the network off, which only the service worker can answer.
test.use({ bypassCSP: true, serviceWorkers: 'allow' });

/** Makes sure the service worker controls the page (it serves the app shell while offline). */
async function underServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** The cache is written to IndexedDB at most once a second: wait until what is on screen is stored. */
async function cacheWritten(page: Page): Promise<void> {
  await expect.poll(() => persistedEntries(page), { timeout: 15_000 }).toBeGreaterThan(0);
  await page.waitForTimeout(1_500);
}

const OFFLINE_AS_OF = /Offline, as of \d{2}:\d{2}/;

test('transactions open offline from the saved cache, with the time of the data', async ({ page, context }) => {
  await signInWithDemo(page, 0);
  await underServiceWorker(page);
  await page.goto('/transactions');
  const toggles = page.getByRole('button', { name: /^Show details of / });
  await expect.poll(() => toggles.count()).toBeGreaterThanOrEqual(10);
  await cacheWritten(page);
  const shown = await toggles.count();
  const firstRow = await toggles.first().getAttribute('aria-label');

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Transactions' })).toBeVisible();
  await expect(page.getByText(OFFLINE_AS_OF)).toBeVisible();
  await expect(toggles).toHaveCount(shown);
  await expect(toggles.first()).toHaveAttribute('aria-label', firstRow ?? '');
  await expectNoSeriousA11yViolations(page);

  // Search needs the server: it says so instead of failing silently.
  const field = page.getByRole('combobox', { name: /^Search wallets, contacts/ });
  const searchButton = page.getByRole('button', { name: 'Search', exact: true });
  await expect(field.or(searchButton).first()).toBeVisible();
  if (!(await field.isVisible())) await searchButton.click();
  await field.fill('Demo');
  await expect(page.getByText('You are offline. Search needs a connection.', { exact: false })).toBeVisible();
  await context.setOffline(false);
});

test('a contact label changed offline survives a reload and reaches the server exactly once', async ({
  page,
  context,
}) => {
  await signInWithTestWallet(page, freshAccountIndex());
  await page.goto('/contacts');

  // Online: a contact and a label to pick later.
  await page.getByRole('button', { name: 'Add Contact' }).click();
  const form = page.getByRole('dialog', { name: 'Contact information' });
  const values: Record<string, string> = {
    'First name': 'Mary',
    'Last name': 'Somerville',
    Email: 'mary@example.com',
    'Address line 1': '1 Burntisland Road',
    City: 'Jedburgh',
    'Postal code': 'TD8 6',
    Country: 'United Kingdom',
  };
  for (const [label, value] of Object.entries(values)) await form.getByLabel(label, { exact: true }).fill(value);
  await form.getByRole('button', { name: 'Save contact' }).click();
  await expect(form).toBeHidden();
  const card = page.getByRole('listitem').filter({ hasText: 'Mary Somerville' });
  await expect(card).toBeVisible();

  const editLabels = labelsButton(page, 'Mary Somerville').first();
  const picker = page.getByRole('dialog', { name: 'Labels' });
  await editLabels.click();
  await picker.getByLabel('Label name').fill('Rent');
  await picker.getByRole('button', { name: 'Create label' }).click();
  await expect(picker.getByRole('checkbox', { name: 'Rent' })).toBeChecked();
  await picker.getByRole('checkbox', { name: 'Rent' }).uncheck();
  await picker.getByRole('button', { name: 'Close' }).click();
  await expect(card.getByRole('list', { name: 'Labels' })).toHaveCount(0);

  // Each full page load below starts from what was stored: let every change reach the store first.
  await cacheWritten(page);
  await page.goto('/transactions');
  await expect(page.getByText('Add your first wallet to get started!')).toBeVisible();
  await cacheWritten(page);
  await page.goto('/contacts');
  await expect(card).toBeVisible();
  await underServiceWorker(page);
  await expect(card).toBeVisible();
  await cacheWritten(page);

  const changes: string[] = [];
  const labelCreates: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (request.method() === 'PATCH' && path.startsWith('/api/contacts/')) changes.push(request.postData() ?? '');
    if (request.method() === 'POST' && path === '/api/labels') labelCreates.push(request.postData() ?? '');
  });

  // Offline: both data screens open from the cache.
  await context.setOffline(true);
  await page.goto('/transactions');
  await expect(page.getByRole('heading', { name: 'Transactions' })).toBeVisible();
  await expect(page.getByText(OFFLINE_AS_OF)).toBeVisible();
  await page.goto('/contacts');
  await expect(card).toBeVisible();
  await expect(page.getByText(OFFLINE_AS_OF)).toBeVisible();

  // The label change is shown at once and kept; a label created now waits for the connection, and joins the
  // contact then, though the picker is long closed.
  await editLabels.click();
  await picker.getByRole('checkbox', { name: 'Rent' }).check();
  await picker.getByLabel('Label name').fill('Utilities');
  await picker.getByRole('button', { name: 'Create label' }).click();
  await expect(picker.getByText('waiting for the connection')).toBeVisible();
  await picker.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText('The change is saved and will be sent when the connection returns.')).toBeVisible();
  await expect(card.getByRole('list', { name: 'Labels' }).getByText('Rent')).toBeVisible();
  await page.waitForTimeout(1_500);

  await page.reload();
  await expect(card.getByRole('list', { name: 'Labels' }).getByText('Rent')).toBeVisible();
  expect(changes).toEqual([]);
  expect(labelCreates).toEqual([]);

  // Back online: each sent once, the new label added after the change made before it, and the server has both.
  await context.setOffline(false);
  await expect.poll(() => changes.length, { timeout: 15_000 }).toBe(2);
  await page.waitForTimeout(2_000);
  expect(changes).toHaveLength(2);
  expect(labelCreates).toEqual([JSON.stringify({ name: 'Utilities', color: 'BLUE' })]);
  const sent = changes.map((body) => (JSON.parse(body) as { labels: string[] }).labels.length);
  expect(sent).toEqual([1, 2]);

  const stored = await page.request.get('/api/contacts');
  const contacts = (await stored.json()) as { first_name: string; labels: { name: string }[] }[];
  const names = contacts.find((contact) => contact.first_name === 'Mary')?.labels.map((label) => label.name);
  expect(names?.sort()).toEqual(['Rent', 'Utilities']);
  await expect(card.getByRole('list', { name: 'Labels' }).getByText('Rent')).toBeVisible();
  await expect(card.getByRole('list', { name: 'Labels' }).getByText('Utilities')).toBeVisible();
});

test('a fiat currency chosen offline survives a reload and reaches the server exactly once', async ({ page, context }) => {
  await signInWithTestWallet(page, freshAccountIndex());
  await underServiceWorker(page);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await cacheWritten(page);

  const changes: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && new URL(request.url()).pathname === '/api/user') changes.push(request.postData() ?? '');
  });

  await context.setOffline(true);
  await page.reload();
  const picker = page.getByLabel('Fiat currency');
  await expect(picker).toHaveValue('USD');
  await picker.selectOption('CHF');
  await expect(picker).toHaveValue('CHF');
  await page.waitForTimeout(1_500);
  await page.reload();
  await expect(page.getByLabel('Fiat currency')).toHaveValue('CHF');
  expect(changes).toEqual([]);

  await context.setOffline(false);
  await expect.poll(() => changes.length, { timeout: 15_000 }).toBe(1);
  await page.waitForTimeout(2_000);
  expect(changes.map((body) => JSON.parse(body) as unknown)).toEqual([{ fiat_currency: 'CHF' }]);
  const stored = await page.request.get('/api/user');
  expect(((await stored.json()) as { fiat_currency: string }).fiat_currency).toBe('CHF');
  await expect(page.getByLabel('Fiat currency')).toHaveValue('CHF');
});
