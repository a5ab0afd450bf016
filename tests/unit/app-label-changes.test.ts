/**
 * Label changes of contacts and transactions made in quick succession: sent one after another in the order they
 * were made, the newest set shown throughout (an earlier answer or a refetch does not bring an older set back), and
 * the lists fetched again once, after the last change.
 */
import {
  dehydrate,
  hydrate,
  MutationObserver,
  onlineManager,
  QueryClient,
  QueryObserver,
  type InfiniteData,
} from '@tanstack/react-query';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContactOut } from '../../src/shared/data-types';
import type { LabelOut } from '../../src/shared/contract/primitives';
import type { TransactionOut, TransactionPage } from '../../src/shared/contract/transactions';
// First, as in the app (main.tsx): the query client module registers the mutation defaults while loading.
import { shouldRetryMutation } from '../../src/app/lib/query-client';
import { contactKeys, contactMutationKeys } from '../../src/app/features/contacts/contact-keys';
import { contactsQuery, type SetContactLabelsVariables } from '../../src/app/features/contacts/contact-queries';
import { latestLabelSets, withLabelSets, type LabelChange } from '../../src/app/features/labels/label-changes';
import { registerDataMutationDefaults } from '../../src/app/features/offline/mutation-defaults';
import { dropSettledChanges } from '../../src/app/lib/settled-changes';
import { transactionKeys, transactionMutationKeys } from '../../src/app/features/transactions/transaction-keys';
import type { SetTransactionLabelsVariables } from '../../src/app/features/transactions/transaction-queries';
import { transactionOut } from './helpers/transaction-out';
import { labelMutationKeys } from '../../src/app/features/labels/label-keys';
import type { CreateLabelVariables } from '../../src/app/features/labels/label-queries';

const rent: LabelOut = { id: '00000000-0000-4000-8000-000000000001', name: 'Rent', color: 'GREEN' };
const food: LabelOut = { id: '00000000-0000-4000-8000-000000000002', name: 'Food', color: 'RED' };

function contact(labels: LabelOut[]): ContactOut {
  return {
    id: 'c-1',
    first_name: 'Mary',
    last_name: 'Somerville',
    company: '',
    email: 'mary@example.com',
    address_line1: '1 Burntisland Road',
    address_line2: '',
    city: 'Jedburgh',
    postal_code: 'TD8 6',
    country: 'United Kingdom',
    tax_number: '',
    addresses: [],
    labels,
    created_at: '2024-03-05T14:07:00Z',
  };
}

function transaction(labels: LabelOut[]): TransactionOut {
  return transactionOut({ labels });
}

let changes = 0;
const nextChangeId = () => `change-${String((changes += 1))}`;

const travel: LabelOut = { id: '00000000-0000-4000-8000-000000000003', name: 'Travel', color: 'BLUE' };

const byId = new Map([rent, food, travel].map((label) => [label.id, label]));

/**
 * An in-memory server behind `fetch` that answers each request only when the test releases it, so the test
 * decides in which order answers arrive. It keeps the labels of one contact and one transaction.
 */
class HeldServer {
  contactLabels: LabelOut[] = [];
  txLabels: LabelOut[] = [];
  readonly log: { method: string; url: string; body: unknown }[] = [];
  private readonly held: { url: string; release: (status: number) => void }[] = [];

  readonly fetch = (url: string, init: RequestInit = {}): Promise<Response> => {
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    if (url === '/api/csrf') return Promise.resolve(new Response(null, { status: 204 }));
    this.log.push({ method, url, body });
    return new Promise((resolve) => {
      this.held.push({
        url,
        release: (status) => {
          if (status !== 200) {
            resolve(new Response(JSON.stringify({ non_field_errors: ['Refused'] }), { status }));
            return;
          }
          // The request reaches the server now: its state is read or changed at this moment.
          if (method === 'PATCH') {
            const ids = (body as { labels: string[] }).labels;
            const labels = ids.map((id) => byId.get(id)).filter((label): label is LabelOut => label !== undefined);
            if (url.startsWith('/api/contacts/')) this.contactLabels = labels;
            else this.txLabels = labels;
          }
          resolve(json(this.answer(method, url)));
        },
      });
    });
  };

  private answer(method: string, url: string): unknown {
    // The one label the server makes: Travel.
    if (method === 'POST' && url === '/api/labels') return travel;
    if (url.startsWith('/api/labels')) return [rent, food, travel];
    if (url.startsWith('/api/contacts/')) return contact(this.contactLabels);
    if (url.startsWith('/api/contacts')) return [contact(this.contactLabels)];
    if (url.startsWith('/api/transactions/')) return transaction(this.txLabels);
    if (method === 'GET' && url.startsWith('/api/transactions')) return page(this.txLabels);
    throw new Error(`Unexpected ${method} ${url}`);
  }

  waiting(): string[] {
    return this.held.map((item) => item.url);
  }

  /** Answers the oldest held request whose URL starts with `prefix` (with `status`; errors change nothing). */
  async release(prefix: string, status = 200): Promise<void> {
    await vi.waitFor(() => expect(this.held.some((item) => item.url.startsWith(prefix))).toBe(true));
    const index = this.held.findIndex((item) => item.url.startsWith(prefix));
    const [item] = this.held.splice(index, 1);
    item?.release(status);
    await settleCallbacks();
  }

  patches(): unknown[] {
    return this.log.filter((item) => item.method === 'PATCH').map((item) => item.body);
  }

  gets(prefix: string): number {
    return this.log.filter((item) => item.method === 'GET' && item.url.startsWith(prefix)).length;
  }
}

function json(value: unknown): Response {
  return new Response(JSON.stringify(value), { status: 200, headers: { 'content-type': 'application/json' } });
}

function page(labels: LabelOut[]): TransactionPage {
  return { results: [transaction(labels)], count: 1, count_capped: false, next: null, user_tx_sync: true };
}

/** Lets promise callbacks and the query client's scheduled notifications run. */
async function settleCallbacks(): Promise<void> {
  for (let round = 0; round < 5; round += 1) await new Promise((resolve) => setTimeout(resolve, 0));
}

function appClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: { networkMode: 'online', retry: false, staleTime: Infinity },
      mutations: { networkMode: 'online', retry: shouldRetryMutation, retryDelay: 0 },
    },
  });
  registerDataMutationDefaults(client);
  client.mount();
  return client;
}

/** What a screen shows: the cached list with the sets of the unanswered changes over it. */
function shown<T extends { id: string; labels: LabelOut[] }>(
  client: QueryClient,
  mutationKey: readonly unknown[],
  items: readonly T[],
): string[][] {
  const changes = client
    .getMutationCache()
    .findAll({ mutationKey, status: 'pending' })
    .map((mutation) => mutation.state.variables as LabelChange | undefined);
  return withLabelSets(items, latestLabelSets(changes)).map((item) => item.labels.map((label) => label.name));
}

let server: HeldServer;

// A contact's changes load their route on first use (contact-queries.ts); loaded once here, so that every test
// times its requests as the app does once that module has arrived.
beforeAll(async () => {
  await import('../../src/shared/contract/contact-changes');
});

beforeEach(() => {
  server = new HeldServer();
  vi.stubGlobal('fetch', server.fetch);
});

afterEach(() => {
  vi.unstubAllGlobals();
  onlineManager.setOnline(true);
});

describe('contact label changes in quick succession', () => {
  it('are sent in order, show the newest set throughout, and the list is fetched again once at the end', async () => {
    const client = appClient();
    const list = new QueryObserver(client, contactsQuery());
    const unsubscribe = list.subscribe(() => undefined);
    await server.release('/api/contacts');
    const listed = () => client.getQueryData<ContactOut[]>(contactKeys.list({ ordering: 'first_name' })) ?? [];
    const onScreen = () => shown(client, contactMutationKeys.setLabels, listed());
    expect(onScreen()).toEqual([[]]);

    const change = (labels: LabelOut[]) =>
      void new MutationObserver<unknown, Error, SetContactLabelsVariables>(client, {
        mutationKey: contactMutationKeys.setLabels,
      }).mutate({ id: 'c-1', labels, changeId: nextChangeId() });

    change([rent]);
    change([rent, food]);
    change([food]);
    await settleCallbacks();
    expect(onScreen()).toEqual([['Food']]);
    // One at a time: the second waits for the answer to the first.
    expect(server.waiting()).toEqual(['/api/contacts/c-1']);

    // A refetch started elsewhere answers with the server's older state: the screen keeps the newest set.
    void list.refetch();
    await server.release('/api/contacts/c-1');
    expect(server.contactLabels).toEqual([rent]);
    expect(onScreen()).toEqual([['Food']]);
    await server.release('/api/contacts?');
    expect(onScreen()).toEqual([['Food']]);

    await server.release('/api/contacts/c-1');
    expect(onScreen()).toEqual([['Food']]);
    await server.release('/api/contacts/c-1');

    expect(server.patches()).toEqual([
      { labels: [rent.id] },
      { labels: [rent.id, food.id] },
      { labels: [food.id] },
    ]);
    expect(server.contactLabels).toEqual([food]);
    // Fetched again after the last change only (first load, the refetch above, and this one).
    await server.release('/api/contacts?');
    expect(server.gets('/api/contacts?')).toBe(3);
    expect(server.waiting()).toEqual([]);
    expect(onScreen()).toEqual([['Food']]);
    unsubscribe();
    client.unmount();
  });

  it('keep the newest set when an earlier change is refused', async () => {
    const client = appClient();
    const key = contactKeys.list({ ordering: 'first_name' });
    client.setQueryData<ContactOut[]>(key, [contact([])]);
    const change = (labels: LabelOut[]) =>
      new MutationObserver<unknown, Error, SetContactLabelsVariables>(client, {
        mutationKey: contactMutationKeys.setLabels,
      })
        .mutate({ id: 'c-1', labels, changeId: nextChangeId() })
        .catch((error: unknown) => error);
    const first = change([rent]);
    void change([food]);
    await settleCallbacks();

    await server.release('/api/contacts/c-1', 400);
    expect(await first).toBeInstanceOf(Error);
    // The refusal does not put the list back to its state before both changes.
    expect(client.getQueryData<ContactOut[]>(key)?.[0]?.labels).toEqual([food]);
    expect(shown(client, contactMutationKeys.setLabels, client.getQueryData<ContactOut[]>(key) ?? [])).toEqual([['Food']]);
    await server.release('/api/contacts/c-1');
    expect(server.contactLabels).toEqual([food]);
    client.unmount();
  });
});

describe('transaction label changes in quick succession', () => {
  it('are sent in order and an earlier answer does not bring an older set back', async () => {
    const client = appClient();
    const key = transactionKeys.list({ ordering: '-created_at' });
    client.setQueryData<InfiniteData<TransactionPage>>(key, { pages: [page([])], pageParams: [0] });
    const rows = () => client.getQueryData<InfiniteData<TransactionPage>>(key)?.pages[0]?.results ?? [];
    const change = (labels: LabelOut[]) =>
      void new MutationObserver<unknown, Error, SetTransactionLabelsVariables>(client, {
        mutationKey: transactionMutationKeys.setLabels,
      }).mutate({ id: 'tx-1', labels, changeId: nextChangeId() });

    change([rent]);
    change([]);
    await settleCallbacks();
    expect(shown(client, transactionMutationKeys.setLabels, rows())).toEqual([[]]);
    expect(server.waiting()).toEqual(['/api/transactions/tx-1']);

    await server.release('/api/transactions/tx-1');
    // The cached row was not overwritten by the first answer ([Rent]).
    expect(rows()[0]?.labels).toEqual([]);
    expect(shown(client, transactionMutationKeys.setLabels, rows())).toEqual([[]]);
    await server.release('/api/transactions/tx-1');

    expect(server.patches()).toEqual([{ labels: [rent.id] }, { labels: [] }]);
    expect(server.txLabels).toEqual([]);
    expect(rows()[0]?.labels).toEqual([]);
    expect(server.waiting()).toEqual([]);
    client.unmount();
  });

  it('made offline are kept in order and sent one after another on reconnect', async () => {
    onlineManager.setOnline(false);
    const client = appClient();
    const key = transactionKeys.list({ ordering: '-created_at' });
    client.setQueryData<InfiniteData<TransactionPage>>(key, { pages: [page([])], pageParams: [0] });
    const rows = () => client.getQueryData<InfiniteData<TransactionPage>>(key)?.pages[0]?.results ?? [];
    for (const labels of [[rent], [rent, food], [food]]) {
      void new MutationObserver<unknown, Error, SetTransactionLabelsVariables>(client, {
        mutationKey: transactionMutationKeys.setLabels,
      }).mutate({ id: 'tx-1', labels, changeId: nextChangeId() });
    }
    await settleCallbacks();
    expect(server.log).toEqual([]);
    expect(shown(client, transactionMutationKeys.setLabels, rows())).toEqual([['Food']]);

    onlineManager.setOnline(true);
    await server.release('/api/transactions/tx-1');
    expect(server.waiting()).toEqual(['/api/transactions/tx-1']);
    await server.release('/api/transactions/tx-1');
    await server.release('/api/transactions/tx-1');
    expect(server.patches()).toEqual([
      { labels: [rent.id] },
      { labels: [rent.id, food.id] },
      { labels: [food.id] },
    ]);
    expect(server.txLabels).toEqual([food]);
    expect(shown(client, transactionMutationKeys.setLabels, rows())).toEqual([['Food']]);
    client.unmount();
  });
});

describe('a reload right after a change was answered', () => {
  it('does not send the change again from the older stored copy of the cache', async () => {
    // The browser's storage, which the app notes answered changes in (Node has none).
    const notes = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => notes.get(key) ?? null,
      setItem: (key: string, value: string) => void notes.set(key, value),
      removeItem: (key: string) => void notes.delete(key),
    });
    onlineManager.setOnline(false);
    const before = appClient();
    const key = transactionKeys.list({ ordering: '-created_at' });
    before.setQueryData<InfiniteData<TransactionPage>>(key, { pages: [page([])], pageParams: [0] });
    void new MutationObserver<unknown, Error, SetTransactionLabelsVariables>(before, {
      mutationKey: transactionMutationKeys.setLabels,
    }).mutate({ id: 'tx-1', labels: [rent], changeId: nextChangeId() });
    await settleCallbacks();
    // The copy written to IndexedDB while the change waited.
    const stored = JSON.parse(JSON.stringify(dehydrate(before))) as ReturnType<typeof dehydrate>;
    expect(stored.mutations).toHaveLength(1);

    // Back online, the change is answered; the page reloads before the newer copy is written.
    onlineManager.setOnline(true);
    await server.release('/api/transactions/tx-1');
    await vi.waitFor(() => expect(before.isMutating()).toBe(0));
    before.unmount();
    before.clear();

    const after = appClient();
    hydrate(after, stored);
    expect(after.getMutationCache().getAll()).toHaveLength(1);
    expect(dropSettledChanges(after.getMutationCache())).toBe(1);
    await after.resumePausedMutations();
    await settleCallbacks();
    expect(server.patches()).toEqual([{ labels: [rent.id] }]);
    expect(server.waiting().filter((url) => url === '/api/transactions/tx-1')).toEqual([]);
    after.unmount();
  });
});

describe('a label created in a picker', () => {
  const create = (client: QueryClient, attachTo: CreateLabelVariables['attachTo'], idempotencyKey = 'create-1') =>
    void new MutationObserver<LabelOut, Error, CreateLabelVariables>(client, { mutationKey: labelMutationKeys.create })
      .mutate({ name: 'Travel', color: 'BLUE', attachTo, idempotencyKey })
      .catch(() => undefined);

  it('made offline joins the contact once it exists, after the changes made meanwhile, though the picker is gone', async () => {
    onlineManager.setOnline(false);
    const client = appClient();
    const key = contactKeys.list({ ordering: 'first_name' });
    client.setQueryData<ContactOut[]>(key, [contact([])]);
    create(client, { kind: 'contact', id: 'c-1' });
    void new MutationObserver<unknown, Error, SetContactLabelsVariables>(client, {
      mutationKey: contactMutationKeys.setLabels,
    }).mutate({ id: 'c-1', labels: [rent], changeId: nextChangeId() });
    await settleCallbacks();
    expect(server.log).toEqual([]);

    onlineManager.setOnline(true);
    await server.release('/api/labels');
    await server.release('/api/contacts/c-1');
    await server.release('/api/contacts/c-1');
    expect(server.patches()).toEqual([{ labels: [rent.id] }, { labels: [rent.id, travel.id] }]);
    expect(server.contactLabels).toEqual([rent, travel]);
    expect(shown(client, contactMutationKeys.setLabels, client.getQueryData<ContactOut[]>(key) ?? [])).toEqual([['Rent', 'Travel']]);
    client.unmount();
  });

  it("joins a transaction's labels, and is not added twice when a replayed create answers again", async () => {
    const client = appClient();
    const key = transactionKeys.list({ ordering: '-created_at' });
    client.setQueryData<InfiniteData<TransactionPage>>(key, { pages: [page([food])], pageParams: [0] });
    create(client, { kind: 'transaction', id: 'tx-1' });
    await server.release('/api/labels');
    await server.release('/api/transactions/tx-1');
    expect(server.patches()).toEqual([{ labels: [food.id, travel.id] }]);

    // The same create replayed (same key): the server answers with the same label, which the row already has.
    client.setQueryData<InfiniteData<TransactionPage>>(key, { pages: [page([food, travel])], pageParams: [0] });
    create(client, { kind: 'transaction', id: 'tx-1' });
    await server.release('/api/labels');
    await settleCallbacks();
    expect(server.patches()).toHaveLength(1);

    // Created without a subject, or for one the app has not cached: only the label is made.
    create(client, undefined, 'create-2');
    create(client, { kind: 'contact', id: 'unknown' }, 'create-3');
    await server.release('/api/labels');
    await server.release('/api/labels');
    await settleCallbacks();
    expect(server.patches()).toHaveLength(1);
    client.unmount();
  });
});

describe('label sets over a list', () => {
  it('takes the newest unanswered set per subject and leaves other items as they are', () => {
    const sets = latestLabelSets([{ id: 'a', labels: [rent] }, undefined, { id: 'a', labels: [] }, { id: 'b', labels: [food] }]);
    expect([...sets.entries()]).toEqual([
      ['a', []],
      ['b', [food]],
    ]);
    const untouched = { id: 'c', labels: [rent] };
    const result = withLabelSets([{ id: 'a', labels: [food] }, untouched], sets);
    expect(result[0]?.labels).toEqual([]);
    expect(result[1]).toBe(untouched);
  });
});
