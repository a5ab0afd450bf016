/**
 * Report contents and exports (docs/documents.md row menus, docs/data-model.md): GET documents/{id}/transactions and
 * /holdings (report data, paged), /export_csv (a download), /pdf_data (what the PDF shows) and
 * /pdf?download=true|false. Each needs a session and answers only the owner (404 for anyone else's document);
 * guests read their own. An accounting-software report is not shown here (its link is), so those answer 400.
 */
import type { Context, Hono } from 'hono';
import {
  reportEndpoints,
  type HoldingsReportRow,
  type ReportPage,
  type ReportPdfData,
  type TransactionReportRow,
} from '../../shared/contract/reports';
import { authOf } from '../http/guards';
import type { DocumentRow } from '../db/schema';
import { nonFieldError, notFound } from '../http/api-error';
import type { AppEnv } from '../http/app-env';
import { route } from '../http/route';
import { documentViews } from '../invoices/invoice-view';
import type { Services } from '../services';
import { csvLine } from './csv';
import { contentDisposition, exportFileName } from '../http/file-download';
import { holdingsCsv, invoiceCsv, TRANSACTION_CSV_HEADER, transactionCsvLine } from './report-csv';
import { reportHoldings } from './report-holdings';
import { renderReportPdf } from './report-pdf';
import { ownDocument, reportScope, type ReportScope } from './report-scope';
import { countReportTransactions, reportTransactionRows } from './report-transactions';

export const QUICKBOOKS_CANNOT_SHOW = 'Sorry, cannot show this report in the Quickbooks app.';
export const INVOICE_NOT_REPORT = 'An invoice is not a report: its PDF is at invoices/{id}/pdf.';
/** A report PDF (and pdf_data) shows at most this many rows; the CSV has them all. */
export const MAX_PDF_ROWS = 1000;
const CSV_BATCH = 500;

/** The URL of the page after this one: the same query with the offset moved on. */
function nextPageUrl(publicUrl: string, requestUrl: string, offset: number): string {
  const url = new URL(requestUrl);
  const params = new URLSearchParams(url.search);
  params.set('offset', String(offset));
  return `${publicUrl}${url.pathname}?${params.toString()}`;
}

function refuseNonReports(document: DocumentRow): void {
  if (document.kind === 'QUICKBOOKS_REPORT') throw nonFieldError(QUICKBOOKS_CANNOT_SHOW);
  if (document.kind === 'INVOICE') throw nonFieldError(INVOICE_NOT_REPORT);
}

const NO_STORE = { 'Cache-Control': 'private, no-store' };

export function registerReportRoutes(app: Hono<AppEnv>, s: Services): void {
  const viewDeps = () => ({ db: s.db, now: s.now, fiatRates: s.market.fiat, tokens: s.market.tokens });

  /** The caller's report (any kind but an invoice or an accounting-software report) and what it covers. */
  async function reportOf(c: Context<AppEnv>): Promise<ReportScope> {
    const { user } = authOf(c);
    const document = await ownDocument(s.db, user.id, c.req.param('id') ?? '');
    refuseNonReports(document);
    return reportScope(s.db, user, document);
  }

  async function pdfData(c: Context<AppEnv>, scope: ReportScope): Promise<ReportPdfData> {
    const { user } = authOf(c);
    const { document } = scope;
    const header = {
      id: document.id,
      name: document.name,
      kind: document.kind as ReportPdfData['kind'],
      start_date: document.startDate ?? '',
      end_date: document.endDate ?? '',
      accounts: [...scope.accounts.values()].map((account) => account.name),
      time_zone: user.timezone,
    };
    if (document.kind === 'HOLDINGS_REPORT') {
      const holdings = await reportHoldings(s.db, scope, s.market.tokens);
      return { ...header, count: holdings.length, truncated: holdings.length > MAX_PDF_ROWS, transactions: null, holdings: holdings.slice(0, MAX_PDF_ROWS) };
    }
    const fiat = await s.market.fiat.context(user.fiatCurrency);
    const [count, rows] = await Promise.all([
      countReportTransactions(s.db, scope),
      reportTransactionRows(viewDeps(), scope, fiat, { limit: MAX_PDF_ROWS, offset: 0 }),
    ]);
    return { ...header, count, truncated: count > rows.length, transactions: rows, holdings: null };
  }

  route(app, s, reportEndpoints.reportTransactions, async (c, { query: { limit, offset } }) => {
    const scope = await reportOf(c);
    const fiat = await s.market.fiat.context(authOf(c).user.fiatCurrency);
    const [count, results] = await Promise.all([
      countReportTransactions(s.db, scope),
      reportTransactionRows(viewDeps(), scope, fiat, { limit, offset }),
    ]);
    const seen = offset + results.length;
    const page: ReportPage<TransactionReportRow> = {
      results,
      count,
      next: results.length > 0 && seen < count ? nextPageUrl(s.config.publicUrl, c.req.url, seen) : null,
    };
    return page;
  });

  route(app, s, reportEndpoints.reportHoldings, async (c, { query: { limit, offset } }) => {
    const scope = await reportOf(c);
    const rows = await reportHoldings(s.db, scope, s.market.tokens);
    const results = rows.slice(offset, offset + limit);
    const seen = offset + results.length;
    const page: ReportPage<HoldingsReportRow> = {
      results,
      count: rows.length,
      next: results.length > 0 && seen < rows.length ? nextPageUrl(s.config.publicUrl, c.req.url, seen) : null,
    };
    return page;
  });

  route(app, s, reportEndpoints.reportCsv, async (c, { params }) => {
    const { user } = authOf(c);
    const document = await ownDocument(s.db, user.id, params.id);
    if (document.kind === 'QUICKBOOKS_REPORT') throw nonFieldError(QUICKBOOKS_CANNOT_SHOW);
    const headers = {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': contentDisposition('attachment', exportFileName(document.name, 'csv')),
      ...NO_STORE,
    };
    if (document.kind === 'INVOICE') {
      const [view] = await documentViews(s.db, [document], s.now());
      if (view?.invoice === null || view === undefined) throw notFound();
      return c.body(invoiceCsv(view.invoice), 200, headers);
    }
    const scope = await reportScope(s.db, user, document);
    if (document.kind === 'HOLDINGS_REPORT') {
      return c.body(holdingsCsv(await reportHoldings(s.db, scope, s.market.tokens)), 200, headers);
    }
    const fiat = await s.market.fiat.context(user.fiatCurrency);
    const deps = viewDeps();
    const encoder = new TextEncoder();
    // The first batch is read before answering, so a failure there is still an error answer, not a cut file.
    let offset = 0;
    let batch = await reportTransactionRows(deps, scope, fiat, { limit: CSV_BATCH, offset });
    let header = true;
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const text = (header ? csvLine(TRANSACTION_CSV_HEADER) : '') + batch.map(transactionCsvLine).join('');
        header = false;
        if (text !== '') controller.enqueue(encoder.encode(text));
        if (batch.length < CSV_BATCH) {
          controller.close();
          return;
        }
        offset += batch.length;
        batch = await reportTransactionRows(deps, scope, fiat, { limit: CSV_BATCH, offset });
      },
    });
    return c.body(stream, 200, headers);
  });

  route(app, s, reportEndpoints.reportPdfData, async (c) => pdfData(c, await reportOf(c)));

  route(app, s, reportEndpoints.reportPdf, async (c, { query }) => {
    const download = query.download === 'true';
    const scope = await reportOf(c);
    const pdf = await renderReportPdf(await pdfData(c, scope), s.now());
    return c.body(new Uint8Array(pdf), 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': contentDisposition(download ? 'attachment' : 'inline', exportFileName(scope.document.name, 'pdf')),
      'Content-Length': String(pdf.length),
      ...NO_STORE,
      // A PDF needs none of the app's sources; 'object-src' lets the browser's viewer show it inline.
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; object-src 'self'; frame-ancestors 'none'",
    });
  });
}
