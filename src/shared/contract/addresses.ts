/** Address validation (docs/wallets.md): is an address valid, and on which networks. */
import * as v from 'valibot';
import { validateAddressSchema } from '../schemas/auth';
import { endpoint } from './endpoint';
import { network } from './primitives';

/** POST validate-address answer (a 400 with field errors when invalid). */
export const validatedAddressOut = v.object({
  /** Normalised form: EIP-55 checksum for EVM, as given for Bitcoin. */
  address: v.string(),
  /** The networks the address is valid on (one unless ALL was asked). */
  networks: v.array(network),
});
export type ValidatedAddress = v.InferOutput<typeof validatedAddressOut>;

export const addressEndpoints = {
  validateAddress: endpoint({
    method: 'POST',
    path: '/api/validate-address',
    access: 'public',
    body: validateAddressSchema,
    response: validatedAddressOut,
  }),
} as const;
