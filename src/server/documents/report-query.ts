/** Query parameters of the report data routes, checked with clear field errors. */
import * as v from 'valibot';
import { wholeNumber } from '../http/query-params';

/** The View Report dialog reads 10 rows at a time (docs/documents.md page sizes). */
export const REPORT_PAGE_SIZE = 10;
export const MAX_REPORT_PAGE_SIZE = 100;
export const MAX_REPORT_OFFSET = 10_000_000;

/** GET documents/{id}/transactions and /holdings: limit (1–100, default 10) and offset; others are ignored. */
export const reportPageQuerySchema = v.object({
  limit: wholeNumber('limit', 1, MAX_REPORT_PAGE_SIZE, REPORT_PAGE_SIZE),
  offset: wholeNumber('offset', 0, MAX_REPORT_OFFSET, 0),
});

/** Routes that read no parameter: any are ignored (NUL characters are still refused). */
export const noQuerySchema = v.object({});
