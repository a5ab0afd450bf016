/**
 * Response shapes of the API (docs/data-model.md, docs/README.md). Amounts and prices cross the API as decimal strings.
 * Timestamps are ISO 8601 strings.
 */
import type {
  FiatCurrency,
  KycState,
  Network,
  PlanCode,
  UserType,
  WalletLoginKind,
} from './enums';

import type { Subscription } from './schemas/billing';

export type { Subscription } from './schemas/billing';

export interface User {
  id: string;
  /** Sign-in address (wallet or address-only login); '' for Google users. */
  address: string;
  type: UserType | null;
  signed_email: string | null;
  first_name: string;
  last_name: string;
  email: string;
  address_line1: string;
  address_line2: string;
  city: string;
  postal_code: string;
  country: string;
  tax_number: string;
  fiat_currency: FiatCurrency;
  language: string;
  timezone: string;
  full_access: boolean;
  has_wallet: boolean;
  is_staff: boolean;
  is_superuser: boolean;
  is_tutorial_viewed: boolean;
  is_demo: boolean;
  /** A signed e-mail on the business allow-list or domain. */
  is_business: boolean;
  wallets_number: number;
  kyc: KycState | null;
  subscription: Subscription;
  suggestions: { ftcTimeout: string | null };
  created_at: string;
}

export interface Wallet {
  id: string;
  name: string;
  address: string;
  network: Network;
  is_active: boolean;
  is_synchronized: boolean;
  total_balance: string;
  last_activity: string | null;
  created_at: string;
}

/** GET wallets/limit, invoices/limit, transactions/limit. limit null means unlimited. */
export interface PlanLimit {
  limit: number | null;
  count: number;
  can_create: boolean;
}

/** One entry of GET subscription-plans, keyed by tier. Prices are euro decimal strings. */
export interface PricingPlan {
  code: PlanCode;
  name: string;
  monthly_price_usd: string | null;
  annual_price_usd: string | null;
  monthly_plan_stripe_id: string | null;
  annual_plan_stripe_id: string | null;
  max_num_wallets: number | null;
  max_num_transactions: number | null;
  max_num_invoices: number | null;
}
export type SubscriptionPlans = Record<PlanCode, PricingPlan>;

/** POST login-with-wallet answer: the EIP-4361 message to sign. */
export interface WalletChallenge {
  message: string;
  nonce: string;
  expires_at: string;
  kind: WalletLoginKind;
}

/** POST validate-address answer (a 400 with field errors when invalid). */
export interface ValidatedAddress {
  /** Normalised form: EIP-55 checksum for EVM, as given for Bitcoin. */
  address: string;
  /** The networks the address is valid on (one unless ALL was asked). */
  networks: Network[];
}

export interface DemoWallet {
  address: string;
  name: string;
  network: Network;
}

/** GET config: public settings the PWA needs before sign-in. */
export interface PublicConfig {
  app_name: string;
  google_client_id: string | null;
  google_authorization_endpoint: string | null;
  walletconnect_project_id: string | null;
  demo_wallets: DemoWallet[];
  /** Whether paid plans can be bought here (Stripe is configured). */
  billing_enabled: boolean;
  /** Fiat-to-crypto invoicing is set up on this server (a partner is configured). */
  ftc_enabled: boolean;
}

/** Django-REST-style 400 body: field name to messages, plus non_field_errors. */
export type FieldErrors = Record<string, string[]>;

/** 401, 403, 404, 413, 429 bodies. */
export interface DetailError {
  detail: string;
}

export interface Page<T> {
  results: T[];
  count: number;
  next: string | null;
}
