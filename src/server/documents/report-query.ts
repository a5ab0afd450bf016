/** Query parameters of the report data routes, checked with clear field errors. */
import * as v from 'valibot';

/** The View Report dialog reads 10 rows at a time (spec §9 page sizes). */
export const REPORT_PAGE_SIZE = 10;
export const MAX_REPORT_PAGE_SIZE = 100;
export const MAX_REPORT_OFFSET = 10_000_000;

const single = (field: string) =>
  v.pipe(
    v.unknown(),
    v.check((value) => !Array.isArray(value), `Give one ${field}.`),
    v.transform((value) => String(value).trim()),
  );

const wholeNumber = (field: string, min: number, max: number, fallback: number) =>
  v.optional(
    v.pipe(
      single(field),
      v.regex(/^\d{1,9}$/, `${field} must be a whole number.`),
      v.transform(Number),
      v.minValue(min, `Ensure ${field} is at least ${String(min)}.`),
      v.maxValue(max, `Ensure ${field} is at most ${String(max)}.`),
    ),
    String(fallback),
  );

/** GET documents/{id}/transactions and /holdings: limit (1–100, default 10) and offset; others are ignored. */
export const reportPageQuerySchema = v.object({
  limit: wholeNumber('limit', 1, MAX_REPORT_PAGE_SIZE, REPORT_PAGE_SIZE),
  offset: wholeNumber('offset', 0, MAX_REPORT_OFFSET, 0),
});

/** GET documents/{id}/pdf: `download=true` (attachment) or `false` (inline, the default). */
export const reportPdfQuerySchema = v.object({
  download: v.optional(
    v.pipe(single('download'), v.toLowerCase(), v.picklist(['true', 'false'], 'download must be true or false.')),
    'false',
  ),
});

/** Routes that read no parameter: any are ignored (NUL characters are still refused). */
export const noQuerySchema = v.object({});
