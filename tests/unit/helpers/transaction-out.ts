import type { TransactionOut } from '../../../src/shared/contract/transactions';

/** A plain incoming ETH transfer as GET transactions lists it; `overrides` change any field. */
export function transactionOut(overrides: Partial<TransactionOut> = {}): TransactionOut {
  return {
    id: 'tx-1',
    created_at: '2024-03-05T14:07:00Z',
    amount: '1',
    value_fiat: null,
    fiat_currency: 'USD',
    direction: 'INCOMING',
    from_address: 'a',
    to_address: 'b',
    fromTo: { label: 'From', address: 'a', name: null },
    contact: null,
    token: { id: 't', symbol: 'ETH', name: 'Ether', image_url: null, address: null, decimals: 18, network: 'ETHEREUM' },
    network: 'ETHEREUM',
    tx_hash: '0x1',
    kind: 'TRANSFER',
    gas: null,
    gas_price: null,
    fee: null,
    wallet: null,
    cex: null,
    labels: [],
    transc_label: null,
    nft_id: null,
    nft_image_url: null,
    nft_url: null,
    swapped_amount: null,
    swapped_token: null,
    axie_breed_axs_cost: null,
    axie_breed_slp_cost: null,
    is_spam: false,
    ...overrides,
  };
}
