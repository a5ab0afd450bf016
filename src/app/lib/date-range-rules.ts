/**
 * The date-range filter rules of docs/transactions.md: yyyy-MM-dd values between the earliest allowed date (the user's first
 * transaction, else today) and today, "From" strictly before "To"; invalid values reset to the bounds; the range
 * applies only when both dates parse and nothing is wrong.
 */
import dayjs from 'dayjs';
import { hasDateFormat, isRealDay } from './day-text';

export { hasDateFormat, isRealDay } from './day-text';

export const DATE_MESSAGES = {
  format: 'date should be in yyyy-mm-dd format',
  invalid: 'Date is invalid or is not in the date range',
  afterFrom: 'This date should be after "From" Date',
  beforeTo: 'This date should be before "To" Date',
} as const;

/** Debounce of a date-range change before it filters the list (docs/transactions.md). */
export const DATE_FILTER_DEBOUNCE_MS = 100;


/** A day as yyyy-MM-dd in local time. */
export function toDay(value: Date | number | string): string {
  return dayjs(value).format('YYYY-MM-DD');
}



export interface DateBounds {
  /** Earliest allowed day (yyyy-MM-dd). */
  min: string;
  /** Latest allowed day: today (yyyy-MM-dd). */
  max: string;
}

/** Bounds from the first transaction's time (or none: today) and today. */
export function dateBounds(firstActivity: string | null | undefined, today: string): DateBounds {
  const first = firstActivity ? toDay(firstActivity) : today;
  return { min: first < today ? first : today, max: today };
}

/** The error of one date on its own: format, then a real day inside the bounds. Empty values are fine. */
export function singleDateError(value: string, bounds: DateBounds): string | null {
  if (value === '') return null;
  if (!hasDateFormat(value)) return DATE_MESSAGES.format;
  if (!isRealDay(value) || value < bounds.min || value > bounds.max) return DATE_MESSAGES.invalid;
  return null;
}

export interface DateRangeErrors {
  start?: string;
  end?: string;
}

/**
 * Errors of the From/To pair. When both are fine alone but "To" is not after "From" (the same day included), both
 * fields carry their message: 'This date should be before "To" Date' on From, '... after "From" Date' on To.
 */
export function dateRangeErrors(start: string, end: string, bounds: DateBounds): DateRangeErrors {
  const errors: DateRangeErrors = {};
  const startError = singleDateError(start, bounds);
  const endError = singleDateError(end, bounds);
  if (startError) errors.start = startError;
  if (endError) errors.end = endError;
  if (!startError && !endError && start !== '' && end !== '' && start >= end) {
    errors.start = DATE_MESSAGES.beforeTo;
    errors.end = DATE_MESSAGES.afterFrom;
  }
  return errors;
}

/** The latest day "From" may take: the day before "To", never after today. */
export function latestStart(end: string, bounds: DateBounds): string {
  if (!isRealDay(end)) return bounds.max;
  const before = dayjs(end).subtract(1, 'day').format('YYYY-MM-DD');
  return before < bounds.max ? before : bounds.max;
}

/** The earliest day "To" may take: the day after "From", never before the earliest allowed day. */
export function earliestEnd(start: string, bounds: DateBounds): string {
  if (!isRealDay(start)) return bounds.min;
  const after = dayjs(start).add(1, 'day').format('YYYY-MM-DD');
  return after > bounds.min ? after : bounds.min;
}

/** An invalid or out-of-range value resets to its bound (From to the earliest day, To to today). */
export function resetToBound(value: string, bounds: DateBounds, which: 'start' | 'end'): string {
  if (value === '') return value;
  if (!hasDateFormat(value) || !isRealDay(value)) return which === 'start' ? bounds.min : bounds.max;
  if (value < bounds.min) return bounds.min;
  if (value > bounds.max) return bounds.max;
  return value;
}

export type AppliedRange = { start: string; end: string } | null;

/**
 * What the list should filter by: both dates when both parse and nothing is wrong, no date filter when both are
 * empty, and `undefined` (keep the previous filter) while the pair is incomplete or wrong.
 */
export function rangeToApply(start: string, end: string, bounds: DateBounds): AppliedRange | undefined {
  if (start === '' && end === '') return null;
  if (start === '' || end === '') return undefined;
  const errors = dateRangeErrors(start, end, bounds);
  if (errors.start || errors.end) return undefined;
  return { start, end };
}
