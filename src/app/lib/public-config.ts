import { queryOptions } from '@tanstack/react-query';
import { API } from '../../shared/api-paths';
import type { PublicConfig } from '../../shared/api-types';
import { api } from './api-client';
import { queryKeys } from './query-keys';

/** GET /api/config: public settings needed before sign-in (Google, WalletConnect, demo wallets). */
export const publicConfigQuery = queryOptions({
  queryKey: queryKeys.config,
  queryFn: ({ signal }) => api.get<PublicConfig>(API.config, undefined, { signal }),
  staleTime: 5 * 60 * 1000,
});
