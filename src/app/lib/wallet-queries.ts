import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { API } from '../../shared/api-paths';
import type { PlanLimit, Wallet } from '../../shared/api-types';
import { invoiceEndpoints } from '../../shared/contract/invoices';
import { api } from './api-client';
import { queryKeys } from './query-keys';

/** GET /api/wallets ordered by name (docs/wallets.md). */
export function walletsListQuery(params: { ordering?: string; search?: string } = { ordering: 'name' }) {
  return queryOptions({
    queryKey: queryKeys.walletsList(params),
    queryFn: ({ signal }) => api.get<Wallet[]>(API.wallets, params, { signal }),
  });
}

/** GET /api/wallets/limit: whether the plan allows another wallet. Always asked fresh. */
export function walletsLimitQuery() {
  return queryOptions({
    queryKey: queryKeys.walletsLimit,
    queryFn: ({ signal }) => api.get<PlanLimit>(API.walletsLimit, undefined, { signal }),
    staleTime: 0,
  });
}

/** GET /api/invoices/limit: whether the plan allows another invoice. Always asked fresh. */
export function invoicesLimitQuery() {
  return queryOptions({
    queryKey: queryKeys.invoicesLimit,
    queryFn: ({ signal }) => api.call(invoiceEndpoints.invoicesLimit, { signal }),
    staleTime: 0,
  });
}

export interface SetWalletActiveVariables {
  id: string;
  is_active: boolean;
}

/** Applies an is_active change to every cached wallet list (the optimistic part of the toggle). */
export function applyWalletActive(wallets: readonly Wallet[], change: SetWalletActiveVariables): Wallet[] {
  return wallets.map((wallet) => (wallet.id === change.id ? { ...wallet, is_active: change.is_active } : wallet));
}

export interface SetWalletActiveContext {
  previous: [readonly unknown[], Wallet[] | undefined][];
}

/** Defaults of the is_active toggle (PATCH /api/wallets/{id}); registered by key in query-client.ts. */
export function setWalletActiveDefaults(client: QueryClient) {
  return {
    mutationFn: (variables: SetWalletActiveVariables) =>
      api.patch<Wallet>(API.wallet(variables.id), { is_active: variables.is_active }),
    onMutate: async (variables: SetWalletActiveVariables): Promise<SetWalletActiveContext> => {
      await client.cancelQueries({ queryKey: [...queryKeys.wallets, 'list'] });
      const previous = client.getQueriesData<Wallet[]>({ queryKey: [...queryKeys.wallets, 'list'] });
      client.setQueriesData<Wallet[]>({ queryKey: [...queryKeys.wallets, 'list'] }, (old) =>
        old ? applyWalletActive(old, variables) : old,
      );
      return { previous };
    },
    onError: (_error: unknown, _variables: SetWalletActiveVariables, context: SetWalletActiveContext | undefined) => {
      for (const [key, data] of context?.previous ?? []) client.setQueryData(key, data);
    },
    onSettled: () =>
      // Active wallets drive balances, transactions and documents: refresh everything but the public config.
      client.invalidateQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.config[0] }),
  };
}
