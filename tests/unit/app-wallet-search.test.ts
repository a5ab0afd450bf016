import { describe, expect, it } from 'vitest';
import type { ExchangeAccount } from '../../src/shared/contract/exchanges';
import type { WalletOut } from '../../src/shared/contract/wallets';
import { parseTextSearch } from '../../src/app/routes/list-search';
import { filterAccounts, matchesExchange, matchesWallet } from '../../src/app/features/wallets/wallet-search';
import { walletDetail } from './helpers/wallet-detail';

function wallet(name: string, address: string, network: WalletOut['network']): WalletOut {
  return walletDetail({ id: name, name, address, network });
}

const binance: ExchangeAccount = {
  id: 'x-1',
  exchange: 'BINANCE',
  api_key_hint: 'abcd…wxyz',
  is_synchronized: true,
  sync_error: null,
  total_balance: '0',
  fiat_currency: 'USD',
  tokens: [],
  last_activity: null,
  created_at: '2024-01-01T00:00:00Z',
};

const savings = wallet('Savings', '0x52908400098527886E0F7030069857D2E4169EE7', 'ETHEREUM');
const trading = wallet('Trading desk', '0xBcd4042DE499D14e55001CcbB24a551F3b954096', 'POLYGON');
const cold = wallet('Cold storage', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 'BITCOIN');

describe('wallets screen search', () => {
  it('matches the name, the address and the network, case-insensitively and word by word', () => {
    expect(matchesWallet(savings, 'sav')).toBe(true);
    expect(matchesWallet(savings, '0x5290')).toBe(true);
    expect(matchesWallet(savings, '4169ee7')).toBe(true);
    expect(matchesWallet(trading, 'polygon')).toBe(true);
    expect(matchesWallet(cold, 'Bitcoin storage')).toBe(true);
    expect(matchesWallet(cold, 'Bitcoin savings')).toBe(false);
    expect(matchesWallet(savings, 'polygon')).toBe(false);
    expect(matchesWallet(savings, '   ')).toBe(true);
  });

  it('matches exchange accounts by exchange', () => {
    expect(matchesExchange(binance, 'bin')).toBe(true);
    expect(matchesExchange(binance, 'BINANCE')).toBe(true);
    expect(matchesExchange(binance, 'kraken')).toBe(false);
  });

  it('filters wallet and exchange cards together', () => {
    expect(filterAccounts([savings, trading, cold], [binance], '')).toEqual({
      wallets: [savings, trading, cold],
      exchanges: [binance],
    });
    expect(filterAccounts([savings, trading, cold], [binance], 'ing')).toEqual({ wallets: [savings, trading], exchanges: [] });
    expect(filterAccounts([savings, trading, cold], [binance], 'binance')).toEqual({ wallets: [], exchanges: [binance] });
  });
});

describe('?search= of /wallets and /documents', () => {
  it('keeps a non-empty text and drops everything else', () => {
    expect(parseTextSearch({ search: 'Savings' })).toEqual({ search: 'Savings' });
    expect(parseTextSearch({ search: 2024 })).toEqual({ search: '2024' });
    expect(parseTextSearch({ search: '  ' })).toEqual({});
    expect(parseTextSearch({ search: ['a'], label: 'x', other: 1 })).toEqual({});
    expect(parseTextSearch({ search: 'x'.repeat(500) }).search).toHaveLength(200);
  });
});
