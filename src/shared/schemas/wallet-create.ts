import * as v from 'valibot';
import { isValidAddress } from '../address-validation';
import type { Network } from '../enums';
import { MESSAGES } from '../messages';
import { walletAddressField, walletNameField, walletNetworkField } from './wallet';

/**
 * POST wallets {name, address, network} (docs/wallets.md): all three required, a missing network reads
 * 'Network is required', and the address must be valid on the chosen network. Kept apart from the other wallet
 * schemas, so the address checks load only where a wallet is added.
 */
export const createWalletSchema = v.pipe(
  v.strictObject({
    name: walletNameField,
    address: walletAddressField,
    network: v.optional(walletNetworkField),
  }),
  v.forward(
    v.partialCheck([['network']], (input) => input.network !== undefined, MESSAGES.networkRequired),
    ['network'],
  ),
  v.forward(
    v.partialCheck(
      [['address'], ['network']],
      (input) => input.network === undefined || isValidAddress(input.address, input.network),
      MESSAGES.invalidAddress,
    ),
    ['address'],
  ),
  v.transform((input) => ({ name: input.name, address: input.address, network: input.network as Network })),
);
export type CreateWalletInput = v.InferOutput<typeof createWalletSchema>;
