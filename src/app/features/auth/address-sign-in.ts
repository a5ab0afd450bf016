import * as v from 'valibot';
import type { User } from '../../../shared/api-types';
import { addressEndpoints } from '../../../shared/contract/addresses';
import { authEndpoints } from '../../../shared/contract/auth';
import { loginWithAddressSchema } from '../../../shared/schemas/auth';
import { api } from '../../lib/api-client';

/** The address's first problem by the sign-in schema, or '' when it is fine. */
export function addressProblem(address: string): string {
  const result = v.safeParse(loginWithAddressSchema, { address });
  return result.success ? '' : (result.issues[0]?.message ?? '');
}

/** The address is checked on every network, then signed in with in the form the check gave. */
export async function signInWithAddress(address: string): Promise<User> {
  const validated = await api.call(addressEndpoints.validateAddress, { body: { address, network: 'ALL' }, silent401: true });
  return api.call(authEndpoints.loginWithAddress, { body: { address: validated.address }, silent401: true });
}
