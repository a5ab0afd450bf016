/**
 * Wallet and exchange changes as mutations with defaults registered by key on the query client, so a change made
 * offline survives a reload and is sent once on reconnect (ARCHITECTURE.md "Persistence").
 */
import type { QueryClient } from '@tanstack/react-query';
import { exchangeEndpoints, type ExchangeAccount } from '../../../shared/contract/exchanges';
import type { BodyOf } from '../../../shared/contract/endpoint';
import type { walletCreateEndpoints } from '../../../shared/contract/wallet-create';
import { walletEndpoints, type WalletOut } from '../../../shared/contract/wallets';
import { ApiError, api, nonFieldErrorText } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { toast } from '../../lib/toast';
import { idempotencyHeaders } from '../../lib/idempotency-key';
import { refreshAfterWalletSave } from './refresh-after-save';
import { exchangeKeys } from './wallet-queries';

export const walletMutationKeys = {
  create: ['wallets', 'create'] as const,
  rename: ['wallets', 'rename'] as const,
  remove: ['wallets', 'delete'] as const,
  createExchange: ['exchanges', 'create'] as const,
  removeExchange: ['exchanges', 'delete'] as const,
};

export const WALLET_DELETED_TEXT = 'Wallet Deleted Successfully!';
export const EXCHANGE_DELETED_TEXT = 'Exchange Deleted Successfully!';

export interface CreateWalletVariables {
  input: BodyOf<typeof walletCreateEndpoints.createWallet>;
  idempotencyKey: string;
}

export interface RenameWalletVariables {
  id: string;
  name: string;
}

export interface RemoveVariables {
  id: string;
}

export interface CreateExchangeVariables {
  input: BodyOf<typeof exchangeEndpoints.createExchange>;
  idempotencyKey: string;
}

type Snapshot<T> = [readonly unknown[], T | undefined][];

const walletLists = { queryKey: [...queryKeys.wallets, 'list'] };

/**
 * The text of a failed delete: the server's non_field_errors joined by a space (docs/wallets.md). Null when the API client
 * has already told the user (no connection, 401, 403, server error).
 */
export function deleteFailureText(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 401 || error.status === 403 || error.status >= 500) return null;
  return nonFieldErrorText(error, ' ');
}

/** Adding a wallet: its route is loaded on the first add, so its address checks stay out of the first download. */
export function createWalletDefaults(client: QueryClient) {
  return {
    mutationFn: async (variables: CreateWalletVariables) =>
      api.call((await import('../../../shared/contract/wallet-create')).walletCreateEndpoints.createWallet, {
        body: variables.input,
        headers: idempotencyHeaders(variables.idempotencyKey),
      }),
    onSuccess: () => refreshAfterWalletSave(client),
  };
}

export function renameWalletDefaults(client: QueryClient) {
  return {
    mutationFn: (variables: RenameWalletVariables) =>
      api.call(walletEndpoints.updateWallet, { params: { id: variables.id }, body: { name: variables.name } }),
    onMutate: async (variables: RenameWalletVariables): Promise<Snapshot<WalletOut[]>> => {
      await client.cancelQueries(walletLists);
      const previous = client.getQueriesData<WalletOut[]>(walletLists);
      client.setQueriesData<WalletOut[]>(walletLists, (old) =>
        old?.map((wallet) => (wallet.id === variables.id ? { ...wallet, name: variables.name } : wallet)),
      );
      return previous;
    },
    onError: (_error: unknown, _variables: RenameWalletVariables, previous: Snapshot<WalletOut[]> | undefined) => {
      for (const [key, data] of previous ?? []) client.setQueryData(key, data);
    },
    onSuccess: () => refreshAfterWalletSave(client),
  };
}

export function removeWalletDefaults(client: QueryClient) {
  return {
    mutationFn: (variables: RemoveVariables) => api.call(walletEndpoints.deleteWallet, { params: { id: variables.id } }),
    onMutate: async (variables: RemoveVariables): Promise<Snapshot<WalletOut[]>> => {
      await client.cancelQueries(walletLists);
      const previous = client.getQueriesData<WalletOut[]>(walletLists);
      client.setQueriesData<WalletOut[]>(walletLists, (old) => old?.filter((wallet) => wallet.id !== variables.id));
      return previous;
    },
    onError: (error: unknown, _variables: RemoveVariables, previous: Snapshot<WalletOut[]> | undefined) => {
      for (const [key, data] of previous ?? []) client.setQueryData(key, data);
      const text = deleteFailureText(error);
      if (text) toast(text, 'error');
    },
    onSuccess: () => {
      toast(WALLET_DELETED_TEXT, 'success');
      refreshAfterWalletSave(client);
    },
  };
}

export function createExchangeDefaults(client: QueryClient) {
  return {
    mutationFn: (variables: CreateExchangeVariables) =>
      api.call(exchangeEndpoints.createExchange, {
        body: variables.input,
        headers: idempotencyHeaders(variables.idempotencyKey),
      }),
    onSuccess: () => refreshAfterWalletSave(client),
  };
}

export function removeExchangeDefaults(client: QueryClient) {
  return {
    mutationFn: (variables: RemoveVariables) =>
      api.call(exchangeEndpoints.deleteExchange, { params: { id: variables.id } }),
    onMutate: async (variables: RemoveVariables): Promise<Snapshot<ExchangeAccount[]>> => {
      await client.cancelQueries({ queryKey: exchangeKeys.list });
      const previous = client.getQueriesData<ExchangeAccount[]>({ queryKey: exchangeKeys.list });
      client.setQueriesData<ExchangeAccount[]>({ queryKey: exchangeKeys.list }, (old) =>
        old?.filter((account) => account.id !== variables.id),
      );
      return previous;
    },
    onError: (error: unknown, _variables: RemoveVariables, previous: Snapshot<ExchangeAccount[]> | undefined) => {
      for (const [key, data] of previous ?? []) client.setQueryData(key, data);
      const text = deleteFailureText(error);
      if (text) toast(text, 'error');
    },
    onSuccess: () => {
      toast(EXCHANGE_DELETED_TEXT, 'success');
      refreshAfterWalletSave(client);
    },
  };
}

/** Registers the defaults above; called by lib/query-client before the persisted cache is restored. */
export function registerWalletMutationDefaults(client: QueryClient): void {
  client.setMutationDefaults(walletMutationKeys.create, createWalletDefaults(client));
  client.setMutationDefaults(walletMutationKeys.rename, renameWalletDefaults(client));
  client.setMutationDefaults(walletMutationKeys.remove, removeWalletDefaults(client));
  client.setMutationDefaults(walletMutationKeys.createExchange, createExchangeDefaults(client));
  client.setMutationDefaults(walletMutationKeys.removeExchange, removeExchangeDefaults(client));
}
