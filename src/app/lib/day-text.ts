/** yyyy-MM-dd day texts, read without a date library (route parameters use them before any page loads). */

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether a text has the yyyy-MM-dd shape. */
export function hasDateFormat(value: string): boolean {
  return DATE_PATTERN.test(value);
}

/** Whether a yyyy-MM-dd text names a real calendar day (no 2023-02-30). */
export function isRealDay(value: string): boolean {
  const match = DATE_PATTERN.exec(value);
  if (!match) return false;
  const [, y, m, d] = match;
  const year = Number(y);
  const month = Number(m);
  const day = Number(d);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
