/**
 * A label change made offline is persisted with the cache, survives a "reload" (dehydrate, new client, hydrate)
 * and is sent exactly once when the connection returns.
 */
import { dehydrate, hydrate, MutationObserver, onlineManager, QueryClient, type InfiniteData } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LabelOut } from '../../src/shared/contract/primitives';
import type { TransactionPage } from '../../src/shared/contract/transactions';
// First, as in the app (main.tsx): the query client module registers the mutation defaults while loading.
import { shouldRetryMutation } from '../../src/app/lib/query-client';
import { registerDataMutationDefaults } from '../../src/app/features/offline/mutation-defaults';
import { lastFetchTime, offlineAsOfText } from '../../src/app/lib/last-fetch';
import { transactionKeys, transactionMutationKeys } from '../../src/app/features/transactions/transaction-keys';
import type { SetTransactionLabelsVariables } from '../../src/app/features/transactions/transaction-queries';
import { transactionOut } from './helpers/transaction-out';

interface Call {
  method: string;
  url: string;
  body: unknown;
}

const label: LabelOut = { id: '7d9f4d3e-2f55-4f0e-9d0c-6a1f1b2c3d4e', name: 'Rent', color: 'GREEN' };

function txPage(labels: LabelOut[]): TransactionPage {
  return {
    results: [transactionOut({ labels })],
    count: 1,
    count_capped: false,
    next: null,
    user_tx_sync: true,
  };
}

function appClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: { networkMode: 'online', retry: false },
      mutations: { networkMode: 'online', retry: shouldRetryMutation, retryDelay: 0 },
    },
  });
  registerDataMutationDefaults(client);
  return client;
}

let calls: Call[] = [];

beforeEach(() => {
  calls = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method: init.method ?? 'GET', url, body });
    if (url === '/api/csrf') return new Response(null, { status: 204 });
    const row = txPage([label]).results[0];
    return new Response(JSON.stringify(row), { status: 200, headers: { 'content-type': 'application/json' } });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  onlineManager.setOnline(true);
});

const patches = () => calls.filter((call) => call.method === 'PATCH');

describe('offline label change', () => {
  it('shows at once, survives a reload and is sent exactly once on reconnect', async () => {
    onlineManager.setOnline(false);
    const before = appClient();
    before.mount();
    const listKey = transactionKeys.list({ ordering: '-created_at' });
    before.setQueryData<InfiniteData<TransactionPage>>(listKey, { pages: [txPage([])], pageParams: [0] });

    const observer = new MutationObserver<unknown, Error, SetTransactionLabelsVariables>(before, {
      mutationKey: transactionMutationKeys.setLabels,
    });
    void observer.mutate({ id: 'tx-1', labels: [label], changeId: 'change-1' }).catch(() => undefined);
    // The list shows the new label while the change waits.
    await vi.waitFor(() =>
      expect(before.getQueryData<InfiniteData<TransactionPage>>(listKey)?.pages[0]?.results[0]?.labels).toEqual([label]),
    );
    expect(before.getMutationCache().getAll()[0]?.state.isPaused).toBe(true);

    // "Reload": what the persister stores, read back by a fresh client.
    const stored = JSON.parse(JSON.stringify(dehydrate(before))) as ReturnType<typeof dehydrate>;
    before.unmount();
    before.clear();
    expect(stored.mutations).toHaveLength(1);

    const after = appClient();
    hydrate(after, stored);
    after.mount();
    await after.resumePausedMutations(); // what the app does after restoring the cache, still offline
    expect(patches()).toHaveLength(0);
    expect(after.getQueryData<InfiniteData<TransactionPage>>(listKey)?.pages[0]?.results[0]?.labels).toEqual([label]);

    onlineManager.setOnline(true);
    await vi.waitFor(() => expect(patches()).toHaveLength(1));
    await after.resumePausedMutations();
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(patches()).toHaveLength(1);
    expect(patches()[0]).toMatchObject({ url: '/api/transactions/tx-1', body: { labels: [label.id] } });
    await vi.waitFor(() => expect(after.getMutationCache().getAll()[0]?.state.status).toBe('success'));
    after.unmount();
  });
});

describe('offline indicator time', () => {
  it('is the newest data fetch, not counting public settings or searches', () => {
    const client = new QueryClient();
    expect(lastFetchTime(client.getQueryCache())).toBeNull();
    client.setQueryData(['config'], {}, { updatedAt: 5_000 });
    client.setQueryData(['search', 'x'], [], { updatedAt: 6_000 });
    expect(lastFetchTime(client.getQueryCache())).toBeNull();
    client.setQueryData(['wallets'], [], { updatedAt: 1_000 });
    client.setQueryData(['transactions', 'list'], [], { updatedAt: 3_000 });
    expect(lastFetchTime(client.getQueryCache())).toBe(3_000);
  });

  it("reads 'Offline, as of HH:mm' in local time", () => {
    const time = new Date(2024, 5, 15, 9, 5).getTime();
    expect(offlineAsOfText(time)).toBe('Offline, as of 09:05');
    expect(offlineAsOfText(null)).toBe('Offline');
  });
});
