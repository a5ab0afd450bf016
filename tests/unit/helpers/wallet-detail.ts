import type { WalletOut } from '../../../src/shared/contract/wallets';

/** A synchronized active wallet without tokens, as GET wallets lists it; `overrides` change any field. */
export function walletDetail(overrides: Partial<WalletOut> & Pick<WalletOut, 'id' | 'name' | 'address'>): WalletOut {
  return {
    network: 'ETHEREUM',
    is_active: true,
    is_synchronized: true,
    sync_error: null,
    total_balance: '0',
    fiat_currency: 'USD',
    tokens: [],
    last_activity: null,
    first_transaction_at: null,
    wallet_documents: [],
    created_at: '2024-01-01T00:00:00Z',
    ...overrides,
  };
}
