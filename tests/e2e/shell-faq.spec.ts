import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/data-screens';
import { signInWithDemo } from './support/sign-in';

test.use({ bypassCSP: true });

const NO_RESULTS = 'No questions found according to your searching phrase';

/** The questions listed on the page, in order (the summary of each accordion item). */
function questions(page: Page) {
  return page.locator('main details > summary');
}

function search(page: Page) {
  return page.getByRole('searchbox', { name: 'Search questions' });
}

test('FAQ: the first five questions, then all of them', async ({ page }) => {
  await page.goto('/faq');
  await expect(page.getByRole('heading', { name: 'Frequently asked questions', level: 1 })).toBeVisible();
  await expect(questions(page)).toHaveCount(5);
  await expect(questions(page).first()).toHaveText('Can I use Ledgerloop on my phone, and how do I install the app?');

  await expectNoSeriousA11yViolations(page);
  const showAll = page.getByRole('button', { name: 'Show all questions (10 more)' });
  await showAll.click();
  await expect(questions(page)).toHaveCount(15);
  await expect(showAll).toHaveCount(0);
  await expect(questions(page).last()).toHaveText('Can I try Ledgerloop without signing up?');
});

test('FAQ: the search filters on question text, counts what is hidden, and says when nothing matches', async ({
  page,
}) => {
  await page.goto('/faq');
  // Every word must appear in the question, in any case.
  await search(page).fill('SUPPORTED');
  await expect(questions(page)).toHaveText(['Which tokens are supported?', 'Which blockchains are supported?']);
  await expect(page.getByRole('button', { name: /^Show all questions/ })).toHaveCount(0);

  await search(page).fill('can invoice');
  await expect(questions(page)).toHaveText([
    'Can I send invoices payable in crypto?',
    'Can my clients pay an invoice by euro bank transfer?',
  ]);

  // Eight questions hold 'can': five show and the button counts the other three.
  await search(page).fill('can');
  await expect(questions(page)).toHaveCount(5);
  await page.getByRole('button', { name: 'Show all questions (3 more)' }).click();
  await expect(questions(page)).toHaveCount(8);
  for (const text of await questions(page).allTextContents()) expect(text.toLowerCase()).toContain('can');

  // Answers are not searched: a word only in an answer finds nothing.
  await search(page).fill('SEPA');
  await expect(questions(page)).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: NO_RESULTS })).toHaveText(NO_RESULTS);

  await search(page).fill('');
  await expect(page.getByText(NO_RESULTS)).toHaveCount(0);
  await expect(questions(page)).not.toHaveCount(0);
});

test('FAQ: a question opens and closes its answer, links included', async ({ page }) => {
  await page.goto('/faq');
  const item = page.locator('main details').filter({ hasText: 'What do I get with a premium plan?' });
  const answer = item.getByText(/The Plus plan raises the limits of the free plan/);
  await expect(answer).toBeHidden();
  await expect(item).not.toHaveAttribute('open');

  await item.locator('summary').click();
  await expect(item).toHaveAttribute('open', '');
  await expect(answer).toBeVisible();
  await expect(item.getByRole('link', { name: 'Plans & Pricing' })).toHaveAttribute('href', '/pricing');

  // Items open independently.
  const other = page.locator('main details').filter({ hasText: 'Which tokens are supported?' });
  await other.locator('summary').click();
  await expect(other.getByText(/The top 1000 tokens of every supported network/)).toBeVisible();
  await expect(answer).toBeVisible();

  // From the keyboard too: the summary is focusable and Enter toggles it.
  await item.locator('summary').focus();
  await page.keyboard.press('Enter');
  await expect(item).not.toHaveAttribute('open');
  await expect(answer).toBeHidden();
  await page.keyboard.press('Enter');
  await expect(answer).toBeVisible();
  await item.locator('summary').click();
  await expect(answer).toBeHidden();
});

test("FAQ: 'Rewatch tutorial' is for signed-in users and starts the tutorial on the wallets page", async ({ page }) => {
  await page.goto('/faq');
  await expect(page.getByRole('heading', { name: 'Frequently asked questions', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Rewatch tutorial' })).toHaveCount(0);

  await signInWithDemo(page, 0);
  await page.goto('/faq');
  await expect(questions(page)).toHaveCount(5);
  await expectNoSeriousA11yViolations(page);
  // The FAQ's other states, checked here signed in (see the note at the top).
  await page.locator('main details > summary').first().click();
  await expect(page.locator('main details').first()).toHaveAttribute('open', '');
  await expectNoSeriousA11yViolations(page);
  await search(page).fill('nothing-matches-this');
  await expect(page.getByRole('status').filter({ hasText: NO_RESULTS })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Rewatch tutorial' }).click();
  await expect(page).toHaveURL(/\/wallets$/);
  const step = page.getByTestId('tutorial-step');
  await expect(step.getByText('1 of 7')).toBeVisible();
  await expect(step.getByRole('heading', { name: 'Your first wallet' })).toBeVisible();
  expect(await page.evaluate(() => (history.state as { tutorial?: { step: number } }).tutorial)).toEqual({ step: 1 });
  await expectNoSeriousA11yViolations(page);
});
