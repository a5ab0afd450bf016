/**
 * Response shapes of the data API (docs/data-model.md) that the API contract (src/shared/contract) does not declare
 * yet. Token amounts are decimal strings already scaled by the token's decimals; fiat values are decimal strings in
 * the user's fiat_currency. Timestamps are ISO 8601.
 */
import type { Exchange, FiatCurrency, Network } from './enums';
import type { WalletTokenOut as WalletToken } from './contract/primitives';

export type { WalletTokenOut as WalletToken } from './contract/primitives';

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

