import { expect, test } from '@playwright/test';
import { signInWithDemo } from './support/sign-in';

test('a tooltip shows after 100 ms of hovering, describes its element, and hides on leaving', async ({ page }) => {
  await signInWithDemo(page, 0);
  const help = page.getByRole('button', { name: 'Help', exact: true });
  await expect(help).toBeVisible();
  // Times on the page's clock: when the pointer entered, and when the tooltip stopped being hidden.
  await page.evaluate(() => {
    const marks = { entered: 0, shown: 0 };
    (window as unknown as { __tooltipMarks: typeof marks }).__tooltipMarks = marks;
    document.addEventListener(
      'pointerover',
      () => {
        if (marks.entered === 0) marks.entered = performance.now();
      },
      true,
    );
    new MutationObserver(() => {
      const shown = [...document.querySelectorAll('[role="tooltip"]')].some((item) => item.textContent === 'Help');
      if (marks.shown === 0 && shown) marks.shown = performance.now();
    }).observe(document.body, { subtree: true, childList: true });
  });

  await help.hover();
  const tooltip = page.getByRole('tooltip').filter({ hasText: 'Help' });
  await expect(tooltip).toBeVisible();
  await expect(help).toHaveAccessibleDescription('Help');
  const marks = await page.evaluate(() => (window as unknown as { __tooltipMarks: { entered: number; shown: number } }).__tooltipMarks);
  expect(marks.entered).toBeGreaterThan(0);
  expect(marks.shown - marks.entered).toBeGreaterThanOrEqual(95);

  // Fully on screen, also on the narrowest phone.
  const box = await tooltip.boundingBox();
  const width = await page.evaluate(() => document.documentElement.clientWidth);
  if (box === null) throw new Error('the tooltip has no box');
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);

  await page.mouse.move(1, 1);
  await expect(tooltip).toBeHidden();
});
