import type { Locator, Page, Request, Route } from '@playwright/test';

/** A request held back by `holdRequests` until the test lets it through. */
export interface HeldRequests {
  /** Resolves with the first matching request, once the page has sent it (it is held, not answered). */
  arrived: Promise<Request>;
  /** Lets every held request (and any later one) go to the server. */
  release: () => void;
}

/**
 * Holds the page's requests to an API path (exact pathname, optionally one method) until `release()` is called,
 * so the screen state shown while the call is pending can be checked without depending on the server's speed.
 */
export async function holdRequests(page: Page, pathname: string, method?: string): Promise<HeldRequests> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let arrive!: (request: Request) => void;
  const arrived = new Promise<Request>((resolve) => {
    arrive = resolve;
  });
  await page.route(
    (url) => url.pathname === pathname,
    async (route: Route) => {
      if (method && route.request().method() !== method) {
        await route.fallback();
        return;
      }
      arrive(route.request());
      await released;
      await route.fallback();
    },
  );
  return { arrived, release };
}

/** Every alert/confirm/prompt text the page shows, in order; each dialog is accepted at once. */
export function collectDialogs(page: Page): { type: string; message: string }[] {
  const seen: { type: string; message: string }[] = [];
  page.on('dialog', (dialog) => {
    seen.push({ type: dialog.type(), message: dialog.message() });
    void dialog.accept();
  });
  return seen;
}

/** The saved-filter keys of docs/app-shell.md that sign-out must remove. */
export const SAVED_FILTER_KEYS = ['transactions_filters', 'documents_filters', 'admin_users_filters'] as const;

/** Writes a (syntactically plausible) saved filter under each of SAVED_FILTER_KEYS. */
export async function saveFilters(page: Page): Promise<void> {
  await page.evaluate((keys) => {
    for (const key of keys) {
      localStorage.setItem(key, JSON.stringify({ start_date: '2024-01-01', end_date: '2024-12-31', saved_by: 'e2e' }));
    }
  }, [...SAVED_FILTER_KEYS]);
}

/** The localStorage values of `keys`, null where a key is missing. */
export function storageValues(page: Page, keys: readonly string[]): Promise<Record<string, string | null>> {
  return page.evaluate(
    (names) => Object.fromEntries(names.map((name) => [name, localStorage.getItem(name)])),
    [...keys],
  );
}

/** The minimum size of a touch target (spec: phones first; WCAG 2.5.5 / platform guidelines). */
export const MIN_TOUCH_PX = 44;

export interface SmallTarget {
  what: string;
  width: number;
  height: number;
}

/**
 * Visible buttons, links, selects and summaries in `scope` (the matched elements and what they hold) that are smaller than 44x44 px. Exempt, and returned
 * apart: links laid out inline inside running text (WCAG 2.5.5 "inline" exception), which are as tall as the line.
 */
export async function touchTargets(scope: Locator): Promise<{ small: SmallTarget[]; inlineLinks: string[]; checked: number }> {
  return scope.evaluateAll((roots, min) => {
    const small: { what: string; width: number; height: number }[] = [];
    const inlineLinks: string[] = [];
    const seen = new Set<Element>();
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60)}"`;
    const isShown = (element: Element): boolean => {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return false;
      // Inside a closed <details> or another hidden subtree: not on screen.
      if (!element.checkVisibility({ checkOpacity: false, checkVisibilityCSS: true, contentVisibilityAuto: true })) {
        return false;
      }
      return true;
    };
    const selector = 'a[href], button, select, summary, [role="button"], [role="link"]';
    for (const root of roots) {
      for (const element of [...(root.matches(selector) ? [root] : []), ...root.querySelectorAll(selector)]) {
        if (seen.has(element) || !isShown(element)) continue;
        seen.add(element);
        const box = element.getBoundingClientRect();
        const style = getComputedStyle(element);
        const inText =
          element.tagName === 'A' &&
          style.display === 'inline' &&
          element.parentElement !== null &&
          ['P', 'LI', 'SPAN', 'TD'].includes(element.parentElement.tagName) &&
          (element.parentElement.textContent ?? '').trim().length > (element.textContent ?? '').trim().length;
        if (inText) {
          inlineLinks.push(describe(element));
          continue;
        }
        // A native <select> drawn transparently over its label counts with the label's box.
        const target = element.tagName === 'SELECT' && element.closest('label') ? element.closest('label') ?? element : element;
        const size = target.getBoundingClientRect();
        const width = Math.max(size.width, box.width);
        const height = Math.max(size.height, box.height);
        if (width + 0.5 < min || height + 0.5 < min) {
          small.push({ what: describe(element), width: Math.round(width), height: Math.round(height) });
        }
      }
    }
    return { small, inlineLinks, checked: seen.size };
  }, MIN_TOUCH_PX);
}
