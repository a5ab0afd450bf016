/**
 * Enumerations shared by the server and the PWA (docs/data-model.md). The few the PWA's first download needs (fiat
 * currencies, invoice states, themes, document kinds, user types, KYC states) and the networks with their names
 * (the sign-in page's demo wallets show them) are modules of their own, so those pages leave the rest out.
 */

import type { DocumentKind } from './document-kinds';
import type { FiatCurrency } from './fiat-currencies';
import { NETWORKS, type Network } from './networks';

export { NETWORK_LABELS, NETWORKS, type Network } from './networks';

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

export const CHAIN_IDS: Record<EvmNetwork, number> = {
  ETHEREUM: 1,
  POLYGON: 137,
  FANTOM: 250,
  BINANCE_SMART_CHAIN: 56,
  RONIN: 2020,
  AVALANCHE: 43114,
};

export { USER_TYPES, type UserType } from './user-types';

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

export { FIAT_CURRENCIES, type FiatCurrency } from './fiat-currencies';

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

export { KYC_STATES, type KycState } from './kyc-states';

export const LABEL_COLORS = ['RED', 'ORANGE', 'YELLOW', 'GREEN', 'BLUE', 'PINK', 'PURPLE'] as const;
export type LabelColor = (typeof LABEL_COLORS)[number];

export { INVOICE_STATES, type InvoiceState } from './invoice-states';

/** How a payer says they paid: from the payment page's wallet, a manual transfer to the shown address, or a bank. */
export const PAYMENT_CLAIM_METHODS = ['WALLET', 'TRANSFER', 'BANK'] as const;
export type PaymentClaimMethod = (typeof PAYMENT_CLAIM_METHODS)[number];

export const EXCHANGES = ['BINANCE'] as const;
export type Exchange = (typeof EXCHANGES)[number];

export { DEFAULT_THEME, THEMES, type Theme } from './themes';

export const DEFAULT_FIAT_CURRENCY: FiatCurrency = 'USD';
export const DEFAULT_LANGUAGE = 'English';
export const DEFAULT_TIMEZONE = 'CET';

export { DOCUMENT_KINDS, type DocumentKind } from './document-kinds';

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
