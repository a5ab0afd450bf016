/**
 * Queries and the label mutation of the transaction list (docs/data-model.md: GET transactions, PATCH
 * transactions/{id}, GET transactions/limit).
 */
import { infiniteQueryOptions, queryOptions, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { planEndpoints } from '../../../shared/contract/plans';
import type { LabelOut, PlanLimitOut } from '../../../shared/contract/primitives';
import { transactionEndpoints, type TransactionOut, type TransactionPage } from '../../../shared/contract/transactions';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { isLastLabelChange, newerLabelChangePending } from '../labels';
import { noteSettledChange, type TrackedChange } from '../../lib/settled-changes';
import { pageQuery, type TransactionListParams } from './transaction-filters';
import { transactionKeys, transactionMutationKeys } from './transaction-keys';

export { transactionKeys, transactionMutationKeys } from './transaction-keys';



/** Offset of the page after `pages`; undefined when the server said there is no next page. */
export function nextPageOffset(lastPage: TransactionPage, pages: readonly TransactionPage[]): number | undefined {
  if (lastPage.next === null || lastPage.results.length === 0) return undefined;
  return pages.reduce((sum, page) => sum + page.results.length, 0);
}

/** GET transactions, 10 at a time; each filter and sort is its own list, starting again from the first page. */
export function transactionsInfiniteQuery(params: TransactionListParams, enabled = true) {
  return infiniteQueryOptions({
    queryKey: transactionKeys.list(params),
    queryFn: ({ pageParam, signal }) => api.call(transactionEndpoints.listTransactions, { query: pageQuery(params, pageParam), signal }),
    initialPageParam: 0,
    getNextPageParam: (lastPage, pages) => nextPageOffset(lastPage, pages),
    enabled,
  });
}

/** The oldest transaction: its day is the earliest date the filters accept (docs/transactions.md). */
export function firstTransactionQuery(enabled = true) {
  return queryOptions({
    queryKey: transactionKeys.first,
    queryFn: async ({ signal }) => {
      const page = await api.call(transactionEndpoints.listTransactions, {
        query: { ordering: 'created_at', limit: 1, offset: 0 },
        signal,
      });
      return page.results[0]?.created_at ?? null;
    },
    enabled,
    staleTime: 5 * 60 * 1000,
  });
}

/** GET transactions/limit: how many transactions the plan loads (docs/transactions.md transaction plan limit). */
export function transactionsLimitQuery(enabled = true) {
  return queryOptions({
    queryKey: queryKeys.transactionsLimit,
    queryFn: ({ signal }) => api.call(planEndpoints.transactionsLimit, { signal }),
    enabled,
  });
}

export interface SetTransactionLabelsVariables extends TrackedChange {
  id: string;
  /** The full new set; the server receives their ids. */
  labels: LabelOut[];
}

/** Replaces one transaction (by id) in a cached list with `update(row)`. */
export function updateTransactionInPages(
  data: InfiniteData<TransactionPage> | undefined,
  id: string,
  update: (row: TransactionOut) => TransactionOut,
): InfiniteData<TransactionPage> | undefined {
  if (!data) return data;
  let changed = false;
  const pages = data.pages.map((page) => {
    if (!page.results.some((row) => row.id === id)) return page;
    changed = true;
    return { ...page, results: page.results.map((row) => (row.id === id ? update(row) : row)) };
  });
  return changed ? { ...data, pages } : data;
}

type ListSnapshot = [readonly unknown[], InfiniteData<TransactionPage> | undefined][];

/**
 * Defaults of PATCH transactions/{id} {labels}, registered by key: a change made offline is persisted with the
 * cache, survives a reload and is sent once on reconnect. The lists show the new labels at once.
 */
export function setTransactionLabelsDefaults(client: QueryClient) {
  // Read when a change runs: this module may still be loading when the defaults are registered.
  const mutationKey = () => transactionMutationKeys.setLabels;
  return {
    // Shown at once, lists fetched again after the last one (see label-changes.ts); registered with the
    // transaction-labels scope (mutation-defaults.ts), so sent one after another.
    mutationFn: (variables: SetTransactionLabelsVariables) =>
      api.call(transactionEndpoints.updateTransaction, {
        params: { id: variables.id },
        body: { labels: variables.labels.map((label) => label.id) },
      }),
    onMutate: async (variables: SetTransactionLabelsVariables): Promise<{ previous: ListSnapshot }> => {
      await client.cancelQueries({ queryKey: transactionKeys.lists });
      const previous = client.getQueriesData<InfiniteData<TransactionPage>>({ queryKey: transactionKeys.lists });
      client.setQueriesData<InfiniteData<TransactionPage>>({ queryKey: transactionKeys.lists }, (old) =>
        updateTransactionInPages(old, variables.id, (row) => ({ ...row, labels: variables.labels })),
      );
      return { previous };
    },
    onSuccess: (row: TransactionOut) => {
      if (newerLabelChangePending(client, mutationKey(), row.id)) return;
      client.setQueriesData<InfiniteData<TransactionPage>>({ queryKey: transactionKeys.lists }, (old) =>
        updateTransactionInPages(old, row.id, () => row),
      );
    },
    onError: (
      _error: unknown,
      variables: SetTransactionLabelsVariables,
      context: { previous: ListSnapshot } | undefined,
    ) => {
      if (newerLabelChangePending(client, mutationKey(), variables.id)) return;
      for (const [key, data] of context?.previous ?? []) client.setQueryData(key, data);
    },
    onSettled: (_data: unknown, _error: unknown, variables: SetTransactionLabelsVariables) => {
      if (typeof variables.changeId === 'string') noteSettledChange(variables.changeId);
      return isLastLabelChange(client, mutationKey())
        ? client.invalidateQueries({ queryKey: transactionKeys.all, refetchType: 'active' })
        : undefined;
    },
  };
}

/** Whether the plan's transaction limit dialog should open (docs/transactions.md: plan forbids more, list reached the limit). */
export function reachedTransactionLimit(limit: Pick<PlanLimitOut, 'limit' | 'can_create'> | undefined, loaded: number): boolean {
  return limit !== undefined && !limit.can_create && limit.limit !== null && loaded >= limit.limit;
}
