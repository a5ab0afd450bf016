/** API paths under /api (docs/README.md). */
export const API = {
  config: '/api/config',
  csrf: '/api/csrf',
  loginWithAddress: '/api/login-with-address',
  loginWithWallet: '/api/login-with-wallet',
  loginWithWalletResponse: '/api/login-with-wallet/response',
  loginWithGoogle: '/api/login-with-google',
  loginDemo: '/api/login-demo',
  logout: '/api/logout',
  user: '/api/user',
  deleteUser: '/api/delete-user',
  validateAddress: '/api/validate-address',
  subscriptionPlans: '/api/subscription-plans',
  payments: '/api/payments',
  paymentsCheckoutSession: '/api/payments/create_checkout_session',
  paymentsManage: '/api/payments/manage',
  /** Stripe's webhook endpoint: signed by Stripe, no session or CSRF token. */
  paymentsWebhook: '/api/payments/webhook',
  wallets: '/api/wallets',
  wallet: (id: string) => `/api/wallets/${encodeURIComponent(id)}`,
  walletsLimit: '/api/wallets/limit',
  invoicesLimit: '/api/invoices/limit',
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
  transactionsLimit: '/api/transactions/limit',
  exchanges: '/api/centralised-exchanges',
  exchange: (id: string) => `/api/centralised-exchanges/${encodeURIComponent(id)}`,
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
  labels: '/api/labels',
  label: (id: string) => `/api/labels/${encodeURIComponent(id)}`,
  /**
   * POST TransactionLabelInput {name, tx_hash, invoice}. With an invoice (anonymous allowed, for its payer) the hash
   * is verified against the invoice and the label is stored under the invoice's owner; without one it is the
   * signed-in user's own label.
   */
  transactionLabels: '/api/transaction_labels',
  search: '/api/search',
} as const;

export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'X-CSRFToken';
export const SESSION_COOKIE = 'sessionid';
