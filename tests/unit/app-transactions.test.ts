import { flattenPages } from '../../src/app/lib/flatten-pages';
import type { InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { TransactionOut, TransactionPage } from '../../src/shared/contract/transactions';
import { NETWORKS } from '../../src/shared/enums';
import { explorerTxUrl } from '../../src/app/features/transactions/explorer-links';
import {
  DEFAULT_TRANSACTION_FILTERS,
  hasActiveFilters,
  listParams,
  nextOrdering,
  pageQuery,
  parseSavedFilters,
  serializeFilters,
  sortState,
} from '../../src/app/features/transactions/transaction-filters';
import {
  amountText,
  feeTexts,
  fiatText,
  NO_DATA,
  orNoData,
  showsGas,
  walletName,
} from '../../src/app/features/transactions/transaction-format';
import {
  nextPageOffset,
  reachedTransactionLimit,
  updateTransactionInPages,
} from '../../src/app/features/transactions/transaction-queries';
import { tokenChoices } from '../../src/app/features/transactions/token-choices';
import { transactionOut } from './helpers/transaction-out';

function tx(id: string, overrides: Partial<TransactionOut> = {}): TransactionOut {
  return transactionOut({
    id,
    amount: '1.5',
    value_fiat: '4500.123',
    from_address: '0x52908400098527886E0F7030069857D2E4169EE7',
    to_address: '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
    fromTo: { label: 'From', address: '0x52908400098527886E0F7030069857D2E4169EE7', name: null },
    tx_hash: '0xabc',
    gas: '21000',
    wallet: { id: 'w', name: 'Main', address: '0x5290' },
    ...overrides,
  });
}

function page(ids: string[], next: string | null): TransactionPage {
  return { results: ids.map((id) => tx(id)), count: 25, count_capped: false, next, user_tx_sync: true };
}

describe('saved filters', () => {
  it('round-trips through localStorage text', () => {
    const filters = { start_date: '2024-01-01', end_date: '2024-02-01', tokens: ['ETH'], labels: ['l1'], ordering: 'amount' as const };
    expect(parseSavedFilters(serializeFilters(filters))).toEqual(filters);
  });

  it('falls back to defaults field by field for bad values', () => {
    expect(parseSavedFilters(null)).toEqual(DEFAULT_TRANSACTION_FILTERS);
    expect(parseSavedFilters('not json')).toEqual(DEFAULT_TRANSACTION_FILTERS);
    expect(parseSavedFilters(JSON.stringify({ ordering: 'hash', tokens: 'ETH', labels: [1, 'a', 'a'] }))).toEqual({
      ...DEFAULT_TRANSACTION_FILTERS,
      labels: ['a'],
    });
  });

  it('drops a half or reversed date range', () => {
    expect(parseSavedFilters(JSON.stringify({ start_date: '2024-01-01', end_date: '' }))).toMatchObject({ start_date: '', end_date: '' });
    expect(parseSavedFilters(JSON.stringify({ start_date: '2024-03-01', end_date: '2024-01-01' }))).toMatchObject({
      start_date: '',
      end_date: '',
    });
    expect(parseSavedFilters(JSON.stringify({ start_date: '2024-02-30', end_date: '2024-03-01' }))).toMatchObject({ start_date: '' });
  });
});

describe('list query', () => {
  it('sends only what filters the list, lists comma-separated and sorted', () => {
    expect(listParams(DEFAULT_TRANSACTION_FILTERS, undefined)).toEqual({ ordering: '-created_at' });
    expect(
      listParams(
        { start_date: '2024-01-01', end_date: '2024-01-31', tokens: ['USDC', 'ETH'], labels: ['b', 'a'], ordering: 'amount' },
        '  0xabc ',
      ),
    ).toEqual({
      ordering: 'amount',
      labels: 'a,b',
      token__in: 'ETH,USDC',
      created_at_after: '2024-01-01',
      created_at_before: '2024-01-31',
      search: '0xabc',
    });
  });

  it('pages 10 at a time', () => {
    expect(pageQuery({ ordering: '-created_at' }, 20)).toEqual({ ordering: '-created_at', limit: 10, offset: 20 });
  });

  it('toggles sort direction per column, starting with newest and largest', () => {
    expect(nextOrdering('-created_at', 'created_at')).toBe('created_at');
    expect(nextOrdering('created_at', 'created_at')).toBe('-created_at');
    expect(nextOrdering('-created_at', 'amount')).toBe('-amount');
    expect(nextOrdering('-amount', 'amount')).toBe('amount');
    expect(sortState('amount', 'amount')).toBe('ascending');
    expect(sortState('-amount', 'amount')).toBe('descending');
    expect(sortState('-amount', 'created_at')).toBe('none');
  });

  it('counts only real filters as active', () => {
    expect(hasActiveFilters({ ...DEFAULT_TRANSACTION_FILTERS, ordering: 'amount' })).toBe(false);
    expect(hasActiveFilters({ ...DEFAULT_TRANSACTION_FILTERS, tokens: ['ETH'] })).toBe(true);
  });
});

describe('infinite paging', () => {
  it('asks for the next offset until the server has no next page', () => {
    const first = page(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'], '/api/transactions?offset=10');
    expect(nextPageOffset(first, [first])).toBe(10);
    const last = page(['11'], null);
    expect(nextPageOffset(last, [first, last])).toBeUndefined();
  });

  it('flattens pages without duplicates and updates one row in place', () => {
    const data: InfiniteData<TransactionPage> = {
      pages: [page(['1', '2'], 'x'), page(['2', '3'], null)],
      pageParams: [0, 2],
    };
    expect(flattenPages(data).map((row) => row.id)).toEqual(['1', '2', '3']);
    const label = { id: 'l', name: 'Rent', color: 'RED' as const };
    const updated = updateTransactionInPages(data, '3', (row) => ({ ...row, labels: [label] }));
    expect(updated?.pages[1]?.results[1]?.labels).toEqual([label]);
    expect(updated?.pages[0]).toBe(data.pages[0]);
    expect(updateTransactionInPages(data, 'missing', (row) => row)).toBe(data);
  });

  it('opens the limit dialog only when the plan forbids more and the list reached the limit', () => {
    expect(reachedTransactionLimit({ limit: 20, can_create: false }, 20)).toBe(true);
    expect(reachedTransactionLimit({ limit: 20, can_create: false }, 19)).toBe(false);
    expect(reachedTransactionLimit({ limit: 20, can_create: true }, 30)).toBe(false);
    expect(reachedTransactionLimit({ limit: null, can_create: false }, 30)).toBe(false);
    expect(reachedTransactionLimit(undefined, 30)).toBe(false);
  });
});

describe('explorer links', () => {
  it('points every network at its explorer', () => {
    const hash = '0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060';
    expect(explorerTxUrl('ETHEREUM', hash)).toBe(`https://etherscan.io/tx/${hash}`);
    expect(explorerTxUrl('BINANCE_SMART_CHAIN', hash)).toBe(`https://bscscan.com/tx/${hash}`);
    expect(explorerTxUrl('POLYGON', hash)).toBe(`https://polygonscan.com/tx/${hash}`);
    expect(explorerTxUrl('FANTOM', hash)).toBe(`https://ftmscan.com/tx/${hash}`);
    expect(explorerTxUrl('AVALANCHE', hash)).toBe(`https://snowtrace.io/tx/${hash}`);
    expect(explorerTxUrl('RONIN', hash)).toBe(`https://app.roninchain.com/tx/${hash}`);
    expect(explorerTxUrl('BITCOIN', 'f4184fc596403b9d638783cf57adfe4c75c605f6356fbc91338530e9831e9e16')).toBe(
      'https://mempool.space/tx/f4184fc596403b9d638783cf57adfe4c75c605f6356fbc91338530e9831e9e16',
    );
    for (const network of NETWORKS) expect(explorerTxUrl(network, 'abc')).toMatch(/^https:\/\//);
  });

  it('has no link for exchange rows or missing hashes', () => {
    expect(explorerTxUrl(null, '0xabc')).toBeNull();
    expect(explorerTxUrl('ETHEREUM', ' ')).toBeNull();
  });
});

describe('row texts', () => {
  it('signs amounts by direction and keeps at most 6 decimals', () => {
    expect(amountText(tx('1'))).toBe('+1.5 ETH');
    expect(amountText(tx('1', { direction: 'OUTGOING', amount: '1234.12345678' }))).toBe('−1,234.123457 ETH');
    expect(amountText(tx('1', { direction: 'OUTGOING', amount: '-2' }))).toBe('−2 ETH');
    expect(amountText(tx('1', { direction: 'OUTGOING', amount: '0.0000000001' }))).toBe('0 ETH');
  });

  it('shows fiat values with 2 decimals and the currency symbol', () => {
    expect(fiatText('4500.126', 'USD')).toBe('$4,500.13');
    expect(fiatText('10', 'CHF')).toBe('10.00 CHF');
    expect(fiatText(null, 'USD')).toBeNull();
  });

  it("says 'No data Available' for missing details and hides gas for Bitcoin", () => {
    expect(orNoData(null)).toBe(NO_DATA);
    expect(orNoData('')).toBe(NO_DATA);
    expect(orNoData('21000')).toBe('21000');
    expect(showsGas({ network: 'BITCOIN' })).toBe(false);
    expect(showsGas({ network: 'POLYGON' })).toBe(true);
    // A Bitcoin transaction's details have no gas rows at all, only its fee in BTC.
    expect(feeTexts({ gas: null, gas_price: null, fee: '0.0001', network: 'BITCOIN' })).toEqual({
      gas: null,
      gasPrice: null,
      fee: '0.0001 BTC',
    });
  });

  it('shows gas price in gwei and the fee in the native coin', () => {
    expect(feeTexts({ gas: '21000', gas_price: '12.5', fee: '0.0002625', network: 'POLYGON' })).toEqual({
      gas: '21,000',
      gasPrice: '12.5 Gwei',
      fee: '0.0002625 POL',
    });
    expect(feeTexts({ gas: null, gas_price: null, fee: null, network: 'ETHEREUM' })).toEqual({
      gas: NO_DATA,
      gasPrice: NO_DATA,
      fee: NO_DATA,
    });
  });

  it('names the wallet or the exchange', () => {
    expect(walletName(tx('1'))).toBe('Main');
    expect(walletName(tx('1', { wallet: null, cex: { id: 'c', exchange: 'BINANCE' } }))).toBe('Binance');
  });

  it('offers held tokens, tokens of the rows and chosen tokens once, sorted', () => {
    const rows = [tx('1'), tx('2', { token: { ...tx('x').token, symbol: 'usdc' } })];
    expect(tokenChoices(['LINK', 'ETH'], rows, ['WBTC', 'ETH'])).toEqual(['ETH', 'LINK', 'usdc', 'WBTC']);
  });
});
