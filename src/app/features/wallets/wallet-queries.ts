/** Query-options factories of the wallets screen (docs/wallets.md, docs/data-model.md); the wallet list is lib/wallet-queries.ts. */
import { queryOptions } from '@tanstack/react-query';
import { exchangeEndpoints } from '../../../shared/contract/exchanges';
import { api } from '../../lib/api-client';

/** While any wallet or exchange is still synchronizing, the lists are asked again this often. */
export const UNSYNCED_POLL_MS = 5_000;

export const exchangeKeys = {
  all: ['exchanges'] as const,
  list: ['exchanges', 'list'] as const,
};

/** GET centralised-exchanges. */
export function exchangesQuery() {
  return queryOptions({
    queryKey: exchangeKeys.list,
    queryFn: ({ signal }) => api.call(exchangeEndpoints.listExchanges, { signal }),
  });
}

/** True while some account has not finished its first synchronization ('Loading wallet transactions'). */
export function anyUnsynchronized(accounts: readonly { is_synchronized: boolean }[] | undefined): boolean {
  return (accounts ?? []).some((account) => !account.is_synchronized);
}
