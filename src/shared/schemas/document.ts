import * as v from 'valibot';
import { CREATABLE_REPORT_KINDS } from '../enums';
import { MESSAGES } from '../messages';

export const DOCUMENT_NAME_MAX = 255;
/** How many wallets or exchange accounts one report may name. */
export const MAX_REPORT_ACCOUNTS = 200;

export const REPORT_DATE_MESSAGES = {
  format: 'date should be in yyyy-mm-dd format',
  invalid: 'Date is invalid or is not in the date range',
  afterFrom: 'This date should be after "From" Date',
} as const;

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether a yyyy-MM-dd text names a real calendar day. */
export function isCalendarDay(value: string): boolean {
  const match = DAY_PATTERN.exec(value);
  if (!match) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const dayField = v.pipe(
  v.string(MESSAGES.required),
  v.trim(),
  v.nonEmpty(MESSAGES.required),
  v.regex(DAY_PATTERN, REPORT_DATE_MESSAGES.format),
  v.check(isCalendarDay, REPORT_DATE_MESSAGES.invalid),
);

const nameField = v.pipe(
  v.string(MESSAGES.required),
  v.trim(),
  v.nonEmpty(MESSAGES.required),
  v.maxLength(DOCUMENT_NAME_MAX, `Ensure this field has no more than ${String(DOCUMENT_NAME_MAX)} characters.`),
);

const idList = (what: string) =>
  v.pipe(
    v.array(v.pipe(v.string(`Not a valid ${what} id.`), v.uuid(`Not a valid ${what} id.`)), `Expected a list of ${what} ids.`),
    v.maxLength(MAX_REPORT_ACCOUNTS, `Ensure this list has no more than ${String(MAX_REPORT_ACCOUNTS)} items.`),
  );

export const reportKindField = v.picklist(CREATABLE_REPORT_KINDS, `Choose one of: ${CREATABLE_REPORT_KINDS.join(', ')}.`);

/**
 * POST documents for a report (docs/documents.md, docs/reports.md): name and kind required; no `wallets` means
 * every wallet, an empty list means exchange accounts only; `cex` names exchange accounts; the range is
 * yyyy-MM-dd with "To" after "From" (the server also keeps it between the first activity and today).
 */
export const reportSchema = v.pipe(
  v.strictObject({
    name: nameField,
    kind: reportKindField,
    wallets: v.optional(v.nullable(idList('wallet'))),
    cex: v.optional(idList('exchange account'), []),
    start_date: dayField,
    end_date: dayField,
  }),
  v.forward(
    v.partialCheck(
      [['start_date'], ['end_date']],
      (input) => input.start_date < input.end_date,
      REPORT_DATE_MESSAGES.afterFrom,
    ),
    ['end_date'],
  ),
);
export type ReportInput = v.InferOutput<typeof reportSchema>;

/**
 * PATCH documents/{id} of a report: a new name or range. Kind and wallet selection are locked once made (docs/documents.md),
 * so they may be sent only unchanged.
 */
export const patchReportSchema = v.strictObject({
  name: v.optional(nameField),
  kind: v.optional(reportKindField),
  wallets: v.optional(v.nullable(idList('wallet'))),
  cex: v.optional(idList('exchange account')),
  start_date: v.optional(dayField),
  end_date: v.optional(dayField),
});
export type PatchReportInput = v.InferOutput<typeof patchReportSchema>;
