/** GET transactions query parameters (docs/data-model.md), checked with clear field errors. */
import * as v from 'valibot';
import { list, single, wholeNumber } from '../http/query-params';
import { isCalendarDay } from '../lib/zoned-day';
import { isUuid } from '../lib/ids';

export const TRANSACTION_ORDERINGS = ['-created_at', 'created_at', '-amount', 'amount'] as const;
export type TransactionOrdering = (typeof TRANSACTION_ORDERINGS)[number];

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
export const MAX_OFFSET = 10_000_000;
const SEARCH_MAX = 200;

export const DATE_FORMAT_MESSAGE = 'date should be in yyyy-mm-dd format';
export const DATE_ORDER_MESSAGE = 'This date should be after "From" Date';

const day = v.optional(v.pipe(single('date'), v.check(isCalendarDay, DATE_FORMAT_MESSAGE)));

export const transactionListQuerySchema = v.pipe(
  v.object({
    limit: wholeNumber('limit', 1, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE),
    offset: wholeNumber('offset', 0, MAX_OFFSET, 0),
    ordering: v.optional(
      v.pipe(single('ordering'), v.picklist(TRANSACTION_ORDERINGS, `Choose one of: ${TRANSACTION_ORDERINGS.join(', ')}.`)),
      '-created_at',
    ),
    labels: list('labels', v.pipe(v.string(), v.check(isUuid, 'Not a label id.'))),
    search: v.optional(
      v.pipe(single('search text'), v.maxLength(SEARCH_MAX, `Ensure this field has no more than ${String(SEARCH_MAX)} characters.`)),
      '',
    ),
    created_at_after: day,
    created_at_before: day,
    token__in: list('tokens', v.pipe(v.string(), v.maxLength(120, 'Not a token.'))),
    wallet: v.optional(v.pipe(single('wallet'), v.check(isUuid, 'Not a wallet id.'))),
    show_spam: v.optional(
      v.pipe(single('show_spam'), v.toLowerCase(), v.picklist(['true', 'false', '1', '0'], 'Must be true or false.')),
      'false',
    ),
  }),
  v.forward(
    v.partialCheck(
      [['created_at_after'], ['created_at_before']],
      (input) =>
        input.created_at_after === undefined ||
        input.created_at_before === undefined ||
        input.created_at_after <= input.created_at_before,
      DATE_ORDER_MESSAGE,
    ),
    ['created_at_before'],
  ),
  v.transform((input) => ({ ...input, show_spam: input.show_spam === 'true' || input.show_spam === '1' })),
);

export type TransactionListQuery = v.InferOutput<typeof transactionListQuerySchema>;
