import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiFromPage, persistedCacheText, underServiceWorker } from './support/app-data';
import { expectNoSeriousA11yViolations } from './support/data-screens';
import { signInWithDemo } from './support/sign-in';

test.use({ bypassCSP: true });

const NFT_PATH = '/api/non-fungible-tokens-summary';

interface Nft {
  name: string;
  collection: string;
  price: string | null;
  currency: string | null;
  is_price_synced: boolean;
  properties: unknown[];
}

async function nftsFromApi(page: Page, query: Record<string, string> = {}): Promise<Nft[]> {
  const search = new URLSearchParams(query).toString();
  const answer = await apiFromPage(page, 'GET', search === '' ? NFT_PATH : `${NFT_PATH}?${search}`);
  expect(answer.status).toBe(200);
  return answer.body as Nft[];
}

function listRequest(page: Page, match: (params: URLSearchParams) => boolean) {
  return page.waitForRequest((request) => {
    const url = new URL(request.url());
    return url.pathname === NFT_PATH && match(url.searchParams);
  });
}

async function openList(page: Page): Promise<Locator> {
  await page.getByRole('region', { name: 'Non-Fungible Tokens' }).getByRole('button', { name: 'See All' }).click();
  const dialog = page.getByRole('dialog', { name: 'Non-Fungible Tokens' });
  await expect(dialog).toBeVisible();
  return dialog;
}

function cardsOf(dialog: Locator): Locator {
  return dialog.getByRole('list', { name: 'NFTs' }).getByRole('listitem');
}

/** The cards show exactly these NFTs, in this order. */
async function expectCards(dialog: Locator, expected: readonly Nft[]): Promise<void> {
  const cards = cardsOf(dialog);
  await expect(cards).toHaveCount(expected.length);
  for (const [index, nft] of expected.entries()) await expect(cards.nth(index)).toContainText(nft.name);
}

test('See All lists every NFT with a collection filter, an ordering and the properties slider', async ({ page }, testInfo) => {
  if (testInfo.project.name === 'phone') await page.setViewportSize({ width: 360, height: 740 });
  // Image hosts can fail: every NFT picture is refused here, so each card shows the egg.
  await page.context().route('**/demo-nfts/**', (route) => route.abort());
  await signInWithDemo(page, 0);
  const everything = await nftsFromApi(page);
  expect(everything.length).toBeGreaterThan(1);

  const dialog = await openList(page);
  await expectCards(dialog, everything);
  await expect(dialog.getByRole('status')).toHaveText(`${String(everything.length)} NFTs`);
  const cards = cardsOf(dialog);
  for (const card of await cards.all()) await card.scrollIntoViewIfNeeded();
  await expect(dialog.locator('img[data-fallback="egg"]')).toHaveCount(everything.length);
  // The card shows the price, or that it is still loading.
  for (const [index, nft] of everything.entries()) {
    const card = cards.nth(index);
    const shown = { useInnerText: true };
    if (!nft.is_price_synced) await expect(card).toContainText('Price loading…', shown);
    else if (nft.price === null) await expect(card).toContainText('No price', shown);
    else await expect(card).toContainText(nft.currency ?? '', shown);
  }
  // Nothing is wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  expect(await dialog.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(page);

  // Collection: each of the user's collections once.
  const collection = dialog.getByLabel('Collection');
  const names = [...new Set(everything.map((nft) => nft.collection))].sort((a, b) => a.localeCompare(b));
  await expect(collection.locator('option')).toHaveText(['All collections', ...names]);
  const chosen = names.at(-1) ?? '';
  const byCollection = listRequest(page, (params) => params.get('collection') === chosen);
  await collection.selectOption(chosen);
  await byCollection;
  const inCollection = await nftsFromApi(page, { collection: chosen });
  expect(inCollection.length).toBeLessThan(everything.length);
  await expectCards(dialog, inCollection);
  await expect(dialog.getByRole('status')).toHaveText(`${String(inCollection.length)} of ${String(everything.length)} NFTs`);

  // Ordering, over every collection again.
  // Back to every collection: the list asked for first is still fresh, so it comes from the cache.
  await collection.selectOption({ label: 'All collections' });
  await expectCards(dialog, everything);
  const byPrice = listRequest(page, (params) => params.get('ordering') === '-price');
  await dialog.getByLabel('Sort by').selectOption({ label: 'Price high to low' });
  await byPrice;
  await expectCards(dialog, await nftsFromApi(page, { ordering: '-price' }));
  const byName = listRequest(page, (params) => params.get('ordering') === 'name');
  await dialog.getByLabel('Sort by').selectOption({ label: 'Name A–Z' });
  await byName;
  await expectCards(dialog, await nftsFromApi(page, { ordering: 'name' }));

  // Properties: from 0 (off) to the most properties any of the NFTs has; the value is not shown.
  const most = Math.max(...everything.map((nft) => nft.properties.length));
  expect(most).toBeGreaterThan(0);
  const slider = dialog.getByRole('slider', { name: 'Minimum properties' });
  await expect(slider).toHaveAttribute('min', '0');
  await expect(slider).toHaveAttribute('max', String(most));
  await expect(slider).toHaveValue('0');
  await expect(slider).toHaveAttribute('aria-valuetext', 'Off');
  const byProperties = listRequest(
    page,
    (params) => params.get('properties_number') === String(most) && params.get('ordering') === 'name',
  );
  await slider.fill(String(most));
  await byProperties;
  await expect(slider).toHaveAttribute('aria-valuetext', `At least ${String(most)} properties`);
  await expect(dialog.getByText(`At least ${String(most)}`)).toHaveCount(0);
  await expectCards(dialog, await nftsFromApi(page, { ordering: 'name', properties_number: String(most) }));
  await slider.fill('0');
  await expect(slider).toHaveAttribute('aria-valuetext', 'Off');
  await expect(cards).toHaveCount(everything.length);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('region', { name: 'Non-Fungible Tokens' }).getByRole('button', { name: 'See All' })).toBeFocused();
});

test.describe('under the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('the NFT list opens offline from the saved data and still filters', async ({ page, context }) => {
    await signInWithDemo(page, 0);
    const everything = await nftsFromApi(page);
    await underServiceWorker(page);
    let dialog = await openList(page);
    await expectCards(dialog, everything);
    await expect
      .poll(async () => {
        const saved = await persistedCacheText(page);
        return saved.includes('"nfts","preview"') && saved.includes('"nfts","list"');
      }, { timeout: 15_000 })
      .toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    dialog = await openList(page);
    await expectCards(dialog, everything);
    // A filter never asked for online is answered from the saved list.
    const chosen = everything[0]?.collection ?? '';
    await dialog.getByLabel('Collection').selectOption(chosen);
    await expect(cardsOf(dialog)).toHaveCount(everything.filter((nft) => nft.collection === chosen).length);
    for (const card of await cardsOf(dialog).all()) await expect(card).toContainText(chosen);
    await context.setOffline(false);
  });
});
