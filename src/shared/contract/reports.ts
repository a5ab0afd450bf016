/**
 * Report contents and exports (docs/documents.md row menus, docs/data-model.md): a report's transactions and
 * holdings (paged), its CSV, its PDF and what the PDF shows. Each answers only the owner.
 */
import * as v from 'valibot';
import { DOCUMENT_KINDS } from '../enums';
import { endpoint } from './endpoint';
import { decimal, downloadQuery, fiatCurrency, network, timestamp, wholeNumber } from './primitives';

/** The View Report dialog reads 10 rows at a time (docs/documents.md page sizes). */
export const REPORT_PAGE_SIZE = 10;
export const MAX_REPORT_PAGE_SIZE = 100;
export const MAX_REPORT_OFFSET = 10_000_000;

/** limit (1–100, default 10) and offset; others are ignored. */
const reportPageQuery = v.object({
  limit: wholeNumber('limit', 1, MAX_REPORT_PAGE_SIZE, REPORT_PAGE_SIZE),
  offset: wholeNumber('offset', 0, MAX_REPORT_OFFSET, 0),
});

/** Routes that read no parameter: any are ignored (NUL characters are still refused). */
const noQuery = v.object({});

/** One transaction of a transaction report. Amounts are decimal strings in whole tokens. */
export const transactionReportRow = v.object({
  id: v.string(),
  created_at: timestamp,
  /** The wallet's name, or the exchange's name for an exchange account's row. */
  account: v.string(),
  network: v.nullable(network),
  direction: v.picklist(['INCOMING', 'OUTGOING']),
  token_symbol: v.string(),
  amount: decimal,
  /** Value at the transaction's day in `fiat_currency`; null while unknown. */
  value_fiat: v.nullable(decimal),
  fiat_currency: fiatCurrency,
  /** Fee paid in the network's native coin (or the exchange's fee asset); null when none. */
  fee: v.nullable(decimal),
  from_address: v.string(),
  to_address: v.string(),
  tx_hash: v.string(),
  /** Label names. */
  labels: v.array(v.string()),
});
export type TransactionReportRow = v.InferOutput<typeof transactionReportRow>;

/** One token of one account in a holdings report (docs/reports.md: token, itin_number, … , wallet). */
export const holdingsReportRow = v.object({
  token: v.object({ id: v.string(), symbol: v.string(), name: v.string() }),
  /** The token's contract address; null for native coins and exchange assets. Shown in groups 4-4-rest. */
  itin_number: v.nullable(v.string()),
  holdings_at_start: decimal,
  inflow: decimal,
  outflow: decimal,
  holdings_at_end: decimal,
  /** holdings_at_end − holdings_at_start. */
  change: decimal,
  /** The wallet's name, or the exchange's name. */
  wallet: v.string(),
});
export type HoldingsReportRow = v.InferOutput<typeof holdingsReportRow>;

/** A page of report rows: `next` is the URL of the page after this one, null on the last. */
const reportPage = <T extends v.GenericSchema>(row: T) =>
  v.object({ results: v.array(row), count: v.number(), next: v.nullable(v.string()) });
export interface ReportPage<T> {
  results: T[];
  count: number;
  next: string | null;
}

export type ReportPdfKind = 'TRANSACTION_REPORT' | 'HOLDINGS_REPORT';

/** What the report's PDF shows. */
export const reportPdfData = v.object({
  id: v.string(),
  name: v.string(),
  kind: v.picklist(DOCUMENT_KINDS),
  /** yyyy-MM-dd, both inclusive. */
  start_date: v.string(),
  end_date: v.string(),
  /** Names of the covered wallets and exchange accounts. */
  accounts: v.array(v.string()),
  /** The user's time zone (the report's days and the PDF's times are in it). */
  time_zone: v.string(),
  /** The PDF shows at most this many rows; `count` says how many there are in all. */
  count: v.number(),
  truncated: v.boolean(),
  transactions: v.nullable(v.array(transactionReportRow)),
  holdings: v.nullable(v.array(holdingsReportRow)),
});
export type ReportPdfData = v.InferOutput<typeof reportPdfData>;

export const reportEndpoints = {
  reportTransactions: endpoint({
    method: 'GET',
    path: '/api/documents/:id/transactions',
    access: 'user',
    query: reportPageQuery,
    response: reportPage(transactionReportRow),
  }),
  reportHoldings: endpoint({
    method: 'GET',
    path: '/api/documents/:id/holdings',
    access: 'user',
    query: reportPageQuery,
    response: reportPage(holdingsReportRow),
  }),
  /** A CSV file of any document but an accounting-software report. */
  reportCsv: endpoint({ method: 'GET', path: '/api/documents/:id/export_csv', access: 'user', query: noQuery }),
  reportPdfData: endpoint({
    method: 'GET',
    path: '/api/documents/:id/pdf_data',
    access: 'user',
    query: noQuery,
    response: reportPdfData,
  }),
  /** A PDF file. */
  reportPdf: endpoint({ method: 'GET', path: '/api/documents/:id/pdf', access: 'user', query: downloadQuery }),
} as const;
