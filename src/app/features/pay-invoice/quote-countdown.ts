/**
 * The quote's countdown (docs/pay-invoice.md, "The amount"): the quote is fetched again every 180 s, and the page
 * shows how long the current one has left as m:ss.
 */

export const QUOTE_REFRESH_SECONDS = 180;
export const QUOTE_REFRESH_MS = QUOTE_REFRESH_SECONDS * 1000;

/** Whole seconds until the quote fetched at `fetchedAt` is fetched again (ms timestamps); never below 0. */
export function secondsUntilRefresh(fetchedAt: number, now: number): number {
  const left = fetchedAt + QUOTE_REFRESH_MS - now;
  return left <= 0 ? 0 : Math.min(QUOTE_REFRESH_SECONDS, Math.ceil(left / 1000));
}

/** 180 → '3:00', 65 → '1:05', 0 → '0:00'. */
export function countdownText(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(whole / 60))}:${String(whole % 60).padStart(2, '0')}`;
}
