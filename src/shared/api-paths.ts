/** API paths under /api (docs/README.md). */
export const API = {
  csrf: '/api/csrf',
  invoices: '/api/invoices',
  invoice: (id: string) => `/api/invoices/${encodeURIComponent(id)}`,
  invoicePdf: (id: string) => `/api/invoices/${encodeURIComponent(id)}/pdf`,
  /** An invoice's attachment by position (owner: any invoice; others: issued invoices). ?download=true|false */
  invoiceAttachment: (id: string, index: number) => `/api/invoices/${encodeURIComponent(id)}/attachments/${String(index)}`,
  /** The public invoice (PublicInvoiceOut) for the payer pages, whoever is signed in. */
  payInvoice: (id: string) => `/api/pay-invoices/${encodeURIComponent(id)}`,
  /** PaymentStatusOut of an issued invoice, for anyone who may see it (polled by the payer pages). */
  invoicePaymentStatus: (id: string) => `/api/invoices/${encodeURIComponent(id)}/payment-status`,
  /** InvoicePaymentsOut: the owner's view of payments and payers' claims. */
  invoicePayments: (id: string) => `/api/invoices/${encodeURIComponent(id)}/payments`,
  /** POST PaymentClaimInput ('I Paid the Invoice'), anonymous allowed → 202 PaymentStatusOut. */
  invoiceClaims: (id: string) => `/api/invoices/${encodeURIComponent(id)}/claims`,
  /** POST MarkPaidInput (owner) → InvoiceOut, recorded as marked paid by hand. */
  invoiceMarkPaid: (id: string) => `/api/invoices/${encodeURIComponent(id)}/mark-paid`,
  /** POST EmailPaymentInput {hash, data: {invoice, email}}, anonymous allowed → 202 PaymentStatusOut. */
  emailPayment: '/api/email-payment',
  /** GET ReviewPaymentOut[]: the owner's transfers that need review. */
  paymentsReview: '/api/invoice-payments/review',
  /** POST AssignPaymentInput → PaymentStatusOut of the invoice it now pays. */
  paymentAssign: (id: string) => `/api/invoice-payments/review/${encodeURIComponent(id)}/assign`,
  /** POST → 204: the transfer is not an invoice payment. */
  paymentDismiss: (id: string) => `/api/invoice-payments/review/${encodeURIComponent(id)}/dismiss`,
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
