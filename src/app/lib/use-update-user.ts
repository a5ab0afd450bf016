import { useMutation, useMutationState, type UseMutationOptions } from '@tanstack/react-query';
import type { User } from '../../shared/api-types';
import { userEndpoints } from '../../shared/contract/users';
import type { FiatCurrency } from '../../shared/enums';
import { api } from './api-client';
import { mutationKeys } from './query-keys';
import type { UserPatch } from './user-queries';

export interface UpdateUserOptions extends Pick<UseMutationOptions<User, Error, UserPatch>, 'onSuccess' | 'onError'> {
  /**
   * For a form that reports the outcome itself: the change is sent at once and fails at once while offline (no
   * waiting for the connection, no retry); `silent` leaves the error to the form instead of the API client's toast.
   */
  immediate?: { silent?: boolean };
}

/**
 * PATCH /api/user through the mutation registered under mutationKeys.updateUser (updateUserDefaults): the answer
 * replaces the stored user, and a change made offline is kept across a reload and sent once on reconnect.
 */
export function useUpdateUser({ immediate, ...callbacks }: UpdateUserOptions = {}) {
  return useMutation<User, Error, UserPatch>({
    mutationKey: mutationKeys.updateUser,
    ...callbacks,
    ...(immediate && {
      networkMode: 'always',
      retry: false,
      mutationFn: (patch: UserPatch) => api.call(userEndpoints.updateUser, { body: patch, silent: immediate.silent }),
    }),
  });
}

/** The base currency of a change still waiting (e.g. made offline), shown as chosen meanwhile; undefined if none. */
export function usePendingFiatCurrency(): FiatCurrency | undefined {
  return useMutationState({
    filters: { mutationKey: mutationKeys.updateUser, status: 'pending' },
    select: (entry) => (entry.state.variables as UserPatch | undefined)?.fiat_currency,
  }).findLast((value) => value !== undefined);
}
