import { expect, type Page } from '@playwright/test';

/** Calls the API from the page with the session cookie and the CSRF header, as the app does. */
export async function apiFromPage(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  return page.evaluate(
    async ({ method: verb, path: url, body: payload }) => {
      const token = () => document.cookie.split('; ').find((item) => item.startsWith('csrftoken='))?.slice(10);
      if (!token()) await fetch('/api/csrf', { credentials: 'same-origin' });
      const response = await fetch(url, {
        method: verb,
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', 'X-CSRFToken': decodeURIComponent(token() ?? '') },
        body: payload === undefined ? undefined : JSON.stringify(payload),
      });
      const text = await response.text();
      return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
    },
    { method, path, body },
  );
}

/** Adds an Ethereum wallet for the signed-in user through POST /api/wallets. */
export async function addWalletThroughApi(page: Page, name: string, address: string): Promise<void> {
  const created = await apiFromPage(page, 'POST', '/api/wallets', { name, address, network: 'ETHEREUM' });
  expect(created.status).toBe(201);
}

/** The persisted React Query cache (idb-keyval's default store) as text, '' when nothing is saved yet. */
export function persistedCacheText(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open('keyval-store');
        open.onerror = () => resolve('');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('keyval')) {
            db.close();
            resolve('');
            return;
          }
          const all = db.transaction('keyval', 'readonly').objectStore('keyval').getAll();
          all.onsuccess = () => {
            db.close();
            resolve(all.result.map((value) => (typeof value === 'string' ? value : JSON.stringify(value))).join('\n'));
          };
          all.onerror = () => resolve('');
        };
      }),
  );
}

/** Waits until the service worker controls the page, so a reload works with the network off. */
export async function underServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** The bill-to contact and sender the invoice helpers use. */
export const INVOICE_CONTACT = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  company: 'Analytical Engines',
  email: 'ada@example.com',
  address_line1: '12 Analytical Row',
  country: 'United Kingdom',
  city: 'London',
  postal_code: 'N1 9GU',
};
export const INVOICE_OWNER = {
  first_name: 'Grace',
  last_name: 'Hopper',
  email: 'grace@example.com',
  address_line1: '1 Harbor Way',
  city: 'Arlington',
  postal_code: '22201',
  country: 'United States',
};

/**
 * Issues invoices (state DUE, 2 × 60.5 USD in USDT to the user's first wallet, billed to a new contact) through
 * POST /api/invoices, in the order given; answers their invoice ids.
 */
export async function issueInvoicesThroughApi(page: Page, names: readonly string[]): Promise<string[]> {
  const wallets = (await apiFromPage(page, 'GET', '/api/wallets')).body as { id: string }[];
  const contact = await apiFromPage(page, 'POST', '/api/contacts', INVOICE_CONTACT);
  expect(contact.status).toBe(201);
  const ids: string[] = [];
  for (const name of names) {
    const created = await apiFromPage(page, 'POST', '/api/invoices', {
      name,
      state: 'DUE',
      issued_at: '2025-01-01',
      expires_at: '2025-01-31',
      fiat_currency: 'USD',
      contact: (contact.body as { id: string }).id,
      owner: INVOICE_OWNER,
      wallet: wallets[0]?.id,
      token: 'USDT',
      items: [{ name: 'Consulting', quantity: '2', unit_price: '60.5', discount: '0', tax: '0' }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    ids.push((created.body as { id: string }).id);
  }
  return ids;
}
