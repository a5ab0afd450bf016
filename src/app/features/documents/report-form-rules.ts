/**
 * Checks of the report form (docs/documents.md): name and type required, From/To required and following the generic date
 * rules (yyyy-MM-dd, a real day between the earliest allowed day and today, "To" after "From"); where a server
 * 400 puts its messages.
 */
import type { FieldErrors } from '../../../shared/api-types';
import { DOCUMENT_NAME_MAX } from '../../../shared/schemas/document';
import { MESSAGES } from '../../../shared/messages';
import { dateRangeErrors, toDay, type DateBounds } from '../../lib/date-range-rules';
import type { ReportFormValues } from './report-body';

export type ReportField = 'name' | 'kind' | 'accounts' | 'start_date' | 'end_date';

export type ReportFormErrors = Partial<Record<ReportField, string>>;

export const NAME_TOO_LONG = `Ensure this field has no more than ${String(DOCUMENT_NAME_MAX)} characters.`;

/** Every error of the form as it stands; an empty object means it may be sent. */
export function reportFormErrors(values: ReportFormValues, bounds: DateBounds): ReportFormErrors {
  const errors: ReportFormErrors = {};
  const name = values.name.trim();
  if (name === '') errors.name = MESSAGES.required;
  else if (name.length > DOCUMENT_NAME_MAX) errors.name = NAME_TOO_LONG;
  if (values.kind === '') errors.kind = MESSAGES.required;
  const range = dateRangeErrors(values.start_date, values.end_date, bounds);
  errors.start_date = values.start_date === '' ? MESSAGES.required : range.start;
  errors.end_date = values.end_date === '' ? MESSAGES.required : range.end;
  if (!errors.start_date) delete errors.start_date;
  if (!errors.end_date) delete errors.end_date;
  return errors;
}

export function hasErrors(errors: ReportFormErrors): boolean {
  return Object.values(errors).some((message) => message !== undefined && message !== '');
}

/** The earliest local day of some moments (ISO times or yyyy-MM-dd days), or null when none is known. */
export function earliestDay(...moments: readonly (string | null | undefined)[]): string | null {
  let earliest: string | null = null;
  for (const moment of moments) {
    if (!moment) continue;
    const day = toDay(moment);
    if (earliest === null || day < earliest) earliest = day;
  }
  return earliest;
}

/**
 * The report's earliest allowed day (docs/documents.md): a report made from a wallet card starts at that wallet's first
 * transaction; otherwise the user's first transaction or first document, whichever is earlier.
 */
export function reportFirstDay(sources: {
  walletFirstTransaction?: string | null;
  firstTransaction?: string | null;
  firstDocument?: string | null;
}): string | null {
  if (sources.walletFirstTransaction) return toDay(sources.walletFirstTransaction);
  return earliestDay(sources.firstTransaction, sources.firstDocument);
}

/** The dates a new report starts with: the whole allowed range, or nothing when it is a single day. */
export function initialRange(bounds: DateBounds): { start_date: string; end_date: string } {
  return bounds.min < bounds.max ? { start_date: bounds.min, end_date: bounds.max } : { start_date: '', end_date: '' };
}

const FIELD_OF: Record<string, ReportField> = {
  name: 'name',
  kind: 'kind',
  wallets: 'accounts',
  cex: 'accounts',
  start_date: 'start_date',
  end_date: 'end_date',
};

export interface PlacedReportErrors {
  fields: ReportFormErrors;
  /** non_field_errors and anything without a field, joined by a space. */
  general: string;
}

/** A 400's messages on the matching fields (docs/documents.md); the rest in the general area. */
export function placeReportErrors(errors: FieldErrors | null): PlacedReportErrors {
  const fields: ReportFormErrors = {};
  const general: string[] = [];
  for (const [key, messages] of Object.entries(errors ?? {})) {
    const field = FIELD_OF[key];
    if (field === undefined) {
      general.push(...messages);
      continue;
    }
    const text = messages.join(' ');
    fields[field] = fields[field] ? `${fields[field]} ${text}` : text;
  }
  return { fields, general: general.join(' ') };
}
