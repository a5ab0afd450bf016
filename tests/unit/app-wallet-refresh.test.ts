import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { refreshAfterWalletSave, WALLET_REFRESH_DELAY_MS } from '../../src/app/features/wallets/refresh-after-save';

/** A localStorage stand-in for the node test environment. */
function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, String(value)),
  };
}

describe('after a wallet is saved', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('localStorage', memoryStorage());
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('drops the saved transaction and document filters but keeps the rest', () => {
    localStorage.setItem('transactions_filters', JSON.stringify({ tokens: ['USDC'] }));
    localStorage.setItem('documents_filters', JSON.stringify({ status: 'DUE' }));
    localStorage.setItem('admin_users_filters', JSON.stringify({ plan: 'PLUS' }));
    localStorage.setItem('user', '{"id":1}');
    refreshAfterWalletSave(new QueryClient());
    expect(localStorage.getItem('transactions_filters')).toBeNull();
    expect(localStorage.getItem('documents_filters')).toBeNull();
    expect(localStorage.getItem('admin_users_filters')).not.toBeNull();
    expect(localStorage.getItem('user')).toBe('{"id":1}');
  });

  it('refreshes the wallet lists at once and every other query after the delay, not the config', async () => {
    const client = new QueryClient();
    for (const key of [['wallets'], ['exchanges'], ['balances'], ['config']]) client.setQueryData(key, 1);
    refreshAfterWalletSave(client);
    const stale = () =>
      ['wallets', 'exchanges', 'balances', 'config'].filter((k) => client.getQueryState([k])?.isInvalidated);
    expect(stale()).toEqual(expect.arrayContaining(['wallets']));
    expect(stale()).not.toContain('balances');
    await vi.advanceTimersByTimeAsync(WALLET_REFRESH_DELAY_MS);
    expect(stale()).toContain('balances');
    expect(stale()).not.toContain('config');
  });
});
