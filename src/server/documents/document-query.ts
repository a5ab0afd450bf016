/** GET documents query parameters (docs/documents.md "Document list filter", docs/data-model.md), checked with clear field errors. */
import * as v from 'valibot';
import { list, single, wholeNumber } from '../http/query-params';
import { DOCUMENT_KINDS, FIAT_CURRENCIES, INVOICE_STATES } from '../../shared/enums';
import { isUuid } from '../lib/ids';
import { isCalendarDay } from '../lib/zoned-day';
import { searchParam } from '../lib/search-text';

export const DOCUMENT_ORDERINGS = ['-created_at', 'created_at', 'total_amount', '-total_amount', 'name', '-name'] as const;
export type DocumentOrdering = (typeof DOCUMENT_ORDERINGS)[number];

/** Documents page size (docs/documents.md). */
export const DOCUMENTS_PAGE_SIZE = 10;
export const MAX_DOCUMENTS_PAGE_SIZE = 100;
export const MAX_DOCUMENTS_OFFSET = 10_000_000;

const DATE_FORMAT_MESSAGE = 'date should be in yyyy-mm-dd format';
const DATE_ORDER_MESSAGE = 'This date should be after "From" Date';

const ordering = v.pipe(
  single('ordering'),
  v.picklist(DOCUMENT_ORDERINGS, `Choose one of: ${DOCUMENT_ORDERINGS.join(', ')}.`),
);

const day = v.optional(v.pipe(single('date'), v.check(isCalendarDay, DATE_FORMAT_MESSAGE)));

export const documentListQuerySchema = v.pipe(
  v.object({
    limit: wholeNumber('limit', 1, MAX_DOCUMENTS_PAGE_SIZE, DOCUMENTS_PAGE_SIZE),
    offset: wholeNumber('offset', 0, MAX_DOCUMENTS_OFFSET, 0),
    ordering: v.optional(ordering, '-created_at'),
    /** A secondary ordering from the same set (docs/documents.md). */
    aditional_ordering: v.optional(ordering),
    state: list('states', v.picklist(INVOICE_STATES, `Choose from: ${INVOICE_STATES.join(', ')}.`)),
    kind: list('kinds', v.picklist(DOCUMENT_KINDS, `Choose from: ${DOCUMENT_KINDS.join(', ')}.`)),
    created_at_after: day,
    created_at_before: day,
    currency: v.optional(
      v.pipe(single('currency'), v.picklist(FIAT_CURRENCIES, `Choose one of: ${FIAT_CURRENCIES.join(', ')}.`)),
    ),
    labels: list(
      'labels',
      v.pipe(
        v.string(),
        v.check(isUuid, 'Not a label id.'),
        v.transform((id) => id.toLowerCase()),
      ),
    ),
    /** Text every word of which is in the name, or an invoice's number or bill-to company or name. */
    search: searchParam,
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
);

export type DocumentListQuery = v.InferOutput<typeof documentListQuerySchema>;
