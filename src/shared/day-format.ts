/**
 * Days as the app writes them, 'Jan 05, 2025' (docs/invoices.md 'MMM dd, yyyy'), with the platform's formatter:
 * the payer's invoice shows dates, and needs no date library for it.
 */

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})/;
/** The formatters, made on first use: a page's first one loads the platform's locale data, which takes a while. */
let utcDay: Intl.DateTimeFormat | undefined;
let localDay: Intl.DateTimeFormat | undefined;

/** The yyyy-MM-dd day a text starts with (a day, or the date part of a timestamp); null when it has none. */
export function calendarDayText(text: string): string | null {
  const match = CALENDAR_DAY.exec(text);
  if (!match) return null;
  const [, year, month, day] = match;
  utcDay ??= new Intl.DateTimeFormat('en-US', { month: 'short', day: '2-digit', year: 'numeric', timeZone: 'UTC' });
  return utcDay.format(Date.UTC(Number(year), Number(month) - 1, Number(day)));
}

/** A timestamp's day where the reader is (local time); null when the text is not a time. */
export function localDayText(timestamp: string): string | null {
  const time = new Date(timestamp).getTime();
  if (Number.isNaN(time)) return null;
  localDay ??= new Intl.DateTimeFormat('en-US', { month: 'short', day: '2-digit', year: 'numeric' });
  return localDay.format(time);
}
