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
  invoices: '/api/invoices',
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
  exchanges: '/api/centralised-exchanges',
  exchange: (id: string) => `/api/centralised-exchanges/${encodeURIComponent(id)}`,
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
