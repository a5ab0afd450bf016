/** Document kinds (docs/documents.md). */
export const DOCUMENT_KINDS = [
  'INVOICE',
  'TRANSACTION_REPORT',
  'QUICKBOOKS_REPORT',
  'WALLET_REPORT',
  'PORTFOLIO_PERFORMANCE_REPORT',
  'INCOME_STATEMENT',
  'BALANCES_REPORT',
  'HOLDINGS_REPORT',
] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
