/**
 * Response shapes of the data API (docs/data-model.md). Token amounts are decimal strings already scaled by the
 * token's decimals; fiat values are decimal strings in the user's fiat_currency. Timestamps are ISO 8601.
 */
import type { LabelOut } from './contract/labels';
import type { Exchange, FiatCurrency, Network } from './enums';

export type { LabelOut } from './contract/labels';

export interface TokenRefOut {
  id: string;
  symbol: string;
  name: string;
  image_url: string | null;
  /** Contract address; null for a chain's native coin. */
  address: string | null;
  decimals: number;
  network: Network | null;
}

export interface WalletToken {
  token: TokenRefOut;
  amount: string;
  value_fiat: string | null;
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

export interface TransactionOut {
  id: string;
  created_at: string;
  amount: string;
  value_fiat: string | null;
  fiat_currency: FiatCurrency;
  direction: 'INCOMING' | 'OUTGOING';
  from_address: string;
  to_address: string;
  /** The counterparty: a contact's name where the address belongs to one. */
  fromTo: { label: 'From' | 'To'; address: string; name: string | null };
  contact: { id: string; name: string } | null;
  token: TokenRefOut;
  network: Network | null;
  tx_hash: string;
  kind: 'TRANSFER' | 'SWAP' | 'AXIE_BREED';
  /** Gas units. */
  gas: string | null;
  /** In gwei on EVM networks. */
  gas_price: string | null;
  /** In the network's native coin (scaled), paid by the wallet. */
  fee: string | null;
  wallet: { id: string; name: string; address: string } | null;
  cex: { id: string; exchange: Exchange } | null;
  labels: LabelOut[];
  transc_label: { name: string; invoice: string | null } | null;
  nft_id: string | null;
  nft_image_url: string | null;
  nft_url: string | null;
  swapped_amount: string | null;
  swapped_token: TokenRefOut | null;
  axie_breed_axs_cost: string | null;
  axie_breed_slp_cost: string | null;
  is_spam: boolean;
}

/** GET transactions: a page plus the sync flag. */
export interface TransactionPage {
  results: TransactionOut[];
  /** Matching transactions, counted up to 1,000 (see count_capped). */
  count: number;
  /** True when more transactions match than `count` says: counting stops at 1,000. */
  count_capped: boolean;
  next: string | null;
  user_tx_sync: boolean;
}

export type { ContactOut } from './contract/contacts';

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
