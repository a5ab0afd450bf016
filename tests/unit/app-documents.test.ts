import type { InfiniteData } from '@tanstack/react-query';
import { flattenPages } from '../../src/app/lib/flatten-pages';
import { describe, expect, it } from 'vitest';
import type { DocumentOut, DocumentPage } from '../../src/shared/contract/documents';
import type { InvoiceOut } from '../../src/shared/contract/invoices';
import { INVOICE_STATES } from '../../src/shared/enums';
import {
  dayText,
  dueDateText,
  invoiceAmountText,
  invoiceStatusDisplay,
  isGenerating,
  reportRangeText,
} from '../../src/app/features/documents/document-display';
import {
  deleteVariables,
  documentPageQuery,
  listParams,
  nextDocumentOffset,
  REPORT_KINDS,
} from '../../src/app/features/documents/documents-queries';
import {
  presetSelection,
  reportAccountsBody,
  reportBody,
  reportPatchBody,
  selectionOfReport,
  type ReportFormValues,
} from '../../src/app/features/documents/report-body';
import {
  earliestDay,
  hasErrors,
  initialRange,
  NAME_TOO_LONG,
  placeReportErrors,
  reportFirstDay,
  reportFormErrors,
} from '../../src/app/features/documents/report-form-rules';

const W1 = '11111111-1111-4111-8111-111111111111';
const W2 = '22222222-2222-4222-8222-222222222222';
const C1 = '33333333-3333-4333-8333-333333333333';
const OWNED = { walletIds: [W1, W2], cexIds: [C1] };
const BOUNDS = { min: '2024-01-01', max: '2024-06-30' };

function report(overrides: Partial<DocumentOut> = {}): DocumentOut {
  return {
    id: 'd1',
    name: 'Report',
    kind: 'TRANSACTION_REPORT',
    state: null,
    wallets: null,
    cex: [],
    start_date: '2024-01-01',
    end_date: '2024-02-01',
    created_at: '2024-03-01T10:00:00Z',
    quickbooks_url: null,
    invoice: null,
    ...overrides,
  };
}

function invoiceDocument(invoice: Partial<InvoiceOut>): DocumentOut {
  return report({
    id: 'doc-inv',
    kind: 'INVOICE',
    state: invoice.state ?? 'DUE',
    start_date: null,
    end_date: null,
    invoice: {
      id: 'inv-1',
      state: 'DUE',
      fiat_currency: 'EUR',
      total_amount: '1250.5',
      expires_at: '2024-04-15',
      ...invoice,
    } as InvoiceOut,
  });
}

const values = (overrides: Partial<ReportFormValues> = {}): ReportFormValues => ({
  name: 'Q1',
  kind: 'TRANSACTION_REPORT',
  start_date: '2024-01-01',
  end_date: '2024-03-31',
  selection: { walletIds: [], cexIds: [] },
  ...overrides,
});

describe('report body from the account selection (docs/documents.md)', () => {
  it('sends no wallet list when nothing is ticked, and then covers every exchange account too', () => {
    expect(reportAccountsBody({ walletIds: [], cexIds: [] }, OWNED)).toEqual({ cex: [C1] });
  });

  it('sends no wallet list when every wallet is ticked', () => {
    expect(reportAccountsBody({ walletIds: [W2, W1], cexIds: [] }, OWNED)).toEqual({ cex: [] });
    expect(reportAccountsBody({ walletIds: [W1, W2], cexIds: [C1] }, OWNED)).toEqual({ cex: [C1] });
  });

  it('sends an empty wallet list for exchange accounts only', () => {
    expect(reportAccountsBody({ walletIds: [], cexIds: [C1] }, OWNED)).toEqual({ wallets: [], cex: [C1] });
  });

  it('lists the ticked wallets when some are left out, dropping ids the user no longer has', () => {
    expect(reportAccountsBody({ walletIds: [W2, 'gone'], cexIds: ['gone-too'] }, OWNED)).toEqual({ wallets: [W2], cex: [] });
  });

  it('builds the POST and PATCH bodies with a trimmed name', () => {
    expect(reportBody(values({ name: '  Q1  ', selection: { walletIds: [W1], cexIds: [] } }), OWNED)).toEqual({
      name: 'Q1',
      kind: 'TRANSACTION_REPORT',
      wallets: [W1],
      cex: [],
      start_date: '2024-01-01',
      end_date: '2024-03-31',
    });
    expect(() => reportBody(values({ kind: '' }), OWNED)).toThrow();
    expect(reportPatchBody(values({ name: ' New ' }))).toEqual({ name: 'New', start_date: '2024-01-01', end_date: '2024-03-31' });
  });

  it('reads the selection of a saved report and of a card preset', () => {
    expect(selectionOfReport({ wallets: null, cex: [C1] }, OWNED)).toEqual({ walletIds: [W1, W2], cexIds: [C1] });
    expect(selectionOfReport({ wallets: [], cex: [C1] }, OWNED)).toEqual({ walletIds: [], cexIds: [C1] });
    expect(presetSelection({ walletId: W1 })).toEqual({ walletIds: [W1], cexIds: [] });
    expect(presetSelection({ cexId: C1 })).toEqual({ walletIds: [], cexIds: [C1] });
    expect(presetSelection({})).toEqual({ walletIds: [], cexIds: [] });
  });
});

describe('report form rules (docs/documents.md)', () => {
  it('accepts a complete form', () => {
    expect(reportFormErrors(values(), BOUNDS)).toEqual({});
    expect(hasErrors({})).toBe(false);
  });

  it('requires name, type and both dates', () => {
    const errors = reportFormErrors(values({ name: '  ', kind: '', start_date: '', end_date: '' }), BOUNDS);
    expect(errors).toEqual({
      name: 'This field is required',
      kind: 'This field is required',
      start_date: 'This field is required',
      end_date: 'This field is required',
    });
    expect(hasErrors(errors)).toBe(true);
    expect(reportFormErrors(values({ name: 'x'.repeat(256) }), BOUNDS).name).toBe(NAME_TOO_LONG);
  });

  it('applies the generic date rules: format, bounds, To after From', () => {
    expect(reportFormErrors(values({ start_date: '01/02/2024' }), BOUNDS).start_date).toBe(
      'date should be in yyyy-mm-dd format',
    );
    expect(reportFormErrors(values({ start_date: '2023-12-31' }), BOUNDS).start_date).toBe(
      'Date is invalid or is not in the date range',
    );
    expect(reportFormErrors(values({ end_date: '2024-07-01' }), BOUNDS).end_date).toBe(
      'Date is invalid or is not in the date range',
    );
    expect(reportFormErrors(values({ start_date: '2024-03-31' }), BOUNDS)).toEqual({
      start_date: 'This date should be before "To" Date',
      end_date: 'This date should be after "From" Date',
    });
  });

  it('starts a preset wallet at its first transaction, else at the earlier of first transaction and document', () => {
    expect(reportFirstDay({ walletFirstTransaction: '2024-02-10', firstTransaction: '2024-01-05', firstDocument: null })).toBe(
      '2024-02-10',
    );
    expect(reportFirstDay({ firstTransaction: '2024-01-05', firstDocument: '2023-12-20' })).toBe('2023-12-20');
    expect(reportFirstDay({ walletFirstTransaction: null, firstTransaction: '2024-01-05', firstDocument: null })).toBe(
      '2024-01-05',
    );
    expect(reportFirstDay({})).toBeNull();
    expect(earliestDay(null, undefined, '2024-05-01', '2024-04-30')).toBe('2024-04-30');
  });

  it('starts a new report on the whole allowed range, or empty when that is a single day', () => {
    expect(initialRange(BOUNDS)).toEqual({ start_date: '2024-01-01', end_date: '2024-06-30' });
    expect(initialRange({ min: '2024-06-30', max: '2024-06-30' })).toEqual({ start_date: '', end_date: '' });
  });

  it('puts server 400 messages on their fields and the rest in the general area', () => {
    expect(
      placeReportErrors({
        name: ['Too long.'],
        wallets: ['Wallet "x" does not exist.'],
        cex: ['Exchange account "y" does not exist.'],
        end_date: ['This date should be after "From" Date'],
        non_field_errors: ['Something else.'],
      }),
    ).toEqual({
      fields: {
        name: 'Too long.',
        accounts: 'Wallet "x" does not exist. Exchange account "y" does not exist.',
        end_date: 'This date should be after "From" Date',
      },
      general: 'Something else.',
    });
    expect(placeReportErrors(null)).toEqual({ fields: {}, general: '' });
  });
});

describe('document rows (docs/documents.md)', () => {
  it('shows DUE as SENT and colours the badges', () => {
    const shown = Object.fromEntries(INVOICE_STATES.map((state) => [state, invoiceStatusDisplay(state)]));
    expect(shown).toEqual({
      DUE: { text: 'SENT', tone: 'blue' },
      DRAFT: { text: 'DRAFT', tone: 'red' },
      EXPIRED: { text: 'EXPIRED', tone: 'red' },
      PAID: { text: 'PAID', tone: 'green' },
      PROCESSING: { text: 'PROCESSING', tone: 'yellow' },
    });
  });

  it("shows 'Generating' for accounting reports until their link exists", () => {
    expect(isGenerating(report({ kind: 'QUICKBOOKS_REPORT', quickbooks_url: null }))).toBe(true);
    expect(isGenerating(report({ kind: 'QUICKBOOKS_REPORT', quickbooks_url: 'https://example.com/r/1' }))).toBe(false);
    expect(isGenerating(report({ kind: 'HOLDINGS_REPORT' }))).toBe(false);
  });

  it('formats the amount in the invoice currency, dates, due date and range', () => {
    expect(invoiceAmountText(invoiceDocument({}))).toBe('€1,250.50');
    expect(invoiceAmountText(invoiceDocument({ fiat_currency: 'USD', total_amount: '0.1' }))).toBe('$0.10');
    expect(invoiceAmountText(report())).toBe('—');
    expect(dueDateText(invoiceDocument({}))).toBe('Apr 15, 2024');
    expect(dueDateText(invoiceDocument({ state: 'DRAFT', expires_at: '2024-04-15' }))).toBe('—');
    expect(dayText('2024-01-05')).toBe('Jan 05, 2024');
    expect(dayText(null)).toBe('—');
    expect(reportRangeText(report())).toBe('Jan 01, 2024 – Feb 01, 2024');
    expect(reportRangeText(report({ start_date: null }))).toBe('—');
  });
});

describe('document list queries (docs/documents.md)', () => {
  it('asks 10 at a time, newest first, for the kinds of the list', () => {
    expect(documentPageQuery(listParams('invoice'), 20)).toEqual({
      limit: 10,
      offset: 20,
      ordering: '-created_at',
      kind: ['INVOICE'],
    });
    const reports = documentPageQuery(listParams('report'), 0);
    expect(reports.kind).toEqual([...REPORT_KINDS]);
    expect(reports.kind).not.toContain('INVOICE');
    expect(reports.kind).toContain('QUICKBOOKS_REPORT');
  });

  it('pages on while the server names a next page and drops rows repeated across pages', () => {
    const first: DocumentPage = { results: [report({ id: 'a' }), report({ id: 'b' })], count: 3, next: 'x' };
    const second: DocumentPage = { results: [report({ id: 'b' }), report({ id: 'c' })], count: 3, next: null };
    expect(nextDocumentOffset(first, [first])).toBe(2);
    expect(nextDocumentOffset(second, [first, second])).toBeUndefined();
    const data: InfiniteData<DocumentPage> = { pages: [first, second], pageParams: [0, 2] };
    expect(flattenPages(data).map((row) => row.id)).toEqual(['a', 'b', 'c']);
    expect(flattenPages(undefined)).toEqual([]);
  });

  it('deletes an invoice through its invoice id and a report through its document id', () => {
    expect(deleteVariables(invoiceDocument({}))).toEqual({ id: 'doc-inv', kind: 'invoice', invoiceId: 'inv-1' });
    expect(deleteVariables(report())).toEqual({ id: 'd1', kind: 'report', invoiceId: null });
  });
});
