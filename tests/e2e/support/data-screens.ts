import { randomInt } from 'node:crypto';
import { createRequire } from 'node:module';
import { expect, type Locator, type Page } from '@playwright/test';
import { installTestWallet, type TestWallet } from './test-wallet';

const require = createRequire(import.meta.url);
const AXE_PATH = require.resolve('axe-core/axe.min.js');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/**
 * Runs axe-core on the page and fails on serious or critical violations. The script is injected as an inline
 * tag, so the spec must run with `bypassCSP: true`.
 */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  await page.addScriptTag({ path: AXE_PATH });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as {
      axe: {
        run: (
          context: Document,
          options: object,
        ) => Promise<{
          violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[];
        }>;
      };
    }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.map((node) => node.target.map(String).join(' ')),
    }));
  });
  const serious = (violations as AxeViolation[]).filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
}

/**
 * Signs in a full-access user through the injected test wallet (anvil account `accountIndex`) and waits for the
 * dashboard.
 */
export async function signInWithTestWallet(page: Page, accountIndex: number): Promise<TestWallet> {
  const wallet = await installTestWallet(page, accountIndex);
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Connect wallet' }).click();
  await page.getByRole('button', { name: /browser wallet/i }).click();
  await expect(page).toHaveURL(/\/overview$/);
  return wallet;
}

/**
 * An HD account index no other test uses (above the anvil accounts other specs pick), so each test signs in as
 * a new full-access user with empty lists, also against a server reused between runs.
 */
export function freshAccountIndex(): number {
  return randomInt(1_000, 2 ** 31 - 1);
}

/**
 * Scrolls the dashboard to My Portfolio until its chart is drawn (the chart's code loads when its place comes into
 * view) and returns the section. The scroll is repeated: sections above it that are still loading their data can
 * grow and push it back out of view.
 */
export async function scrollToPortfolioChart(page: Page): Promise<Locator> {
  const portfolio = page.getByRole('region', { name: 'My Portfolio' });
  await expect(async () => {
    await portfolio.scrollIntoViewIfNeeded();
    await expect(portfolio.locator('canvas')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  return portfolio;
}
