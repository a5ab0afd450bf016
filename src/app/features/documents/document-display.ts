/** How document rows read (docs/documents.md invoice states and badges). */
import type { DocumentOut } from '../../../shared/contract/documents';
import { DOCUMENT_KIND_LABELS, type InvoiceState } from '../../../shared/enums';
import { formatFiat } from '../../lib/fiat';
import { calendarDayText, localDayText } from '../../../shared/day-format';

export type BadgeTone = 'red' | 'yellow' | 'green' | 'blue';

export interface StatusDisplay {
  text: string;
  tone: BadgeTone;
}

/** DUE reads 'SENT' (blue); red for DRAFT and EXPIRED, yellow for PROCESSING, green for PAID. */
export function invoiceStatusDisplay(state: InvoiceState): StatusDisplay {
  switch (state) {
    case 'DRAFT':
      return { text: 'DRAFT', tone: 'red' };
    case 'EXPIRED':
      return { text: 'EXPIRED', tone: 'red' };
    case 'PROCESSING':
      return { text: 'PROCESSING', tone: 'yellow' };
    case 'PAID':
      return { text: 'PAID', tone: 'green' };
    case 'DUE':
      return { text: 'SENT', tone: 'blue' };
  }
}

export const GENERATING_TEXT = 'Generating';

/** Accounting-software reports show 'Generating' until their link exists. */
export function isGenerating(document: Pick<DocumentOut, 'kind' | 'quickbooks_url'>): boolean {
  return document.kind === 'QUICKBOOKS_REPORT' && !document.quickbooks_url;
}

/** 'Jan 05, 2024'; '—' for a missing or unreadable date. */
export function dayText(value: string | null | undefined): string {
  if (!value) return '—';
  // A day (a report's range) is that day; a timestamp is the reader's day of it.
  return (/^\d{4}-\d{2}-\d{2}$/.test(value) ? calendarDayText(value) : localDayText(value)) ?? '—';
}

/** 'Jan 01, 2024 – Jan 31, 2024'. */
export function reportRangeText(document: Pick<DocumentOut, 'start_date' | 'end_date'>): string {
  if (!document.start_date || !document.end_date) return '—';
  return `${dayText(document.start_date)} – ${dayText(document.end_date)}`;
}

export function kindText(document: Pick<DocumentOut, 'kind'>): string {
  return DOCUMENT_KIND_LABELS[document.kind];
}

/** The invoice total in its own currency ('€1,250.00'); '—' without an invoice. */
export function invoiceAmountText(document: Pick<DocumentOut, 'invoice'>): string {
  const invoice = document.invoice;
  if (!invoice) return '—';
  const text = formatFiat(invoice.total_amount, invoice.fiat_currency);
  return text === '–' ? '—' : text;
}

/** Drafts have no due date (docs/invoices.md). */
export function dueDateText(document: Pick<DocumentOut, 'invoice'>): string {
  const invoice = document.invoice;
  if (!invoice || invoice.state === 'DRAFT') return '—';
  return dayText(invoice.expires_at);
}
