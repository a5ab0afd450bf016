/** Documents (docs/documents.md): the list of invoices and reports, and a report's create, edit and delete. */
import * as v from 'valibot';
import { DOCUMENT_KINDS, FIAT_CURRENCIES, INVOICE_STATES } from '../enums';
import { isCalendarDay, patchReportSchema, reportSchema } from '../schemas/document';
import { endpoint } from './endpoint';
import { invoiceOut } from './invoices';
import { isUuid, list, searchParam, single, timestamp, wholeNumber } from './primitives';
import { DATE_FORMAT_MESSAGE, DATE_ORDER_MESSAGE } from './transactions';

export const DOCUMENT_ORDERINGS = ['-created_at', 'created_at', 'total_amount', '-total_amount', 'name', '-name'] as const;
export type DocumentOrdering = (typeof DOCUMENT_ORDERINGS)[number];

/** Documents page size (docs/documents.md). */
export const DOCUMENTS_PAGE_SIZE = 10;
export const MAX_DOCUMENTS_PAGE_SIZE = 100;
export const MAX_DOCUMENTS_OFFSET = 10_000_000;

const ordering = v.pipe(
  single('ordering'),
  v.picklist(DOCUMENT_ORDERINGS, `Choose one of: ${DOCUMENT_ORDERINGS.join(', ')}.`),
);

const day = v.optional(v.pipe(single('date'), v.check(isCalendarDay, DATE_FORMAT_MESSAGE)));

/** GET documents: paging, orderings and filters (docs/documents.md "Document list filter"). */
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

export const documentOut = v.object({
  id: v.string(),
  name: v.string(),
  kind: v.picklist(DOCUMENT_KINDS),
  /** The invoice's state; null for reports. */
  state: v.nullable(v.picklist(INVOICE_STATES)),
  /** Wallet ids the report covers; null means every wallet. Invoices list their receiving wallet. */
  wallets: v.nullable(v.array(v.string())),
  cex: v.array(v.string()),
  /** yyyy-MM-dd; null for invoices. */
  start_date: v.nullable(v.string()),
  end_date: v.nullable(v.string()),
  created_at: timestamp,
  quickbooks_url: v.nullable(v.string()),
  invoice: v.nullable(invoiceOut),
});
export type DocumentOut = v.InferOutput<typeof documentOut>;

/** A page of GET documents: `next` is the URL of the page after this one, null on the last. */
export const documentPage = v.object({ results: v.array(documentOut), count: v.number(), next: v.nullable(v.string()) });
export type DocumentPage = v.InferOutput<typeof documentPage>;

export const documentEndpoints = {
  listDocuments: endpoint({
    method: 'GET',
    path: '/api/documents',
    access: 'user',
    query: documentListQuerySchema,
    response: documentPage,
  }),
  /** A report; an Idempotency-Key header makes a repeated create answer the first one. */
  createReport: endpoint({ method: 'POST', path: '/api/documents', access: 'full', body: reportSchema, response: documentOut }),
  /** A report's name and range. */
  updateReport: endpoint({
    method: 'PATCH',
    path: '/api/documents/:id',
    access: 'full',
    body: patchReportSchema,
    response: documentOut,
  }),
  /** Any kind of document. */
  deleteDocument: endpoint({ method: 'DELETE', path: '/api/documents/:id', access: 'full' }),
} as const;
