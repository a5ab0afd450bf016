import { describe, expect, it } from 'vitest';
import type { DocumentOut } from '../../src/shared/contract/documents';
import type { ReportPage } from '../../src/shared/contract/reports';
import { pathOf } from '../../src/shared/contract/endpoint';
import { buildUrl } from '../../src/app/lib/api-client';
import {
  documentPdfTarget,
  fileNameFromDisposition,
  openQuickbooksReport,
} from '../../src/app/features/documents/document-exports';
import { flattenReportRows, nextReportOffset, reportRowsKind } from '../../src/app/features/documents/report-queries';

const report = (extra: Partial<DocumentOut> = {}): DocumentOut => ({
  id: 'd1',
  name: 'Q1',
  kind: 'TRANSACTION_REPORT',
  state: null,
  wallets: null,
  cex: [],
  start_date: '2025-01-01',
  end_date: '2025-03-31',
  created_at: '2025-04-01T00:00:00Z',
  quickbooks_url: null,
  invoice: null,
  ...extra,
});

describe('document exports', () => {
  it('reads the file name from Content-Disposition, the UTF-8 one first', () => {
    expect(fileNameFromDisposition(`attachment; filename="Bericht M_rz.csv"; filename*=UTF-8''Bericht%20M%C3%A4rz.csv`, 'x.csv')).toBe('Bericht März.csv');
    expect(fileNameFromDisposition('inline; filename="Tx.pdf"', 'x.pdf')).toBe('Tx.pdf');
    expect(fileNameFromDisposition('attachment; filename=plain.csv', 'x.csv')).toBe('plain.csv');
    expect(fileNameFromDisposition(`attachment; filename*=UTF-8''%E0%A4%A`, 'x.csv')).toBe('x.csv');
    expect(fileNameFromDisposition(null, 'x.csv')).toBe('x.csv');
  });

  it('opens an accounting-software report by its link and leaves other documents to the caller', () => {
    const opened: string[] = [];
    expect(openQuickbooksReport(report({ kind: 'QUICKBOOKS_REPORT', quickbooks_url: 'https://qb.example/r/1' }), (url) => opened.push(url))).toBe(true);
    expect(opened).toEqual(['https://qb.example/r/1']);
    expect(openQuickbooksReport(report({ kind: 'QUICKBOOKS_REPORT' }), (url) => opened.push(url))).toBe(true);
    expect(opened).toHaveLength(1);
    expect(openQuickbooksReport(report(), (url) => opened.push(url))).toBe(false);
  });

  it('downloads a report PDF from documents/{id}/pdf and an invoice PDF from invoices/{id}/pdf', () => {
    const url = (target: ReturnType<typeof documentPdfTarget>) => buildUrl(pathOf(target.endpoint.path, target.params), target.query);
    expect(url(documentPdfTarget(report()))).toBe('/api/documents/d1/pdf?download=true');
    const invoice = { id: 'i9' } as DocumentOut['invoice'];
    expect(url(documentPdfTarget(report({ kind: 'INVOICE', invoice })))).toBe('/api/invoices/i9/pdf?download=true');
  });
});

describe('report queries', () => {
  it('shows holdings for a holdings report and transactions for the others', () => {
    expect(reportRowsKind({ kind: 'HOLDINGS_REPORT' })).toBe('holdings');
    expect(reportRowsKind({ kind: 'TRANSACTION_REPORT' })).toBe('transactions');
  });

  it('pages on by what was loaded until the server says there is no next page', () => {
    const page = (results: number[], next: string | null): ReportPage<number> => ({ results, count: 12, next });
    const first = page([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 'http://x/?offset=10');
    expect(nextReportOffset(first, [first])).toBe(10);
    const last = page([11, 12], null);
    expect(nextReportOffset(last, [first, last])).toBeUndefined();
    expect(flattenReportRows({ pages: [first, last], pageParams: [0, 10] })).toHaveLength(12);
    expect(flattenReportRows(undefined)).toEqual([]);
  });
});
