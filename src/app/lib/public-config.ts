import { queryOptions } from '@tanstack/react-query';
import { authEndpoints } from '../../shared/contract/auth';
import { api } from './api-client';
import { queryKeys } from './query-keys';

/** GET /api/config: public settings needed before sign-in (Google, WalletConnect, demo wallets). */
export const publicConfigQuery = queryOptions({
  queryKey: queryKeys.config,
  queryFn: ({ signal }) => api.call(authEndpoints.publicConfig, { signal }),
  staleTime: 5 * 60 * 1000,
});
