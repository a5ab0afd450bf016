import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, freshAccountIndex, signInWithTestWallet } from './support/data-screens';
import { signInWithDemo } from './support/sign-in';

test.use({ bypassCSP: true });

/** A local day as yyyy-MM-dd, `offset` days from today. */
function day(offset: number): string {
  const date = new Date();
  date.setDate(date.getDate() + offset);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(date.getFullYear())}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The rows' detail toggles: one visible per row at any width (expand column, or the date on phones). */
const toggles = (page: Page) => page.getByRole('button', { name: /^Show details of / });

function listRequest(page: Page, match: (params: URLSearchParams) => boolean) {
  return page.waitForRequest((request) => {
    const url = new URL(request.url());
    return url.pathname === '/api/transactions' && request.method() === 'GET' && match(url.searchParams);
  });
}

async function savedFilters(page: Page): Promise<Record<string, unknown>> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('transactions_filters') ?? '{}') as Record<string, unknown>);
}

test('the demo user pages, sorts and expands transactions', async ({ page }, testInfo) => {
  await signInWithDemo(page, 0);
  const offsets: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/transactions' && url.searchParams.get('limit') === '10') {
      offsets.push(url.searchParams.get('offset') ?? '');
    }
  });
  await page.goto('/transactions');
  await expect(page.getByRole('heading', { name: 'Transactions' })).toBeVisible();
  // The first 10 (a tall screen fills itself with the next pages at once).
  await expect.poll(() => toggles(page).count()).toBeGreaterThanOrEqual(10);

  // Guests have no Labels column; Explorer and expand columns exist from 769 px only.
  await expect(page.getByRole('columnheader', { name: 'Labels' })).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: 'Date' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Wallet Name' })).toBeVisible();
  const explorerHeader = page.getByRole('columnheader', { name: 'Explorer' });
  if (testInfo.project.name === 'phone') await expect(explorerHeader).toBeHidden();
  else await expect(explorerHeader).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Reaching the end of the list loads the next 10, page after page.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(() => toggles(page).count()).toBeGreaterThanOrEqual(20);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(() => toggles(page).count()).toBeGreaterThanOrEqual(30);
  expect((await toggles(page).count()) % 10).toBe(0);
  expect([...new Set(offsets)].slice(0, 3)).toEqual(['0', '10', '20']);

  // Expanding a row shows its details; missing values read 'No data Available'.
  await toggles(page).first().click();
  const details = page.locator('dl').first();
  await expect(details.getByText('Gas price')).toBeVisible();
  await expect(details.getByText('Fee')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Hide details of / })).toHaveCount(1);
  const explorer = page.getByRole('link', { name: /View on Etherscan/ }).first();
  await expect(explorer).toHaveAttribute('href', /^https:\/\/etherscan\.io\/tx\/0x[0-9a-f]{64}$/);
  await expectNoSeriousA11yViolations(page);

  // Sorting by amount starts again from the first page.
  const loaded = await toggles(page).count();
  const byAmount = listRequest(page, (params) => params.get('ordering') === '-amount' && params.get('offset') === '0');
  await page.getByRole('button', { name: 'Amount', exact: true }).click();
  await byAmount;
  await expect(page.getByRole('columnheader', { name: 'Amount' })).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(() => toggles(page).count()).toBeLessThan(loaded);
  const ascending = listRequest(page, (params) => params.get('ordering') === 'amount');
  await page.getByRole('button', { name: 'Amount', exact: true }).click();
  await ascending;
  await expect(page.getByRole('columnheader', { name: 'Amount' })).toHaveAttribute('aria-sort', 'ascending');
  expect(await savedFilters(page)).toMatchObject({ ordering: 'amount' });
});

test('token and date filters apply, are saved, and reset on the reset-filters event', async ({ page }) => {
  await signInWithDemo(page, 0);
  await page.goto('/transactions');
  await expect.poll(() => toggles(page).count()).toBeGreaterThanOrEqual(10);

  // Token filter.
  await page.getByRole('button', { name: 'Tokens filter' }).click();
  const byToken = listRequest(page, (params) => params.get('token__in') === 'USDC');
  await page.getByRole('checkbox', { name: 'USDC', exact: true }).check();
  await byToken;
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Tokens, 1 selected' })).toBeVisible();
  const amounts = page.getByRole('cell').filter({ hasText: /^[+−]?[\d,.]+\s+\w+/ });
  await expect(amounts.first()).toContainText('USDC');
  for (const text of await amounts.allTextContents()) expect(text).toContain('USDC');
  expect(await savedFilters(page)).toMatchObject({ tokens: ['USDC'] });

  // Date range: a 'To' before 'From' is refused with the documented text; a valid range applies.
  const from = page.getByLabel('From', { exact: true });
  const to = page.getByLabel('To', { exact: true });
  await from.fill(day(-60));
  await to.fill(day(-61));
  await expect(page.getByText('This date should be after "From" Date')).toBeVisible();
  const byDate = listRequest(
    page,
    (params) => params.get('created_at_after') === day(-60) && params.get('created_at_before') === day(0),
  );
  await to.fill(day(0));
  await byDate;
  await expect(page.getByText('This date should be after "From" Date')).toHaveCount(0);
  expect(await savedFilters(page)).toMatchObject({ start_date: day(-60), end_date: day(0), tokens: ['USDC'] });

  // Saved filters come back after a reload.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Tokens, 1 selected' })).toBeVisible();
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(day(-60));

  // A saved wallet broadcasts 'reset-filters': everything goes back to the defaults.
  const unfiltered = listRequest(page, (params) => !params.has('token__in') && !params.has('created_at_after'));
  await page.evaluate(() => window.dispatchEvent(new CustomEvent('reset-filters')));
  await unfiltered;
  await expect(page.getByRole('button', { name: 'Tokens filter', exact: true })).toBeVisible();
  await expect(page.getByLabel('From', { exact: true })).toHaveValue('');
  expect(await savedFilters(page)).toMatchObject({ start_date: '', end_date: '', tokens: [], labels: [] });
});

test('filters and sort live in the URL: shown there, restored from a link, invalid values dropped', async ({ page }) => {
  await signInWithDemo(page, 0);
  await page.goto('/transactions');
  await expect.poll(() => toggles(page).count()).toBeGreaterThanOrEqual(10);

  // A chosen filter and sort show in the URL (the entry is replaced, not added to the history).
  const entries = await page.evaluate(() => window.history.length);
  await page.getByRole('button', { name: 'Tokens filter' }).click();
  await page.getByRole('checkbox', { name: 'USDC', exact: true }).check();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/[?&]tokens=USDC(&|$)/);
  await page.getByRole('button', { name: 'Amount', exact: true }).click();
  await expect(page).toHaveURL(/[?&]ordering=-amount(&|$)/);
  expect(await page.evaluate(() => window.history.length)).toBe(entries);

  // The link opened with nothing remembered shows the same list.
  const link = page.url();
  await page.evaluate(() => localStorage.removeItem('transactions_filters'));
  const byLink = listRequest(
    page,
    (params) => params.get('token__in') === 'USDC' && params.get('ordering') === '-amount' && params.get('offset') === '0',
  );
  await page.goto(link);
  await byLink;
  await expect(page.getByRole('button', { name: 'Tokens, 1 selected' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Amount' })).toHaveAttribute('aria-sort', 'descending');

  // Invalid values are dropped from the URL; the valid ones apply; no error page.
  await page.goto(`/transactions?ordering=sideways&tokens=USDC&start_date=${day(-3)}&end_date=2025-02-30`);
  await expect(page).toHaveURL(/[?&]tokens=USDC(&|$)/);
  await expect(page).not.toHaveURL(/ordering=|start_date=|end_date=/);
  await expect(page.getByRole('button', { name: 'Tokens, 1 selected' })).toBeVisible();
  await expect(page.getByLabel('From', { exact: true })).toHaveValue('');
  expect(await savedFilters(page)).toMatchObject({ tokens: ['USDC'], ordering: '-created_at', start_date: '' });

  // Opened without parameters: the remembered choice applies and is written to the URL.
  await page.goto('/transactions');
  await expect(page).toHaveURL(/[?&]tokens=USDC(&|$)/);
  await expect(page.getByRole('button', { name: 'Tokens, 1 selected' })).toBeVisible();
});

test('a saved end date follows the day: when the app starts, and after midnight while it stays open', async ({
  page,
}) => {
  // The page's clock: 23:58 local time today (whenever the test runs), so midnight comes two minutes in.
  const now = new Date();
  const evening = new Date(now.getFullYear(), now.getMonth(), now.getDate(), 23, 58);
  const localDay = (offset: number) => {
    const date = new Date(evening);
    date.setDate(date.getDate() + offset);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${String(date.getFullYear())}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  };
  await page.clock.install({ time: evening });
  await signInWithDemo(page, 0);

  // Last used yesterday, with a range ending yesterday.
  await page.evaluate(
    ({ yesterday, start }) => {
      localStorage.setItem('last_activity', yesterday);
      localStorage.setItem(
        'transactions_filters',
        JSON.stringify({ start_date: start, end_date: yesterday, tokens: [], labels: [], ordering: '-created_at' }),
      );
    },
    { yesterday: localDay(-1), start: localDay(-30) },
  );

  // Opened today: the end date is today before the list asks for anything.
  const firstAsk = listRequest(page, (params) => params.get('offset') === '0');
  await page.goto('/transactions');
  expect((await firstAsk).url()).toContain(`created_at_before=${localDay(0)}`);
  await expect(page.getByLabel('To', { exact: true })).toHaveValue(localDay(0));
  expect(await page.evaluate(() => localStorage.getItem('last_activity'))).toBe(localDay(0));

  // Left open past midnight: the first tap of the new day moves it again.
  await page.clock.fastForward('03:00');
  await expect(page.getByLabel('To', { exact: true })).toHaveValue(localDay(0));
  const nextDay = listRequest(page, (params) => params.get('created_at_before') === localDay(1));
  await page.getByRole('heading', { name: 'Transactions' }).click();
  await nextDay;
  await expect(page.getByLabel('To', { exact: true })).toHaveValue(localDay(1));
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(localDay(-30));
  expect(await savedFilters(page)).toMatchObject({ start_date: localDay(-30), end_date: localDay(1) });
  expect(await page.evaluate(() => localStorage.getItem('last_activity'))).toBe(localDay(1));
});

test('a user without wallets sees the first-wallet prompt', async ({ page }) => {
  await signInWithTestWallet(page, freshAccountIndex());
  await page.goto('/transactions');
  await expect(page.getByText('Add your first wallet to get started!')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add Wallet' })).toBeVisible();
});
