import { expect, test, type Page } from '@playwright/test';
import { addWalletThroughApi, apiFromPage } from './support/app-data';
import { expectNoSeriousA11yViolations, freshAccountIndex, signInWithTestWallet } from './support/data-screens';
import { signInWithDemo } from './support/sign-in';

test.use({ bypassCSP: true });

/** The search field; on phones it opens from the top bar's search button first. */
async function searchField(page: Page) {
  const field = page.getByRole('combobox', { name: /^Search wallets, contacts/ });
  const button = page.getByRole('button', { name: 'Search', exact: true });
  // The signed-in top bar loads after the page: wait for the field (wide screens) or its button (phones).
  await expect(field.or(button).first()).toBeVisible();
  if (!(await field.isVisible())) await button.click();
  await expect(field).toBeVisible();
  return field;
}

function searchRequests(page: Page): URL[] {
  const seen: URL[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/search') seen.push(url);
  });
  return seen;
}

test('global search waits for typing to pause, groups results and opens the category page', async ({ page }) => {
  // Times (in the page) of each change of the search field and of each search request.
  await page.addInitScript(() => {
    const marks = { typed: [] as { at: number; text: string }[], asked: [] as { at: number; text: string }[] };
    (window as unknown as { __searchMarks: typeof marks }).__searchMarks = marks;
    document.addEventListener(
      'input',
      (event) => marks.typed.push({ at: performance.now(), text: (event.target as HTMLInputElement).value }),
      true,
    );
    const original = window.fetch.bind(window);
    window.fetch = (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.includes('/api/search')) {
        marks.asked.push({ at: performance.now(), text: new URL(url, location.href).searchParams.get('search') ?? '' });
      }
      return original(input, init);
    };
  });
  await signInWithDemo(page, 0);
  const requests = searchRequests(page);
  const field = await searchField(page);

  // Every search is asked only once typing has paused for 500 ms, and the last one asks for the final text.
  // (How many are asked depends on how fast the two changes land, so only the pause is checked.)
  await field.fill('De');
  await field.fill('Demo');
  // On a slow machine the first change may already have been searched; the final text is searched last.
  await expect.poll(() => requests.map((url) => url.searchParams.get('search')).at(-1)).toBe('Demo');
  // The demo user is a guest: the demo wallet's transactions are found, not the wallet (whose page guests cannot
  // open).
  const group = page.getByRole('region', { name: 'Transactions' });
  await expect(group).toBeVisible();
  await expect(page.getByRole('region', { name: 'Wallets' })).toHaveCount(0);
  type Mark = { at: number; text: string };
  const marks = await page.evaluate(
    () => (window as unknown as { __searchMarks: { typed: Mark[]; asked: Mark[] } }).__searchMarks,
  );
  expect(marks.asked.length).toBeGreaterThanOrEqual(1);
  expect(marks.asked.length).toBeLessThanOrEqual(2);
  // Each text is asked for only once it has stood for 500 ms (a busy page may still ask for 'De' just after 'Demo'
  // was typed, when that pause had already passed).
  for (const asked of marks.asked) {
    const typedAt = Math.max(...marks.typed.filter((typed) => typed.text === asked.text && typed.at <= asked.at).map((typed) => typed.at));
    expect(asked.at - typedAt).toBeGreaterThanOrEqual(490);
  }
  await expectNoSeriousA11yViolations(page);

  await group.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/transactions\?search=Demo$/);
});

test("'see more' shows up to 6 per group, no match reads 'No results', and the field clears", async ({ page }) => {
  await signInWithDemo(page, 0);
  const field = await searchField(page);

  await field.fill('USDC');
  const group = page.getByRole('region', { name: 'Transactions' });
  await expect(group).toBeVisible();
  const links = group.getByRole('link');
  await expect(links).toHaveCount(3);
  await group.getByRole('button', { name: 'see more' }).click();
  const expanded = await links.count();
  expect(expanded).toBeGreaterThan(3);
  expect(expanded).toBeLessThanOrEqual(6);
  await expect(group.getByRole('button', { name: 'see more' })).toHaveCount(0);

  // A transaction result opens the transactions with the search text applied.
  const filtered = page.waitForRequest((request) => {
    const url = new URL(request.url());
    return url.pathname === '/api/transactions' && url.searchParams.get('search') === 'USDC';
  });
  await links.first().click();
  await expect(page).toHaveURL(/\/transactions\?search=USDC$/);
  await filtered;
  await expect(page.getByText('Showing results for')).toBeVisible();

  const again = await searchField(page);
  await again.fill('zzzz-nothing-matches-this');
  await expect(page.getByText('No results')).toBeVisible();
  await page.getByRole('search').getByRole('button', { name: 'Clear search' }).click();
  await expect(again).toHaveValue('');
});

test('a wallet result opens the wallets filtered by the search text, which can be changed and cleared', async ({ page }) => {
  await signInWithTestWallet(page, freshAccountIndex());
  // anvil's eighth default account: a valid Ethereum address no other test adds.
  await addWalletThroughApi(page, 'Travel fund', '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955');
  // A new user's welcome dialog would cover the top bar; this journey is about search, so it is put away first.
  expect((await apiFromPage(page, 'PATCH', '/api/user', { is_tutorial_viewed: true })).status).toBe(200);
  await page.goto('/overview');
  const field = await searchField(page);
  await field.fill('Trav');
  const result = page.getByRole('link', { name: 'Travel fund' });
  await expect(result).toBeVisible();
  await result.click();
  await expect(page).toHaveURL(/\/wallets\?search=Trav$/);

  const box = page.getByRole('searchbox', { name: 'Search wallets' });
  const card = page.getByTestId('wallet-card').filter({ hasText: 'Travel fund' });
  await expect(box).toHaveValue('Trav');
  await expect(card).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The network matches too; a text nothing matches says so, and the URL follows the field.
  await box.fill('ethereum');
  await expect(page).toHaveURL(/\/wallets\?search=ethereum$/);
  await expect(card).toBeVisible();
  await box.fill('Polygon');
  await expect(page).toHaveURL(/\/wallets\?search=Polygon$/);
  await expect(card).toHaveCount(0);
  await expect(page.getByText('No wallets found')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The filter is in the URL: a reload keeps it, clearing shows every card again.
  await page.reload();
  await expect(box).toHaveValue('Polygon');
  await expect(card).toHaveCount(0);
  await page.getByRole('search', { name: 'Search wallets' }).getByRole('button', { name: 'Clear search' }).click();
  await expect(page).toHaveURL(/\/wallets$/);
  await expect(box).toHaveValue('');
  await expect(card).toBeVisible();
});

test('a document result opens the documents page with the search text kept', async ({ page }) => {
  await signInWithTestWallet(page, freshAccountIndex());
  await page.goto('/documents?search=Invoice%2042');
  await expect(page.getByRole('heading', { name: 'Documents' })).toBeVisible();
  await expect(page).toHaveURL(/\/documents\?search=Invoice(%20|\+)42$/);
});
