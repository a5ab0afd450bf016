/** Query-options factories of the wallets screen (docs/wallets.md, docs/data-model.md). */
import { queryOptions } from '@tanstack/react-query';
import { API } from '../../../shared/api-paths';
import type { ExchangeAccount, WalletDetail } from '../../../shared/data-types';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/** While any wallet or exchange is still synchronizing, the lists are asked again this often. */
export const UNSYNCED_POLL_MS = 5_000;

export const exchangeKeys = {
  all: ['exchanges'] as const,
  list: ['exchanges', 'list'] as const,
};

/** The wallets list as the account menu asks for it (same key, so both share one cache entry): by name. */
export const WALLET_LIST_PARAMS = { ordering: 'name' } as const;

/** GET wallets ordered by name, with holdings and linked documents. */
export function walletDetailsQuery() {
  return queryOptions({
    queryKey: queryKeys.walletsList(WALLET_LIST_PARAMS),
    queryFn: ({ signal }) => api.get<WalletDetail[]>(API.wallets, WALLET_LIST_PARAMS, { signal }),
  });
}

/** GET centralised-exchanges. */
export function exchangesQuery() {
  return queryOptions({
    queryKey: exchangeKeys.list,
    queryFn: ({ signal }) => api.get<ExchangeAccount[]>(API.exchanges, undefined, { signal }),
  });
}

/** True while some account has not finished its first synchronization ('Loading wallet transactions'). */
export function anyUnsynchronized(accounts: readonly { is_synchronized: boolean }[] | undefined): boolean {
  return (accounts ?? []).some((account) => !account.is_synchronized);
}
