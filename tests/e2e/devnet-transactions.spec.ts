/**
 * Full-access users whose wallets have real history on the local devnet (src/scripts/devnet.ts: the scripted
 * activity of alice, bob and carol on Ethereum in January 2024). Times are shown in UTC here.
 *
 * The server and the devnet are shared by every test: each signed-in account below is used by this file only
 * (alice on phones, bob on desktops; the label journey signs in as a new user watching carol's address), and a
 * test first removes what an earlier run of it left behind, so the order and the number of runs do not matter.
 */
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { apiFromPage, persistedCacheText, underServiceWorker } from './support/app-data';
import { expectNoSeriousA11yViolations, freshAccountIndex, signInWithTestWallet } from './support/data-screens';
import { clickInQuickSuccession, labelsButton } from './support/label-picker';

test.use({ bypassCSP: true, timezoneId: 'UTC' });

/** src/server/devnet/accounts.ts */
const ALICE = '0xBcd4042DE499D14e55001CcbB24a551F3b954096';
const BOB = '0x71bE63f3384f5fb98995898A86B02Fb2426c5788';
const CAROL = '0xFABB0ac9d68B0B445fB7357272Ff202C5651694a';

/** The first 4 and the last 7 characters of the lower-case address, as the details show addresses. */
const short = (address: string) => `${address.slice(0, 4)}...${address.slice(-7)}`.toLowerCase();

interface OwnWalletCase {
  /** HD index of the "test ... junk" mnemonic the user signs in with (their own address). */
  accountIndex: number;
  walletName: string;
  /** Detail-toggle names of the USDC rows, newest first. */
  usdc: string[];
  /** Of those, the rows from 2024-01-03 to 2024-01-09. */
  usdcEarlyJanuary: string[];
  /** The row expanded: the 250.5 USDC transfer from alice to bob on 2024-01-03 (gas 51,393 at 20 Gwei). */
  expand: string;
}

const OWN_WALLET: Record<string, OwnWalletCase> = {
  phone: {
    accountIndex: 10,
    walletName: 'Alice on Ethereum',
    usdc: [
      'Show details of −1,000 USDC, 2024-01-10 12:00',
      'Show details of +0.5 USDC, 2024-01-06 08:15',
      'Show details of −250.5 USDC, 2024-01-03 14:30',
      'Show details of +5,000 USDC, 2024-01-02 10:00',
    ],
    usdcEarlyJanuary: ['Show details of +0.5 USDC, 2024-01-06 08:15', 'Show details of −250.5 USDC, 2024-01-03 14:30'],
    expand: 'Show details of −250.5 USDC, 2024-01-03 14:30',
  },
  desktop: {
    accountIndex: 11,
    walletName: 'Bob on Ethereum',
    usdc: [
      'Show details of +20 USDC, 2024-01-21 11:20',
      'Show details of −0.5 USDC, 2024-01-06 08:15',
      'Show details of +250.5 USDC, 2024-01-03 14:30',
    ],
    usdcEarlyJanuary: ['Show details of −0.5 USDC, 2024-01-06 08:15', 'Show details of +250.5 USDC, 2024-01-03 14:30'],
    expand: 'Show details of +250.5 USDC, 2024-01-03 14:30',
  },
};

function ownWalletCase(testInfo: TestInfo): OwnWalletCase {
  const found = OWN_WALLET[testInfo.project.name];
  if (!found) throw new Error(`No account for project ${testInfo.project.name}`);
  return found;
}

/** The rows' detail toggles: one visible per row at any width (expand column, or the date on phones). */
const toggles = (page: Page) => page.getByRole('button', { name: /^(Show|Hide) details of / }).filter({ visible: true });

async function toggleNames(page: Page): Promise<string[]> {
  return (await toggles(page).evaluateAll((items) => items.map((item) => item.getAttribute('aria-label') ?? ''))).map(
    (name) => name.replace(/^Hide/, 'Show'),
  );
}

function listRequest(page: Page, match: (params: URLSearchParams) => boolean) {
  return page.waitForRequest((request) => {
    const url = new URL(request.url());
    return url.pathname === '/api/transactions' && request.method() === 'GET' && match(url.searchParams);
  });
}

interface PersistedCache {
  clientState?: { queries?: { queryKey: unknown[]; state: { data?: unknown } }[] };
}

/** Label names, sorted, of the transaction created at `createdAt` in the transaction lists stored for offline use. */
async function persistedRowLabels(page: Page, createdAt: string): Promise<string[] | null> {
  const stored = (await persistedCacheText(page)).split('\n').filter((line) => line.includes('"clientState"'));
  for (const line of stored) {
    for (const query of (JSON.parse(line) as PersistedCache).clientState?.queries ?? []) {
      if (query.queryKey[0] !== 'transactions' || query.queryKey[1] !== 'list') continue;
      const pages = (query.state.data as { pages?: { results: { created_at: string; labels: { name: string }[] }[] }[] })
        .pages;
      const row = pages?.flatMap((item) => item.results).find((item) => item.created_at.startsWith(createdAt));
      if (row) return row.labels.map((label) => label.name).sort();
    }
  }
  return null;
}

/** The names of the label list in the persisted query cache, sorted; null while it is not stored. */
async function persistedLabelNames(page: Page): Promise<string[] | null> {
  const stored = (await persistedCacheText(page)).split('\n').filter((line) => line.includes('"clientState"'));
  for (const line of stored) {
    for (const query of (JSON.parse(line) as PersistedCache).clientState?.queries ?? []) {
      if (query.queryKey[0] !== 'labels' || query.queryKey[1] !== 'list') continue;
      return (query.state.data as { name: string }[]).map((label) => label.name).sort();
    }
  }
  return null;
}

/** Removes the signed-in user's wallets and labels (left by an earlier run against the same server). */
async function startEmpty(page: Page): Promise<void> {
  for (const path of ['/api/wallets', '/api/labels']) {
    const listed = await apiFromPage(page, 'GET', path);
    for (const item of listed.body as { id: string }[]) {
      const removed = await apiFromPage(page, 'DELETE', `${path}/${item.id}`);
      expect(removed.status).toBe(204);
    }
  }
}

/** Waits on /wallets until the wallet card is there and its first synchronization has finished. */
async function waitForSync(page: Page, walletName: string): Promise<void> {
  if (!page.url().endsWith('/wallets')) await page.goto('/wallets');
  const card = page.getByTestId('wallet-card').filter({ hasText: walletName });
  await expect(card).toBeVisible();
  await expect(card.getByText('Loading wallet transactions')).toHaveCount(0, { timeout: 90_000 });
}

test('a user adds their own devnet wallet, waits for the sync and filters its transactions', async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  const own = ownWalletCase(testInfo);
  const wallet = await signInWithTestWallet(page, own.accountIndex);
  await startEmpty(page);

  // Their own address, added as an Ethereum wallet through the dialog.
  await page.goto('/wallets');
  await page.getByRole('button', { name: 'Add Wallet' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Wallet' });
  await dialog.getByLabel('Wallet name').fill(own.walletName);
  await dialog.getByLabel('Network').selectOption('ETHEREUM');
  await dialog.getByLabel('Public address').fill(wallet.address);
  await dialog.getByRole('button', { name: 'Add Wallet' }).click();
  await expect(dialog).toBeHidden();
  await waitForSync(page, own.walletName);
  await expectNoSeriousA11yViolations(page);

  await page.goto('/transactions');
  await expect(page.getByRole('cell', { name: own.walletName }).first()).toBeVisible();
  await expect(page.getByText('Transactions are still being loaded from the blockchain')).toHaveCount(0);

  // Token filter: the USDC transfers only.
  await page.getByRole('button', { name: 'Tokens filter' }).click();
  const byToken = listRequest(page, (params) => params.get('token__in') === 'USDC');
  await page.getByRole('checkbox', { name: 'USDC', exact: true }).check();
  await byToken;
  await page.keyboard.press('Escape');
  await expect.poll(() => toggleNames(page)).toEqual(own.usdc);

  // Date range: 3 to 9 January 2024.
  const byDate = listRequest(
    page,
    (params) =>
      params.get('token__in') === 'USDC' &&
      params.get('created_at_after') === '2024-01-03' &&
      params.get('created_at_before') === '2024-01-09',
  );
  await page.getByLabel('From', { exact: true }).fill('2024-01-03');
  await page.getByLabel('To', { exact: true }).fill('2024-01-09');
  await byDate;
  await expect.poll(() => toggleNames(page)).toEqual(own.usdcEarlyJanuary);
  await expectNoSeriousA11yViolations(page);

  // One row expanded: its details and its explorer link.
  await page.getByRole('button', { name: own.expand }).filter({ visible: true }).click();
  const details = page.locator('dl').first();
  await expect(details.getByText('USD Coin (USDC)')).toBeVisible();
  await expect(details.getByText(short(ALICE), { exact: true })).toBeVisible();
  await expect(details.getByText(short(BOB), { exact: true })).toBeVisible();
  await expect(details.getByText('51,393', { exact: true })).toBeVisible();
  await expect(details.getByText('20 Gwei', { exact: true })).toBeVisible();
  const explorer = page.getByRole('link', { name: /View on Etherscan/ }).filter({ visible: true }).first();
  await expect(explorer).toHaveAttribute('href', /^https:\/\/etherscan\.io\/tx\/0x[0-9a-f]{64}$/);
  await expectNoSeriousA11yViolations(page);
});

test.describe('under the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('a transaction label changed offline is kept across a reload and reaches the server exactly once', async ({
    page,
    context,
  }) => {
    test.setTimeout(150_000);
    await signInWithTestWallet(page, freshAccountIndex());
    for (const [name, color] of [
      ['Audit', 'GREEN'],
      ['Tax', 'RED'],
    ] as const) {
      expect((await apiFromPage(page, 'POST', '/api/labels', { name, color })).status).toBe(201);
    }
    expect((await apiFromPage(page, 'POST', '/api/wallets', { name: 'Carol', address: CAROL, network: 'ETHEREUM' })).status).toBe(201);
    await waitForSync(page, 'Carol');

    const rowName = 'Show details of +1,000 USDC, 2024-01-10 12:00';
    const subject = 'Incoming 1,000 USDC on 2024-01-10';
    await page.goto('/transactions');
    const row = page.getByRole('button', { name: rowName }).filter({ visible: true });
    await expect(row).toBeVisible();
    await row.click();
    const editLabels = labelsButton(page, subject);
    const picker = page.getByRole('dialog', { name: 'Labels' });
    const shownLabels = page.getByRole('list', { name: 'Labels' }).filter({ visible: true });

    // Online, picks in quick succession: each shows at once, and the server ends with the last state.
    await editLabels.click();
    const audit = picker.getByRole('checkbox', { name: 'Audit' });
    const tax = picker.getByRole('checkbox', { name: 'Tax' });
    const changed = await clickInQuickSuccession(page, [audit, tax], [0, 1, 0]);
    expect(changed).toEqual([true, true, true]);
    await expect(tax).toBeChecked();
    await expect(audit).not.toBeChecked();
    const labelsOnServer = async () => {
      const listed = await apiFromPage(page, 'GET', '/api/transactions?limit=50&offset=0&ordering=-created_at&token__in=USDC');
      const rows = (listed.body as { results: { amount: string; created_at: string; labels: { name: string }[] }[] }).results;
      return rows.find((item) => item.created_at.startsWith('2024-01-10'))?.labels.map((label) => label.name);
    };
    await expect.poll(labelsOnServer).toEqual(['Tax']);
    await picker.getByRole('button', { name: 'Close' }).click();
    await expect(shownLabels.getByText('Tax')).toBeVisible();
    // The label list the picker read is stored (the cache is written at most once a second) before the page reloads.
    await expect.poll(() => persistedLabelNames(page), { timeout: 15_000 }).toEqual(['Audit', 'Tax']);

    // What is on screen is stored for an offline start.
    await underServiceWorker(page);
    await expect(page.getByRole('button', { name: rowName }).filter({ visible: true })).toBeVisible();
    await expect.poll(() => persistedRowLabels(page, '2024-01-10T12:00:00'), { timeout: 15_000 }).toEqual(['Tax']);

    const changes: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH' && new URL(request.url()).pathname.startsWith('/api/transactions/')) {
        changes.push(request.postData() ?? '');
      }
    });

    // Offline: the list opens from the cache and the change is shown at once and kept.
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByText(/Offline, as of \d{2}:\d{2}/)).toBeVisible();
    await page.getByRole('button', { name: rowName }).filter({ visible: true }).click();
    await editLabels.click();
    await picker.getByRole('checkbox', { name: 'Audit' }).check();
    await picker.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByText('The change is saved and will be sent when the connection returns.')).toBeVisible();
    await expect(shownLabels.getByText('Audit')).toBeVisible();
    await expect(shownLabels.getByText('Tax')).toBeVisible();
    await expect.poll(() => persistedRowLabels(page, '2024-01-10T12:00:00'), { timeout: 10_000 }).toEqual(['Audit', 'Tax']);

    await page.reload();
    await page.getByRole('button', { name: rowName }).filter({ visible: true }).click();
    await expect(shownLabels.getByText('Audit')).toBeVisible();
    await expect(shownLabels.getByText('Tax')).toBeVisible();
    expect(changes).toEqual([]);

    // Back online: sent once, and the server has it.
    await context.setOffline(false);
    await expect.poll(() => changes.length, { timeout: 15_000 }).toBe(1);
    await page.waitForTimeout(2_000);
    expect(changes).toHaveLength(1);
    expect((JSON.parse(changes[0] ?? '{}') as { labels?: string[] }).labels).toHaveLength(2);
    expect((await labelsOnServer())?.sort()).toEqual(['Audit', 'Tax']);

    await page.reload();
    await page.getByRole('button', { name: rowName }).filter({ visible: true }).click();
    await expect(shownLabels.getByText('Audit')).toBeVisible();
    await expect(shownLabels.getByText('Tax')).toBeVisible();
  });
});
