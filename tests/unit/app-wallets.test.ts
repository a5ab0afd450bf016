import { MutationObserver, QueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WalletOut } from '../../src/shared/contract/wallets';
import { MESSAGES } from '../../src/shared/messages';
import { ApiError } from '../../src/app/lib/api-client';
import { getToasts } from '../../src/app/lib/toast';
import { WALLET_REFRESH_DELAY_MS } from '../../src/app/features/wallets/refresh-after-save';
import { RESET_FILTERS_EVENT } from '../../src/app/lib/reset-filters-event';
import { byValue } from '../../src/app/features/wallets/token-stack';
import { createExchangeSchema as exchangeFormSchema } from '../../src/shared/schemas/exchange';
import { editWalletSchema as walletRenameSchema } from '../../src/shared/schemas/wallet';
import { createWalletSchema as walletFormSchema } from '../../src/shared/schemas/wallet-create';
import {
  deleteFailureText,
  type CreateWalletVariables,
  type RemoveVariables,
  type RenameWalletVariables,
  registerWalletMutationDefaults,
  WALLET_DELETED_TEXT,
  walletMutationKeys,
} from '../../src/app/features/wallets/wallet-mutations';
import { anyUnsynchronized } from '../../src/app/features/wallets/wallet-queries';
import { walletsListQuery } from '../../src/app/lib/wallet-queries';
import { walletDetail } from './helpers/wallet-detail';

const ETH_ADDRESS = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';

/** The first message per field, as the form shows it under each input. */
function issues(result: { success: boolean; issues?: readonly { message: string; path?: readonly { key: unknown }[] }[] }) {
  const first = new Map<string, string>();
  for (const issue of result.issues ?? []) {
    const field = issue.path?.map((item) => String(item.key)).join('.') ?? '';
    if (!first.has(field)) first.set(field, issue.message);
  }
  return [...first].map(([field, message]) => `${field}: ${message}`);
}

describe('wallet form rules (shared schemas the dialog validates with)', () => {
  it('requires a name, an address and a network, with the documented text for the network', () => {
    const result = v.safeParse(walletFormSchema, { name: '', address: '', network: '' });
    expect(issues(result)).toEqual([
      `name: ${MESSAGES.required}`,
      `address: ${MESSAGES.required}`,
      `network: ${MESSAGES.networkRequired}`,
    ]);
  });

  it('checks the address against the chosen network', () => {
    expect(v.safeParse(walletFormSchema, { name: 'Main', address: ETH_ADDRESS, network: 'ETHEREUM' }).success).toBe(true);
    const wrong = v.safeParse(walletFormSchema, { name: 'Main', address: ETH_ADDRESS, network: 'BITCOIN' });
    expect(issues(wrong)).toEqual([`address: ${MESSAGES.invalidAddress}`]);
  });

  it('trims the name and edits only the name', () => {
    expect(v.parse(walletRenameSchema, { name: '  Savings ' })).toEqual({ name: 'Savings' });
    expect(v.safeParse(walletRenameSchema, { name: '   ' }).success).toBe(false);
  });

  it('offers Binance only and requires both keys', () => {
    expect(v.safeParse(exchangeFormSchema, { exchange: 'BINANCE', api_key: 'k', secret_key: 's' }).success).toBe(true);
    expect(v.safeParse(exchangeFormSchema, { exchange: 'KRAKEN', api_key: 'k', secret_key: 's' }).success).toBe(false);
    expect(issues(v.safeParse(exchangeFormSchema, { exchange: 'BINANCE', api_key: '', secret_key: '' }))).toEqual([
      `api_key: ${MESSAGES.required}`,
      `secret_key: ${MESSAGES.required}`,
    ]);
  });
});

describe('wallet helpers', () => {
  it('joins delete failures with a space and leaves already announced failures alone', () => {
    expect(deleteFailureText(new ApiError(400, { non_field_errors: ['Cannot delete.', 'Try later.'] }, null))).toBe(
      'Cannot delete. Try later.',
    );
    expect(deleteFailureText(new ApiError(500, null, 'boom'))).toBeNull();
    expect(deleteFailureText(new Error('offline'))).toBeNull();
  });

  it('notices unsynchronized accounts and orders holdings by value', () => {
    expect(anyUnsynchronized([{ is_synchronized: true }, { is_synchronized: false }])).toBe(true);
    expect(anyUnsynchronized(undefined)).toBe(false);
    const token = (symbol: string) => ({ id: symbol, symbol, name: symbol, image_url: null, address: null, decimals: 18, network: null });
    const ordered = byValue([
      { token: token('B'), amount: '1', value_fiat: null },
      { token: token('A'), amount: '1', value_fiat: '5' },
      { token: token('C'), amount: '1', value_fiat: '50' },
    ]);
    expect(ordered.map((holding) => holding.token.symbol)).toEqual(['C', 'A', 'B']);
  });
});

function wallet(id: string, name: string): WalletOut {
  return walletDetail({ id, name, address: ETH_ADDRESS, created_at: '2025-01-01T00:00:00Z' });
}

describe('wallet mutations', () => {
  let client: QueryClient;
  const listKey = walletsListQuery().queryKey;
  let events: string[];

  beforeEach(() => {
    vi.useFakeTimers();
    client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    registerWalletMutationDefaults(client);
    client.setQueryData(listKey, [wallet('w1', 'Main'), wallet('w2', 'Savings')]);
    client.setQueryData(['balances'], { total: { value_fiat: '1' } });
    events = [];
    const target = new EventTarget();
    target.addEventListener(RESET_FILTERS_EVENT, (event) => events.push(event.type));
    vi.stubGlobal('window', target);
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    client.clear();
  });

  function stubFetch(handler: (url: string, init: RequestInit) => Response) {
    const calls: { url: string; method: string; headers: Record<string, string> }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push({ url, method: init.method ?? 'GET', headers: (init.headers ?? {}) as Record<string, string> });
        if (url === '/api/csrf') return new Response(null, { status: 204 });
        return handler(url, init);
      }),
    );
    return calls;
  }

  it('removes a deleted wallet at once, confirms, and refreshes everything 2 s later', async () => {
    const calls = stubFetch(() => new Response(null, { status: 204 }));
    const observer = new MutationObserver<undefined, Error, RemoveVariables>(client, { mutationKey: walletMutationKeys.remove });
    await observer.mutate({ id: 'w1' });
    expect(client.getQueryData<WalletOut[]>(listKey)?.map((item) => item.id)).toEqual(['w2']);
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual(['/api/wallets/w1']);
    expect(getToasts().some((item) => item.message === WALLET_DELETED_TEXT)).toBe(true);
    expect(events).toEqual([RESET_FILTERS_EVENT]);
    expect(client.getQueryState(['balances'])?.isInvalidated).toBe(false);
    await vi.advanceTimersByTimeAsync(WALLET_REFRESH_DELAY_MS);
    expect(client.getQueryState(['balances'])?.isInvalidated).toBe(true);
  });

  it('puts a wallet back when the server refuses to delete it, and says why', async () => {
    stubFetch(
      () =>
        new Response(JSON.stringify({ non_field_errors: ['Wallet is in use.', 'Remove it later.'] }), {
          status: 400,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    const observer = new MutationObserver<undefined, Error, RemoveVariables>(client, { mutationKey: walletMutationKeys.remove });
    await expect(observer.mutate({ id: 'w2' })).rejects.toBeInstanceOf(ApiError);
    expect(client.getQueryData<WalletOut[]>(listKey)?.map((item) => item.id)).toEqual(['w1', 'w2']);
    expect(getToasts().some((item) => item.message === 'Wallet is in use. Remove it later.')).toBe(true);
    expect(events).toEqual([]);
  });

  it('renames optimistically and sends only the name', async () => {
    const bodies: unknown[] = [];
    stubFetch((_url, init) => {
      bodies.push(JSON.parse(String(init.body)));
      return new Response(JSON.stringify(wallet('w2', 'Cold storage')), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    });
    const observer = new MutationObserver<WalletOut, Error, RenameWalletVariables>(client, {
      mutationKey: walletMutationKeys.rename,
    });
    const pending = observer.mutate({ id: 'w2', name: 'Cold storage' });
    await vi.advanceTimersByTimeAsync(0);
    expect(client.getQueryData<WalletOut[]>(listKey)?.find((item) => item.id === 'w2')?.name).toBe('Cold storage');
    await pending;
    expect(bodies).toEqual([{ name: 'Cold storage' }]);
  });

  it('sends the idempotency key with a new wallet', async () => {
    const calls = stubFetch(
      () => new Response(JSON.stringify(wallet('w3', 'New')), { status: 201, headers: { 'Content-Type': 'application/json' } }),
    );
    const observer = new MutationObserver<WalletOut, Error, CreateWalletVariables>(client, {
      mutationKey: walletMutationKeys.create,
    });
    await observer.mutate({ input: { name: 'New', address: ETH_ADDRESS, network: 'ETHEREUM' }, idempotencyKey: 'key-1' });
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.url).toBe('/api/wallets');
    expect(post?.headers['Idempotency-Key']).toBe('key-1');
  });
});
