/** Enumerations shared by the server and the PWA (docs/data-model.md). */

export const NETWORKS = [
  'ETHEREUM',
  'BITCOIN',
  'POLYGON',
  'FANTOM',
  'BINANCE_SMART_CHAIN',
  'RONIN',
  'AVALANCHE',
] as const;
export type Network = (typeof NETWORKS)[number];

/** validate-address also accepts ALL: valid on any network. */
export const ADDRESS_NETWORKS = [...NETWORKS, 'ALL'] as const;
export type AddressNetwork = (typeof ADDRESS_NETWORKS)[number];

export const EVM_NETWORKS = [
  'ETHEREUM',
  'POLYGON',
  'FANTOM',
  'BINANCE_SMART_CHAIN',
  'RONIN',
  'AVALANCHE',
] as const satisfies readonly Network[];
export type EvmNetwork = (typeof EVM_NETWORKS)[number];

export const NETWORK_LABELS: Record<Network, string> = {
  ETHEREUM: 'Ethereum',
  BITCOIN: 'Bitcoin',
  POLYGON: 'Polygon',
  FANTOM: 'Fantom',
  BINANCE_SMART_CHAIN: 'BSC',
  RONIN: 'Ronin',
  AVALANCHE: 'Avalanche',
};

export const CHAIN_IDS: Record<EvmNetwork, number> = {
  ETHEREUM: 1,
  POLYGON: 137,
  FANTOM: 250,
  BINANCE_SMART_CHAIN: 56,
  RONIN: 2020,
  AVALANCHE: 43114,
};

export const USER_TYPES = ['GOOGLE', 'METAMASK', 'WALLET_CONNECT', 'ADDRESS_ONLY'] as const;
export type UserType = (typeof USER_TYPES)[number];

/** Wallet kinds accepted by login-with-wallet. */
export const WALLET_LOGIN_KINDS = ['METAMASK', 'WALLET_CONNECT'] as const;
export type WalletLoginKind = (typeof WALLET_LOGIN_KINDS)[number];

export const LOGIN_METHODS = ['METAMASK', 'GOOGLE_LOGIN', 'ADDRESS_ONLY'] as const;
export type LoginMethod = (typeof LOGIN_METHODS)[number];

export const PLAN_CODES = ['STARTER', 'PLUS', 'ENTERPRISE'] as const;
export type PlanCode = (typeof PLAN_CODES)[number];

export const PLAN_LABELS: Record<PlanCode, string> = {
  STARTER: 'Free Plan',
  PLUS: 'Plus',
  ENTERPRISE: 'Enterprise',
};

export const ADMIN_ROLES = ['ADMIN', 'SUPER_ADMIN'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

export const FIAT_CURRENCIES = [
  'USD',
  'CAD',
  'EUR',
  'SGD',
  'INR',
  'JPY',
  'VND',
  'CNY',
  'KRW',
  'CHF',
  'RUB',
  'TRY',
  'ETH',
  'BNB',
  'BTC',
] as const;
export type FiatCurrency = (typeof FIAT_CURRENCIES)[number];

export const FIAT_SYMBOLS: Record<FiatCurrency, string> = {
  USD: '$',
  CAD: 'C$',
  EUR: '€',
  SGD: 'S$',
  INR: '₹',
  JPY: '¥',
  VND: '₫',
  CNY: 'CN¥',
  KRW: '₩',
  CHF: 'CHF',
  RUB: '₽',
  TRY: '₺',
  ETH: 'Ξ',
  BNB: 'BNB',
  BTC: '₿',
};

export const KYC_STATES = ['FULL_USER', 'SOFT_KYC_FAILED', 'HARD_KYC_FAILED', 'PENDING', 'NOT_STARTED'] as const;
export type KycState = (typeof KYC_STATES)[number];

export const LABEL_COLORS = ['RED', 'ORANGE', 'YELLOW', 'GREEN', 'BLUE', 'PINK', 'PURPLE'] as const;
export type LabelColor = (typeof LABEL_COLORS)[number];

export const INVOICE_STATES = ['DUE', 'DRAFT', 'EXPIRED', 'PAID', 'PROCESSING'] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];

/** How a payer says they paid: from the payment page's wallet, a manual transfer to the shown address, or a bank. */
export const PAYMENT_CLAIM_METHODS = ['WALLET', 'TRANSFER', 'BANK'] as const;
export type PaymentClaimMethod = (typeof PAYMENT_CLAIM_METHODS)[number];

export const EXCHANGES = ['BINANCE'] as const;
export type Exchange = (typeof EXCHANGES)[number];

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

export const DEFAULT_FIAT_CURRENCY: FiatCurrency = 'USD';
export const DEFAULT_LANGUAGE = 'English';
export const DEFAULT_TIMEZONE = 'CET';
export const DEFAULT_THEME: Theme = 'light';

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

/** The report kinds the create form offers: transaction, accounting-integration and holdings (docs/data-model.md). */
export const CREATABLE_REPORT_KINDS = [
  'TRANSACTION_REPORT',
  'QUICKBOOKS_REPORT',
  'HOLDINGS_REPORT',
] as const satisfies readonly DocumentKind[];
export type CreatableReportKind = (typeof CREATABLE_REPORT_KINDS)[number];

export const DOCUMENT_KIND_LABELS: Record<DocumentKind, string> = {
  INVOICE: 'Invoice',
  TRANSACTION_REPORT: 'Transaction Report',
  QUICKBOOKS_REPORT: 'Quickbooks Report',
  WALLET_REPORT: 'Wallet Report',
  PORTFOLIO_PERFORMANCE_REPORT: 'Portfolio Performance Report',
  INCOME_STATEMENT: 'Income Statement',
  BALANCES_REPORT: 'Balances Report',
  HOLDINGS_REPORT: 'Holdings Report',
};

/** Invoice templates (docs/invoices.md kind): the default one, TAHOTM and ADVISORY (formal letter layout). */
export const INVOICE_TEMPLATES = ['DEFAULT', 'TAHOTM', 'ADVISORY'] as const;
export type InvoiceTemplate = (typeof INVOICE_TEMPLATES)[number];

/** Networks and tokens an invoice can be paid in (docs/data-model.md). */
export const INVOICE_PAYMENT_NETWORKS = ['ETHEREUM', 'POLYGON'] as const satisfies readonly Network[];
export const INVOICE_PAYMENT_TOKENS = ['USDC', 'USDT'] as const;
