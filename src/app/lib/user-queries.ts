import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { User } from '../../shared/api-types';
import type { BodyOf } from '../../shared/contract/endpoint';
import { userEndpoints } from '../../shared/contract/users';
import { api } from './api-client';
import { queryKeys } from './query-keys';
import { completeSignIn, getStoredUser, updateStoredUser } from './session';

/**
 * GET /api/user; a success refreshes the stored copy of the user. When the server session belongs to someone
 * else (another tab signed in as another user), the cached data of the previous user is dropped first.
 */
export function currentUserQuery() {
  return queryOptions({
    queryKey: queryKeys.user,
    queryFn: async ({ signal }) => {
      const user = await api.call(userEndpoints.getUser, { signal });
      if (getStoredUser()?.id === user.id) updateStoredUser(user);
      else await completeSignIn(user);
      return user;
    },
  });
}

/** Fields PATCH /api/user accepts (docs/settings.md). */
export type UserPatch = BodyOf<typeof userEndpoints.updateUser>;

/**
 * Defaults of PATCH /api/user; registered by key in query-client.ts. The answer replaces the stored user; a new
 * fiat currency refreshes every fiat value on screen.
 */
export function updateUserDefaults(client: QueryClient) {
  return {
    mutationFn: (patch: UserPatch) => api.call(userEndpoints.updateUser, { body: patch }),
    onSuccess: async (user: User, patch: UserPatch) => {
      updateStoredUser(user);
      client.setQueryData(queryKeys.user, user);
      if (patch.fiat_currency !== undefined) {
        await client.invalidateQueries({
          predicate: (query) => query.queryKey[0] !== queryKeys.config[0] && query.queryKey[0] !== queryKeys.user[0],
        });
      }
    },
  };
}
