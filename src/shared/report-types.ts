/** Response shapes of the report data routes (docs/documents.md, docs/data-model.md: transaction and holdings report data). */
import type { DocumentKind, FiatCurrency, Network } from './enums';

/** One transaction of a transaction report. Amounts are decimal strings in whole tokens. */
export interface TransactionReportRow {
  id: string;
  /** ISO instant. */
  created_at: string;
  /** The wallet's name, or the exchange's name for an exchange account's row. */
  account: string;
  network: Network | null;
  direction: 'INCOMING' | 'OUTGOING';
  token_symbol: string;
  amount: string;
  /** Value at the transaction's day in `fiat_currency`; null while unknown. */
  value_fiat: string | null;
  fiat_currency: FiatCurrency;
  /** Fee paid in the network's native coin (or the exchange's fee asset); null when none. */
  fee: string | null;
  from_address: string;
  to_address: string;
  tx_hash: string;
  /** Label names. */
  labels: string[];
}

/** One token of one account in a holdings report (docs/reports.md: token, itin_number, … , wallet). */
export interface HoldingsReportRow {
  token: { id: string; symbol: string; name: string };
  /** The token's contract address; null for native coins and exchange assets. Shown in groups 4-4-rest. */
  itin_number: string | null;
  holdings_at_start: string;
  inflow: string;
  outflow: string;
  holdings_at_end: string;
  /** holdings_at_end − holdings_at_start. */
  change: string;
  /** The wallet's name, or the exchange's name. */
  wallet: string;
}

/** A page of report rows: `next` is the URL of the page after this one, null on the last. */
export interface ReportPage<T> {
  results: T[];
  count: number;
  next: string | null;
}

export type ReportPdfKind = 'TRANSACTION_REPORT' | 'HOLDINGS_REPORT';

/** GET documents/{id}/pdf_data: what the report's PDF shows. */
export interface ReportPdfData {
  id: string;
  name: string;
  kind: DocumentKind;
  /** yyyy-MM-dd, both inclusive. */
  start_date: string;
  end_date: string;
  /** Names of the covered wallets and exchange accounts. */
  accounts: string[];
  /** The user's time zone (the report's days and the PDF's times are in it). */
  time_zone: string;
  /** The PDF shows at most this many rows; `count` says how many there are in all. */
  count: number;
  truncated: boolean;
  transactions: TransactionReportRow[] | null;
  holdings: HoldingsReportRow[] | null;
}
