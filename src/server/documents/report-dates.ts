import { and, eq, min } from 'drizzle-orm';
import { REPORT_DATE_MESSAGES } from '../../shared/schemas/document';
import type { Database } from '../db/database';
import { documents, transactions } from '../db/schema';

const DAY_MS = 86_400_000;

/** 'This date should be before "To" Date' (docs/documents.md): a start sent alone that is not before the stored end. */
export const BEFORE_TO_MESSAGE = 'This date should be before "To" Date';

const utcDay = (instant: Date): string => instant.toISOString().slice(0, 10);

/** The days a report range may span (yyyy-MM-dd, both inclusive). */
export interface ReportDateBounds {
  earliest: string;
  latest: string;
}

/**
 * The range a report may cover (docs/documents.md): from the UTC day of the user's first transaction or first document,
 * whichever is earlier (today without either), to today, where "today" reaches one day past the UTC day so
 * users in time zones ahead of UTC can pick their own today.
 */
export async function reportDateBounds(db: Database, userId: string, now: Date): Promise<ReportDateBounds> {
  const [[firstTransaction], [firstDocument]] = await Promise.all([
    db
      .select({ at: min(transactions.createdAt) })
      .from(transactions)
      .where(and(eq(transactions.userId, userId), eq(transactions.isSpam, false))),
    db.select({ at: min(documents.createdAt) }).from(documents).where(eq(documents.userId, userId)),
  ]);
  const today = utcDay(now);
  const firsts = [firstTransaction?.at, firstDocument?.at]
    .filter((at): at is Date => at instanceof Date)
    .map(utcDay);
  const earliest = [today, ...firsts].sort()[0] ?? today;
  return { earliest, latest: utcDay(new Date(now.getTime() + DAY_MS)) };
}

export type DateErrors = Partial<Record<'start_date' | 'end_date', string[]>>;

/**
 * Field errors for a report range: each given day must lie within `bounds`, and the start must come before the
 * end (reported on the end, or on the start when only the start was given and the end is the stored one).
 */
export function reportDateErrors(
  bounds: ReportDateBounds,
  given: { start_date?: string | undefined; end_date?: string | undefined },
  stored: { start_date: string | null; end_date: string | null } = { start_date: null, end_date: null },
): DateErrors {
  const errors: DateErrors = {};
  const outside = (day: string): boolean => day < bounds.earliest || day > bounds.latest;
  if (given.start_date !== undefined && outside(given.start_date)) errors.start_date = [REPORT_DATE_MESSAGES.invalid];
  if (given.end_date !== undefined && outside(given.end_date)) errors.end_date = [REPORT_DATE_MESSAGES.invalid];
  if (errors.start_date !== undefined || errors.end_date !== undefined) return errors;
  const start = given.start_date ?? stored.start_date;
  const end = given.end_date ?? stored.end_date;
  if (start !== null && end !== null && start >= end) {
    if (given.end_date !== undefined) errors.end_date = [REPORT_DATE_MESSAGES.afterFrom];
    else errors.start_date = [BEFORE_TO_MESSAGE];
  }
  return errors;
}
