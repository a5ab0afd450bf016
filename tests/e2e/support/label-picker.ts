import type { Locator, Page } from '@playwright/test';

/** The button that opens the label picker of `subject`: 'Add label for …' while it has none, else 'Edit labels for …'. */
export function labelsButton(page: Page, subject: string): Locator {
  const escaped = subject.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return page.getByRole('button', { name: new RegExp(`^(Add label|Edit labels) for ${escaped}$`) }).filter({ visible: true });
}

/**
 * Clicks checkboxes in the given order with `gapMs` between clicks, as a quick user does, faster than the server
 * answers. Returns, for each click, whether the clicked box had changed its state when the click's task ended.
 */
export async function clickInQuickSuccession(
  page: Page,
  boxes: readonly Locator[],
  order: readonly number[],
  gapMs = 40,
): Promise<boolean[]> {
  const handles = await Promise.all(boxes.map((box) => box.elementHandle()));
  return page.evaluate(
    async ({ elements, sequence, gap }) => {
      const inputs = elements as HTMLInputElement[];
      const changed: boolean[] = [];
      for (const index of sequence) {
        const box = inputs[index];
        if (!box) throw new Error(`No box ${String(index)}`);
        const before = box.checked;
        box.click();
        changed.push(box.checked !== before);
        await new Promise((resolve) => setTimeout(resolve, gap));
      }
      return changed;
    },
    { elements: handles, sequence: [...order], gap: gapMs },
  );
}
