/** The documents lists' sort and kind choices (docs/documents.md), apart from the filters so the URL reader stays light. */
import { DOCUMENT_KINDS, type DocumentKind } from '../../../shared/document-kinds';
import type { DocumentOrdering } from '../../../shared/contract/documents';

/** Sort choices of the invoice list (docs/documents.md): newest, price ascending, price descending. */
export const INVOICE_ORDERINGS = ['-created_at', 'total_amount', '-total_amount'] as const satisfies readonly DocumentOrdering[];
export type InvoiceOrdering = (typeof INVOICE_ORDERINGS)[number];

/** Every kind but INVOICE is a report. */
export const REPORT_KINDS: readonly DocumentKind[] = DOCUMENT_KINDS.filter((kind) => kind !== 'INVOICE');
