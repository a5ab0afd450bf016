/** API paths under /api (docs/README.md). */
export const API = {
  csrf: '/api/csrf',
  invoices: '/api/invoices',
  invoice: (id: string) => `/api/invoices/${encodeURIComponent(id)}`,
  invoicePdf: (id: string) => `/api/invoices/${encodeURIComponent(id)}/pdf`,
  documents: '/api/documents',
  document: (id: string) => `/api/documents/${encodeURIComponent(id)}`,
  documentTransactions: (id: string) => `/api/documents/${encodeURIComponent(id)}/transactions`,
  documentHoldings: (id: string) => `/api/documents/${encodeURIComponent(id)}/holdings`,
  documentExportCsv: (id: string) => `/api/documents/${encodeURIComponent(id)}/export_csv`,
  documentPdfData: (id: string) => `/api/documents/${encodeURIComponent(id)}/pdf_data`,
  documentPdf: (id: string) => `/api/documents/${encodeURIComponent(id)}/pdf`,
  balances: '/api/balances',
  fungibleTokensSummary: '/api/fungible-tokens-summary',
  nonFungibleTokensSummary: '/api/non-fungible-tokens-summary',
  portfolioValueHistory: '/api/portfolio-value-history',
  transactions: '/api/transactions',
  transaction: (id: string) => `/api/transactions/${encodeURIComponent(id)}`,
  currencyPrices: '/api/currency-prices',
  /** GET {token, fiat_currency} → TokenQuote {token, fiat_currency, quote_rate}; anonymous allowed (rate limited). */
  tokenQuote: '/api/token-quote',
  tokens: '/api/tokens',
  contacts: '/api/contacts',
  contact: (id: string) => `/api/contacts/${encodeURIComponent(id)}`,
} as const;

export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'X-CSRFToken';
export const SESSION_COOKIE = 'sessionid';
