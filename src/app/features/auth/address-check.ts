import * as v from 'valibot';
import { loginWithAddressSchema } from '../../../shared/schemas/auth';

/** The address's first problem by the sign-in schema, or '' when it is fine. */
export function addressProblem(address: string): string {
  const result = v.safeParse(loginWithAddressSchema, { address });
  return result.success ? '' : (result.issues[0]?.message ?? '');
}
