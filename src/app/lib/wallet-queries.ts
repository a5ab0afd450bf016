import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { walletEndpoints, type WalletOut } from '../../shared/contract/wallets';
import { api } from './api-client';
import { queryKeys } from './query-keys';

/** The wallet list as every screen asks for it (one cache entry): by name. */
export const WALLET_LIST_PARAMS = { ordering: 'name' } as const;

/** GET /api/wallets ordered by name, with holdings and linked documents (docs/wallets.md). */
export function walletsListQuery() {
  return queryOptions({
    queryKey: queryKeys.walletsList(WALLET_LIST_PARAMS),
    queryFn: ({ signal }) => api.call(walletEndpoints.listWallets, { query: WALLET_LIST_PARAMS, signal }),
  });
}

/** GET /api/wallets/limit: whether the plan allows another wallet. Always asked fresh. */
export function walletsLimitQuery() {
  return queryOptions({
    queryKey: queryKeys.walletsLimit,
    queryFn: ({ signal }) => api.call(walletEndpoints.walletsLimit, { signal }),
    staleTime: 0,
  });
}

export interface SetWalletActiveVariables {
  id: string;
  is_active: boolean;
}

/** Applies an is_active change to every cached wallet list (the optimistic part of the toggle). */
export function applyWalletActive(wallets: readonly WalletOut[], change: SetWalletActiveVariables): WalletOut[] {
  return wallets.map((wallet) => (wallet.id === change.id ? { ...wallet, is_active: change.is_active } : wallet));
}

export interface SetWalletActiveContext {
  previous: [readonly unknown[], WalletOut[] | undefined][];
}

/**
 * Defaults of the is_active toggle (PATCH /api/wallets/{id}); registered by key with the other offline changes of the
 * signed-in screens (features/offline/register-mutation-defaults.ts).
 */
export function setWalletActiveDefaults(client: QueryClient) {
  return {
    mutationFn: (variables: SetWalletActiveVariables) =>
      api.call(walletEndpoints.updateWallet, { params: { id: variables.id }, body: { is_active: variables.is_active } }),
    onMutate: async (variables: SetWalletActiveVariables): Promise<SetWalletActiveContext> => {
      await client.cancelQueries({ queryKey: [...queryKeys.wallets, 'list'] });
      const previous = client.getQueriesData<WalletOut[]>({ queryKey: [...queryKeys.wallets, 'list'] });
      client.setQueriesData<WalletOut[]>({ queryKey: [...queryKeys.wallets, 'list'] }, (old) =>
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
