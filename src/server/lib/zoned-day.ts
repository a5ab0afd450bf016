/**
 * Calendar days in the user's time zone: date filters (yyyy-MM-dd) mean the user's days, not UTC ones.
 * An unknown zone name falls back to UTC.
 */

const DAY_MS = 86_400_000;

function formatterFor(timeZone: string): Intl.DateTimeFormat | null {
  try {
    return new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
  } catch {
    return null;
  }
}

/** Offset of `timeZone` from UTC at `instant`, in milliseconds (positive east of Greenwich). */
function offsetAt(format: Intl.DateTimeFormat, instant: number): number {
  const parts = Object.fromEntries(format.formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return asUtc - (instant - (instant % 1000));
}

/** yyyy-MM-dd of the calendar day `at` falls on in `timeZone` (UTC when the zone is unknown). */
export function dayIn(at: Date, timeZone: string): string {
  const format = formatterFor(timeZone);
  if (format === null) return at.toISOString().slice(0, 10);
  const parts = Object.fromEntries(format.formatToParts(at).map((part) => [part.type, part.value]));
  return `${parts.year ?? ''}-${parts.month ?? ''}-${parts.day ?? ''}`;
}

/** The instant the day `day` (yyyy-MM-dd, already validated) starts in `timeZone`. */
export function startOfDay(day: string, timeZone: string): Date {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  const format = formatterFor(timeZone);
  if (format === null) return new Date(midnightUtc);
  // Two passes settle days whose midnight lies next to a daylight-saving change.
  let guess = midnightUtc - offsetAt(format, midnightUtc);
  guess = midnightUtc - offsetAt(format, guess);
  return new Date(guess);
}

/** The instant the day after `day` starts in `timeZone`. */
export function startOfNextDay(day: string, timeZone: string): Date {
  const next = new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
  return startOfDay(next, timeZone);
}

/** yyyy-MM-dd of a real calendar day. */
export { isCalendarDay } from '../../shared/schemas/document';
