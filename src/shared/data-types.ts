/**
 * Response shapes of the data API (docs/data-model.md). Token amounts are decimal strings already scaled by the
 * token's decimals; fiat values are decimal strings in the user's fiat_currency. Timestamps are ISO 8601.
 */
import type { Exchange, FiatCurrency, Network } from './enums';
import type { TokenRefOut } from './contract/primitives';

export type { LabelOut, TokenRefOut } from './contract/primitives';
export type { TransactionOut, TransactionPage } from './contract/transactions';

export interface WalletToken {
  token: TokenRefOut;
  amount: string;
  value_fiat: string | null;
}

/** GET wallets: the wallet list entry with its holdings. */
export interface WalletDetail {
  id: string;
  name: string;
  address: string;
  network: Network;
  is_active: boolean;
  is_synchronized: boolean;
  /** The sync's last failure in words, null when the last sync went well. */
  sync_error: string | null;
  total_balance: string;
  fiat_currency: FiatCurrency;
  tokens: WalletToken[];
  last_activity: string | null;
  /** Date of the wallet's first transaction (report minimum date). */
  first_transaction_at: string | null;
  wallet_documents: { id: string; name: string }[];
  created_at: string;
}

export interface ExchangeAccount {
  id: string;
  exchange: Exchange;
  /** The key's first and last 4 characters only; secrets are never returned. */
  api_key_hint: string;
  is_synchronized: boolean;
  sync_error: string | null;
  total_balance: string;
  fiat_currency: FiatCurrency;
  tokens: WalletToken[];
  last_activity: string | null;
  created_at: string;
}

export interface Balances {
  tokens: WalletToken[];
  total: { value_fiat: string };
  fiat_currency: FiatCurrency;
  user_bal_sync: boolean;
}

export interface FungibleTokenSummaryRow {
  token: { name: string; symbol: string; image_url: string | null };
  balance: string;
  current_price: string | null;
  value: string | null;
  /** From FIFO cost basis; null when a price needed for it is missing. */
  unrealized_gain: string | null;
}

/** GET fungible-tokens-summary {page, size}: one page of the holdings, values in `fiat_currency`. */
export interface FungibleTokensSummaryPage {
  results: FungibleTokenSummaryRow[];
  count: number;
  next: string | null;
  fiat_currency: FiatCurrency;
}

export interface NftItem {
  nft_id: string;
  name: string;
  collection: string;
  image_url: string | null;
  contract_address: string;
  network: Network;
  created_at: string;
  price: string | null;
  currency: string | null;
  is_price_synced: boolean;
  properties: { property_id: string; name: string }[];
}

export interface PortfolioHistory {
  data_points: { measured_on: string; value_fiat: string }[];
  change_fiat: string;
  fiat_currency: FiatCurrency;
  premium_user: boolean;
  user_bal_sync: boolean;
}

export type { ContactOut } from './contract/contacts';

export interface SearchCategory {
  category: 'wallets' | 'contacts' | 'transactions' | 'labels' | 'documents';
  items: { id: string; text: string }[];
}

/** POST transaction_labels: the label of a payment, shown as transc_label on the transaction with that hash. */
export interface TransactionLabelOut {
  id: string;
  name: string;
  /** Lower-case. */
  tx_hash: string;
  invoice: string | null;
  created_at: string;
}

/** GET currency-prices: what one US dollar buys in each currency of the fiat list (docs/data-model.md). */
export interface CurrencyPrices {
  base: 'USD';
  prices: { currency: FiatCurrency; symbol: string; per_usd: string | null }[];
}

/** GET token-quote {token, fiat_currency}: the current price of one token in that fiat currency. */
export interface TokenQuote {
  token: TokenRefOut;
  fiat_currency: FiatCurrency;
  quote_rate: string;
}
