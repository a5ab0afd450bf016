import { useMutation } from '@tanstack/react-query';
import type { User } from '../../../shared/api-types';
import { mutationKeys } from '../../lib/query-keys';
import type { UserPatch } from '../../lib/user-queries';

/**
 * PATCH /api/user through the mutation registered under mutationKeys.updateUser, so a change made offline is
 * kept across a reload and sent once on reconnect.
 */
export function useUpdateUser() {
  return useMutation<User, Error, UserPatch>({ mutationKey: mutationKeys.updateUser });
}
