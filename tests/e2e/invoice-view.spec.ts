import { expect, test } from '@playwright/test';
import { addWalletThroughApi, apiFromPage, issueInvoicesThroughApi } from './support/app-data';
import { expectNoSeriousA11yViolations, freshAccountIndex, signInWithTestWallet } from './support/data-screens';

test.use({ bypassCSP: true });

test('an issued invoice: SENT, its dates and total, Pay Invoice and both PDF links', async ({ page }) => {
  await signInWithTestWallet(page, freshAccountIndex());
  await addWalletThroughApi(page, 'Receiving', '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65');
  const [id = ''] = await issueInvoicesThroughApi(page, ['Invoice to view']);

  await page.goto(`/invoices/${id}`);
  const sheet = page.getByRole('article', { name: 'Invoice' });
  await expect(sheet.getByRole('heading', { name: 'Invoice to view' })).toBeVisible();
  await expect(sheet.getByText('SENT', { exact: true })).toBeVisible();
  await expect(sheet.getByText(/^Invoice from /)).toBeVisible();
  await expect(sheet.getByText('Jan 01, 2025')).toBeVisible();
  await expect(sheet.getByText('Jan 31, 2025')).toBeVisible();
  await expect(sheet.getByLabel('Totals')).toContainText('$121.00');
  await expect(sheet.getByText('Consulting')).toBeVisible();
  const pay = page.getByRole('link', { name: 'Pay Invoice' });
  await expect(pay).toHaveAttribute('href', `/pay-invoice/${id}`);
  await expectNoSeriousA11yViolations(page);

  // Fits a 360 px phone without sideways scrolling.
  const viewport = page.viewportSize();
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  if (viewport) await page.setViewportSize(viewport);

  // Touch targets of at least 44 px.
  for (const name of ['Download PDF', 'View PDF', 'Pay Invoice']) {
    const box = await page.getByRole('link', { name }).boundingBox();
    expect(box?.height ?? 0, name).toBeGreaterThanOrEqual(44);
  }

  // The PDF links answer a PDF: as a download, and inline for the new tab.
  const download = await page.getByRole('link', { name: 'Download PDF' }).getAttribute('href');
  expect(download).toBe(`/api/invoices/${id}/pdf?download=true`);
  const saved = await page.request.get(download ?? '');
  expect(saved.status()).toBe(200);
  expect(saved.headers()['content-type']).toBe('application/pdf');
  expect(saved.headers()['content-disposition']).toMatch(/^attachment; filename="Invoice to view.pdf"/);
  expect((await saved.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const view = page.getByRole('link', { name: 'View PDF' });
  await expect(view).toHaveAttribute('target', '_blank');
  const shown = await page.request.get((await view.getAttribute('href')) ?? '');
  expect(shown.headers()['content-type']).toBe('application/pdf');
  expect(shown.headers()['content-disposition']).toMatch(/^inline; /);

  // Once paid there is nothing to pay.
  const paid = await apiFromPage(page, 'PATCH', `/api/invoices/${id}`, { state: 'PAID' });
  expect(paid.status).toBe(200);
  await page.reload();
  await expect(sheet.getByText('PAID', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Pay Invoice' })).toHaveCount(0);
});

test("an unknown invoice reads 'Invoice not found' and leaves for /auth", async ({ page }) => {
  await signInWithTestWallet(page, freshAccountIndex());
  await page.goto('/invoices/6f1c1f5e-8a53-4c3e-9d0e-3b8f0b7a2c11');
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Invoice not found');
  // The page goes to /auth (docs/invoices.md); /auth sends a signed-in user on to /overview.
  await expect(page).toHaveURL(/\/overview$/);
});
