/**
 * The documents lists' filters (docs/documents.md "Document list filter", docs/documents.md): a created-date range shared by
 * both lists, and per list its own choices (invoices: status, currency, bill-to labels, sort; reports: kinds).
 * Saved in localStorage under `documents_filters`; the end date sits at the top level so the day-rollover rule of
 * docs/documents.md (lib/day-rollover.ts) moves it.
 */
import { FIAT_CURRENCIES, INVOICE_STATES, type DocumentKind, type FiatCurrency, type InvoiceState } from '../../../shared/enums';
import type { DocumentOrdering } from '../../../shared/contract/documents';
import { hasDateFormat, isRealDay } from '../../lib/day-text';
import type { DocumentListParams, DocumentTab } from './document-keys';
import { INVOICE_ORDERINGS, REPORT_KINDS, type InvoiceOrdering } from './document-orderings';

export { INVOICE_ORDERINGS, REPORT_KINDS, type InvoiceOrdering } from './document-orderings';

export const INVOICE_ORDERING_LABELS: Record<InvoiceOrdering, string> = {
  '-created_at': 'Newest',
  total_amount: 'Price ascending',
  '-total_amount': 'Price descending',
};


export interface InvoiceFilterValues {
  /** Checked states; all five by default (docs/documents.md). Never empty. */
  states: InvoiceState[];
  /** An invoice currency, or '' for any. */
  currency: FiatCurrency | '';
  /** Contact label ids (invoices billed to a contact with any of them). */
  labels: string[];
  ordering: InvoiceOrdering;
}

export interface ReportFilterValues {
  /** Checked report kinds; all by default. Never empty. */
  kinds: DocumentKind[];
}

export interface DocumentFilters {
  /** yyyy-MM-dd or '' (no date filter); both set or both empty. */
  start_date: string;
  end_date: string;
  invoice: InvoiceFilterValues;
  report: ReportFilterValues;
}

export function defaultDocumentFilters(): DocumentFilters {
  return {
    start_date: '',
    end_date: '',
    invoice: { states: [...INVOICE_STATES], currency: '', labels: [], ordering: '-created_at' },
    report: { kinds: [...REPORT_KINDS] },
  };
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** The known values of a saved list in their canonical order, or all of them when none is left. */
function choices<T extends string>(value: unknown, known: readonly T[]): T[] {
  const saved = Array.isArray(value) ? value : [];
  const chosen = known.filter((item) => saved.includes(item));
  return chosen.length > 0 ? chosen : [...known];
}

function stringList(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return [...new Set(value.filter((item): item is string => typeof item === 'string' && item !== ''))];
}

const day = (value: unknown): string => (typeof value === 'string' && hasDateFormat(value) && isRealDay(value) ? value : '');

/** Reads a saved value; anything malformed falls back to the defaults field by field. */
export function parseSavedDocumentFilters(raw: string | null): DocumentFilters {
  const defaults = defaultDocumentFilters();
  if (raw === null) return defaults;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return defaults;
  }
  const saved = record(value);
  let start = day(saved.start_date);
  let end = day(saved.end_date);
  if (start === '' || end === '' || start > end) {
    start = '';
    end = '';
  }
  const invoice = record(saved.invoice);
  const report = record(saved.report);
  return {
    start_date: start,
    end_date: end,
    invoice: {
      states: choices(invoice.states, INVOICE_STATES),
      currency: FIAT_CURRENCIES.find((currency) => currency === invoice.currency) ?? '',
      labels: stringList(invoice.labels),
      ordering: INVOICE_ORDERINGS.find((ordering) => ordering === invoice.ordering) ?? defaults.invoice.ordering,
    },
    report: { kinds: choices(report.kinds, REPORT_KINDS) },
  };
}

export function serializeDocumentFilters(filters: DocumentFilters): string {
  return JSON.stringify(filters);
}

/** How many filters narrow the list of `tab` (the date range counts once). */
export function activeDocumentFilterCount(filters: DocumentFilters, tab: DocumentTab): number {
  let count = filters.start_date !== '' || filters.end_date !== '' ? 1 : 0;
  if (tab === 'report') return count + (filters.report.kinds.length !== REPORT_KINDS.length ? 1 : 0);
  const { states, currency, labels } = filters.invoice;
  if (states.length !== INVOICE_STATES.length) count += 1;
  if (currency !== '') count += 1;
  if (labels.length > 0) count += 1;
  return count;
}

/** Whether the list of `tab` is filtered (anything but the sort differs from the defaults). */
export function hasActiveDocumentFilters(filters: DocumentFilters, tab: DocumentTab): boolean {
  return activeDocumentFilterCount(filters, tab) > 0;
}

/**
 * The GET documents query of a list (without paging). Lists are sorted so the same choice in another order reuses
 * the cached list; all states checked sends none; an amount sort is followed by newest first.
 */
export function documentListParams(tab: DocumentTab, filters: DocumentFilters, search?: string): DocumentListParams {
  const kinds = tab === 'invoice' ? ['INVOICE'] : REPORT_KINDS.filter((kind) => filters.report.kinds.includes(kind));
  const ordering: DocumentOrdering = tab === 'invoice' ? filters.invoice.ordering : '-created_at';
  const params: DocumentListParams = { tab, ordering, kind: kinds.length > 0 ? kinds : tab === 'invoice' ? ['INVOICE'] : [...REPORT_KINDS] };
  if (tab === 'invoice') {
    const { states, currency, labels } = filters.invoice;
    if (ordering !== '-created_at') params.aditional_ordering = '-created_at';
    if (states.length > 0 && states.length < INVOICE_STATES.length) params.state = [...states].sort();
    if (currency !== '') params.currency = currency;
    if (labels.length > 0) params.labels = [...labels].sort().join(',');
  }
  if (filters.start_date !== '' && filters.end_date !== '') {
    params.created_at_after = filters.start_date;
    params.created_at_before = filters.end_date;
  }
  const text = search?.trim();
  if (text) params.search = text;
  return params;
}
