import { expect, test, type Page } from '@playwright/test';
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts';
import { addWalletThroughApi, apiFromPage } from './support/app-data';
import { freshAccountIndex, signInWithTestWallet } from './support/data-screens';
import { openAccountMenu } from './support/sign-in';

const GATE = 'Portfolio History is only available for Plus Users';

async function openPricingFromMenu(page: Page): Promise<void> {
  await openAccountMenu(page);
  await page.getByRole('link', { name: 'Get premium' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByRole('heading', { name: 'Plans & Pricing', level: 1 })).toBeVisible();
}

test('upgrade from Free to PLUS through the checkout, unlock portfolio history, then cancel and manage billing', async ({ page }) => {
  await signInWithTestWallet(page, freshAccountIndex());
  await addWalletThroughApi(page, 'Main', privateKeyToAccount(generatePrivateKey()).address);
  expect((await apiFromPage(page, 'PATCH', '/api/user', { is_tutorial_viewed: true })).status).toBe(200);
  await page.goto('/overview');
  await expect(page.getByText(GATE)).toBeVisible();

  await openPricingFromMenu(page);
  await expect(page.getByTestId('subscription-text')).toHaveText('You are on the Free Plan.');
  await expect(page.getByRole('radio', { name: 'Monthly' })).toHaveAttribute('aria-checked', 'true');
  const free = page.getByRole('article', { name: 'Free' });
  const plus = page.getByRole('article', { name: 'Subscribe' });
  const enterprise = page.getByRole('article', { name: 'Individual Price' });
  await expect(free.getByText('Current plan').first()).toBeVisible();
  await expect(plus.getByTestId('price-PLUS')).toHaveText('€19.00/month');
  await expect(enterprise.getByRole('link', { name: 'Reach Out' })).toHaveAttribute('target', '_blank');
  for (const feature of ['Payroll management', 'Company wallet management', 'Whitelabel invoices', 'Individual payment links', 'API access']) {
    await expect(enterprise.getByText(feature)).toBeVisible();
  }

  // The annual prices: twelve months less 8 percent.
  await page.getByRole('radio', { name: 'Annually' }).click();
  await expect(plus.getByTestId('price-PLUS')).toHaveText('€209.76/year');
  await expect(plus.getByText('Save 8% with annual billing')).toBeVisible();
  await expect(plus.getByText('€17.48 a month, billed yearly')).toBeVisible();
  await expect(free.getByTestId('price-STARTER')).toHaveText('€0.00/year');
  await page.getByRole('radio', { name: 'Monthly' }).click();

  // Checkout on the Stripe stand-in page, then back with payment=success.
  await plus.getByRole('button', { name: 'Upgrade' }).click();
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  await expect(page.getByText('Ledgerloop PLUS, €19.00 per month')).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  const success = page.getByRole('dialog', { name: 'Welcome to PLUS' });
  await expect(success.getByText('Congratulations! You are now a Ledgerloop PLUS member')).toBeVisible();
  await success.getByRole('button', { name: 'Done' }).click();
  await expect(success).toBeHidden();
  await expect(page.getByTestId('subscription-text')).toContainText('You are on the Plus plan, billed monthly. Next billing date:');
  await expect(plus.getByText('Current plan').first()).toBeVisible();

  // Portfolio history is unlocked at once.
  await page.goto('/overview');
  await expect(page.getByRole('heading', { name: 'My Portfolio' })).toBeVisible();
  await expect(page.getByText(GATE)).toHaveCount(0);

  // Cancel: the plan stays until the end of the period, then the free plan.
  await openPricingFromMenu(page);
  await page.getByTestId('subscription-text').getByRole('button', { name: 'Cancel plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel plan' });
  await expect(dialog.getByText(/is not renewed and stays until/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel plan' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('subscription-text')).toContainText('Your Plus plan is cancelled and ends on');
  await expect(plus.getByRole('button', { name: 'Resume plan' })).toBeVisible();
  await expect(free.getByRole('button', { name: /^From / })).toBeDisabled();

  // Settings → Billing opens the billing portal in the same window.
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Billing' }).click();
  await expect(page.getByRole('heading', { name: 'Billing portal' })).toBeVisible();
  await page.getByRole('link', { name: 'Return to Ledgerloop' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
});

test('Settings → Billing without a subscription shows why, then opens Plans & Pricing', async ({ page }) => {
  await signInWithTestWallet(page, freshAccountIndex());
  await page.goto('/settings?section=profile');
  await page.getByRole('button', { name: 'Billing' }).click();
  await expect(page.getByText('You have no paid subscription to manage yet. Choose a plan first.')).toBeVisible();
  await expect(page).toHaveURL(/\/pricing$/, { timeout: 6_000 });
  await expect(page.getByRole('heading', { name: 'Plans & Pricing', level: 1 })).toBeVisible();
});

test('back from the checkout before Stripe confirms: pending, still Free, then PLUS once the payment arrives', async ({ page }) => {
  await signInWithTestWallet(page, freshAccountIndex());
  expect((await apiFromPage(page, 'PATCH', '/api/user', { is_tutorial_viewed: true })).status).toBe(200);
  const plans = await apiFromPage(page, 'GET', '/api/subscription-plans');
  const priceId = (plans.body as { PLUS: { monthly_plan_stripe_id: string } }).PLUS.monthly_plan_stripe_id;
  const checkout = await apiFromPage(page, 'POST', '/api/payments/create_checkout_session', { price_id: priceId });
  expect(checkout.status).toBe(200);
  const { redirect_url: checkoutUrl } = checkout.body as { redirect_url: string };

  await page.goto('/pricing?payment=success');
  await expect(page.getByText('Thank you! We are waiting for Stripe to confirm your payment…')).toBeVisible();
  await expect(page.getByTestId('subscription-text')).toHaveText('You are on the Free Plan.');
  await expect(page.getByRole('article', { name: 'Subscribe' }).getByRole('button', { name: 'Confirming payment…' })).toBeDisabled();

  // The customer's payment goes through at Stripe, which notifies the app; the page notices without a reload.
  const paid = await page.request.post(`${checkoutUrl}/pay`, { maxRedirects: 0 });
  expect(paid.status()).toBe(303);
  await expect(page.getByText('Congratulations! You are now a Ledgerloop PLUS member')).toBeVisible();
  await expect(page.getByTestId('subscription-text')).toContainText('Next billing date:');
});
