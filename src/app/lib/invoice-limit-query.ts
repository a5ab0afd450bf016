import { queryOptions } from '@tanstack/react-query';
import { planEndpoints } from '../../shared/contract/plans';
import { api } from './api-client';
import { queryKeys } from './query-keys';

/**
 * GET /api/invoices/limit: whether the plan allows another invoice. Always asked fresh. Apart from the wallet
 * queries, so the screens that ask it do not download the wallet schemas with it.
 */
export function invoicesLimitQuery() {
  return queryOptions({
    queryKey: queryKeys.invoicesLimit,
    queryFn: ({ signal }) => api.call(planEndpoints.invoicesLimit, { signal }),
    staleTime: 0,
  });
}
