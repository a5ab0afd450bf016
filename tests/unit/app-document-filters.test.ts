import { pathOf } from '../../src/shared/contract/endpoint';
import { describe, expect, it } from 'vitest';
import type { DocumentOut } from '../../src/shared/contract/documents';
import { INVOICE_STATES } from '../../src/shared/enums';
import { ApiError } from '../../src/app/lib/api-client';
import {
  BULK_CSV_FAILED,
  csvFileName,
  deletedText,
  exportDocumentsCsv,
  partialDeleteText,
  runForEach,
} from '../../src/app/features/documents/bulk-actions';
import {
  activeDocumentFilterCount,
  defaultDocumentFilters,
  documentListParams,
  hasActiveDocumentFilters,
  parseSavedDocumentFilters,
  REPORT_KINDS,
  serializeDocumentFilters,
  type DocumentFilters,
} from '../../src/app/features/documents/document-filters';
import { documentPageQuery, listParams } from '../../src/app/features/documents/documents-queries';
import { rollOverSavedEndDates, type KeyValueStorage } from '../../src/app/lib/day-rollover';

function memoryStorage(initial: Record<string, string>): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return { data, get: (key) => data.get(key) ?? null, set: (key, value) => void data.set(key, value) };
}

function withChanges(change: (filters: DocumentFilters) => void): DocumentFilters {
  const filters = defaultDocumentFilters();
  change(filters);
  return filters;
}

describe('document filters: defaults and saved values (docs/documents.md)', () => {
  it('defaults to every state and report kind, any currency, no labels or dates, newest first', () => {
    const filters = defaultDocumentFilters();
    expect(filters).toEqual({
      start_date: '',
      end_date: '',
      invoice: { states: [...INVOICE_STATES], currency: '', labels: [], ordering: '-created_at' },
      report: { kinds: [...REPORT_KINDS] },
    });
    expect(filters.invoice.states).toHaveLength(5);
    expect(REPORT_KINDS).not.toContain('INVOICE');
    expect(hasActiveDocumentFilters(filters, 'invoice')).toBe(false);
    expect(hasActiveDocumentFilters(filters, 'report')).toBe(false);
    // A fresh copy each time: changing one never changes the defaults.
    filters.invoice.states.pop();
    expect(defaultDocumentFilters().invoice.states).toHaveLength(5);
  });

  it('restores what was saved, field by field, and drops what is malformed', () => {
    const saved = withChanges((filters) => {
      filters.start_date = '2024-01-01';
      filters.end_date = '2024-02-01';
      filters.invoice = { states: ['PAID', 'DUE'], currency: 'EUR', labels: ['l1'], ordering: '-total_amount' };
      filters.report.kinds = ['HOLDINGS_REPORT'];
    });
    const restored = parseSavedDocumentFilters(serializeDocumentFilters(saved));
    // States come back in their canonical order.
    expect(restored).toEqual({ ...saved, invoice: { ...saved.invoice, states: ['DUE', 'PAID'] } });

    expect(parseSavedDocumentFilters(null)).toEqual(defaultDocumentFilters());
    expect(parseSavedDocumentFilters('{not json')).toEqual(defaultDocumentFilters());
    expect(parseSavedDocumentFilters('[1,2]')).toEqual(defaultDocumentFilters());
    const odd = parseSavedDocumentFilters(
      JSON.stringify({
        start_date: '2024-02-30',
        end_date: '2024-03-01',
        invoice: { states: ['SENT'], currency: 'XYZ', labels: ['a', 'a', 3, ''], ordering: 'name' },
        report: { kinds: ['INVOICE'] },
      }),
    );
    expect(odd).toEqual({ ...defaultDocumentFilters(), invoice: { ...defaultDocumentFilters().invoice, labels: ['a'] } });
    // A reversed range is dropped whole.
    const reversed = parseSavedDocumentFilters(JSON.stringify({ start_date: '2024-03-02', end_date: '2024-03-01' }));
    expect([reversed.start_date, reversed.end_date]).toEqual(['', '']);
  });

  it('counts the filters that narrow each list; the sort alone is no filter', () => {
    const sorted = withChanges((filters) => {
      filters.invoice.ordering = 'total_amount';
    });
    expect(hasActiveDocumentFilters(sorted, 'invoice')).toBe(false);
    const narrowed = withChanges((filters) => {
      filters.invoice.states = ['DRAFT'];
      filters.invoice.currency = 'USD';
      filters.invoice.labels = ['x'];
    });
    expect(activeDocumentFilterCount(narrowed, 'invoice')).toBe(3);
    expect(hasActiveDocumentFilters(narrowed, 'report')).toBe(false);
    const dated = withChanges((filters) => {
      filters.start_date = '2024-01-01';
      filters.end_date = '2024-01-02';
      filters.report.kinds = ['TRANSACTION_REPORT'];
    });
    expect(activeDocumentFilterCount(dated, 'report')).toBe(2);
    expect(activeDocumentFilterCount(dated, 'invoice')).toBe(1);
  });
});

describe('document filters: the day rollover (docs/documents.md "Date filters")', () => {
  it('moves a saved end date equal to the last activity day to today, and the filters read it back', () => {
    const saved = withChanges((filters) => {
      filters.start_date = '2024-06-01';
      filters.end_date = '2024-06-14';
      filters.invoice.states = ['PAID'];
    });
    const storage = memoryStorage({ last_activity: '2024-06-14', documents_filters: serializeDocumentFilters(saved) });
    expect(rollOverSavedEndDates(storage, '2024-06-15')).toEqual(['documents_filters']);
    const restored = parseSavedDocumentFilters(storage.get('documents_filters'));
    expect([restored.start_date, restored.end_date]).toEqual(['2024-06-01', '2024-06-15']);
    expect(restored.invoice.states).toEqual(['PAID']);
    // An end date of another day stays.
    const older = memoryStorage({ last_activity: '2024-06-14', documents_filters: serializeDocumentFilters({ ...saved, end_date: '2024-06-10' }) });
    expect(rollOverSavedEndDates(older, '2024-06-15')).toEqual([]);
    expect(parseSavedDocumentFilters(older.get('documents_filters')).end_date).toBe('2024-06-10');
  });
});

describe('document filters: the list query (docs/documents.md)', () => {
  it('asks for the defaults with the list kinds and newest first only', () => {
    const filters = defaultDocumentFilters();
    expect(documentListParams('invoice', filters)).toEqual({ tab: 'invoice', ordering: '-created_at', kind: ['INVOICE'] });
    expect(documentListParams('report', filters)).toEqual({ tab: 'report', ordering: '-created_at', kind: [...REPORT_KINDS] });
    expect(documentListParams('invoice', filters)).toEqual(listParams('invoice'));
  });

  it('sends the chosen states, currency, labels, range, sort and search; the tab is not sent', () => {
    const filters = withChanges((value) => {
      value.start_date = '2024-01-01';
      value.end_date = '2024-01-31';
      value.invoice = { states: ['PAID', 'DUE'], currency: 'EUR', labels: ['b', 'a'], ordering: 'total_amount' };
    });
    const params = documentListParams('invoice', filters, '  acme ');
    expect(params).toEqual({
      tab: 'invoice',
      ordering: 'total_amount',
      aditional_ordering: '-created_at',
      kind: ['INVOICE'],
      state: ['DUE', 'PAID'],
      currency: 'EUR',
      labels: 'a,b',
      created_at_after: '2024-01-01',
      created_at_before: '2024-01-31',
      search: 'acme',
    });
    expect(documentPageQuery(params, 10)).toEqual({
      limit: 10,
      offset: 10,
      ordering: 'total_amount',
      aditional_ordering: '-created_at',
      kind: ['INVOICE'],
      state: ['DUE', 'PAID'],
      currency: 'EUR',
      labels: 'a,b',
      created_at_after: '2024-01-01',
      created_at_before: '2024-01-31',
      search: 'acme',
    });
    // Reports ignore the invoice choices but share the range; blank search is no search.
    expect(documentListParams('report', { ...filters, report: { kinds: ['HOLDINGS_REPORT', 'TRANSACTION_REPORT'] } }, '   ')).toEqual({
      tab: 'report',
      ordering: '-created_at',
      kind: REPORT_KINDS.filter((kind) => kind === 'HOLDINGS_REPORT' || kind === 'TRANSACTION_REPORT'),
      created_at_after: '2024-01-01',
      created_at_before: '2024-01-31',
    });
    // The same choice in another order is the same query (one cached list).
    const reordered = withChanges((value) => {
      value.invoice.states = ['DUE', 'PAID'];
    });
    const original = withChanges((value) => {
      value.invoice.states = ['PAID', 'DUE'];
    });
    expect(documentListParams('invoice', reordered)).toEqual(documentListParams('invoice', original));
  });
});

function doc(id: string, name = `Doc ${id}`): DocumentOut {
  return { id, name } as DocumentOut;
}

describe('bulk actions (docs/documents.md)', () => {
  it('runs each document, keeping the failures apart, and tells how many were deleted', async () => {
    const outcome = await runForEach([doc('a'), doc('b'), doc('c')], (document) =>
      document.id === 'b' ? Promise.reject(new ApiError(400, { non_field_errors: ['Cannot delete.'] }, null)) : Promise.resolve(),
    );
    expect(outcome.done.map((document) => document.id)).toEqual(['a', 'c']);
    expect(outcome.failed.map((failure) => failure.document.id)).toEqual(['b']);
    expect(deletedText(2, 'invoice')).toBe('2 invoices were deleted.');
    expect(deletedText(1, 'report')).toBe('1 report was deleted.');
    expect(partialDeleteText(outcome, 'invoice')).toBe('2 invoices were deleted. 1 invoice could not be deleted: Cannot delete.');
    expect(partialDeleteText({ done: [], failed: outcome.failed }, 'report')).toBe('1 report could not be deleted: Cannot delete.');
  });

  it('downloads each CSV from its export path and counts the ones that failed', async () => {
    const asked: [string, string][] = [];
    const outcome = await exportDocumentsCsv([doc('a', 'Q1'), doc('b', 'Q2')], (target, fileName) => {
      const url = pathOf(target.endpoint.path, target.params);
      asked.push([url, fileName]);
      return Promise.resolve(url.includes('/b/') === false);
    });
    expect(asked).toEqual([
      ['/api/documents/a/export_csv', 'Q1.csv'],
      ['/api/documents/b/export_csv', 'Q2.csv'],
    ]);
    expect(outcome.done.map((document) => document.id)).toEqual(['a']);
    expect(outcome.failed.map((failure) => failure.document.id)).toEqual(['b']);
  });

  it('names the file and keeps the catalogue text', () => {
    expect(csvFileName(doc('x', 'Q1: a/b "report"'))).toBe('Q1  a b  report.csv');
    expect(csvFileName(doc('x', '***'))).toBe('x.csv');
    expect(BULK_CSV_FAILED).toBe('Some of the chosen documents could not be exported as CSV.');
  });
});
