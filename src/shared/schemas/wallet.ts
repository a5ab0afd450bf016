import * as v from 'valibot';
import { NETWORKS } from '../enums';
import { MESSAGES } from '../messages';

export const WALLET_NAME_MAX = 100;
export const WALLET_ADDRESS_MAX = 120;

const tooLong = (max: number) => `Ensure this field has no more than ${String(max)} characters.`;

const requiredText = (max: number) =>
  v.pipe(v.string(MESSAGES.required), v.trim(), v.nonEmpty(MESSAGES.required), v.maxLength(max, tooLong(max)));

/** Wallet name (docs/wallets.md: required). */
export const walletNameField = requiredText(WALLET_NAME_MAX);

/** Public address; checked against the chosen network by the form schema (wallet-create.ts). */
export const walletAddressField = requiredText(WALLET_ADDRESS_MAX);

const NETWORK_CHOICES = `Choose one of: ${NETWORKS.join(', ')}.`;

/** A network, where an empty choice reads as missing ('Network is required'). */
export const walletNetworkField = v.pipe(
  v.unknown(),
  v.check((value) => value !== '' && value !== null, MESSAGES.networkRequired),
  v.picklist(NETWORKS, NETWORK_CHOICES),
);

export const WALLET_ADDRESS_LOCKED = 'The address of a wallet cannot be changed. Add a new wallet instead.';
export const WALLET_NETWORK_LOCKED = 'The network of a wallet cannot be changed. Add a new wallet instead.';

/**
 * PATCH wallets/{id}: {name} (edit dialog) or {is_active} (account menu checkbox), or both. Address and network
 * are fixed once a wallet exists: sending them is refused with a clear message rather than ignored.
 */
export const patchWalletSchema = v.pipe(
  v.strictObject({
    name: v.optional(walletNameField),
    is_active: v.optional(v.boolean('Must be true or false.')),
    address: v.optional(v.unknown()),
    network: v.optional(v.unknown()),
  }),
  v.forward(v.partialCheck([['address']], (input) => input.address === undefined, WALLET_ADDRESS_LOCKED), ['address']),
  v.forward(v.partialCheck([['network']], (input) => input.network === undefined, WALLET_NETWORK_LOCKED), ['network']),
  v.forward(
    v.partialCheck(
      [['name'], ['is_active']],
      (input) => input.name !== undefined || input.is_active !== undefined,
      MESSAGES.required,
    ),
    ['is_active'],
  ),
  v.transform((input) => ({
    ...(input.name === undefined ? {} : { name: input.name }),
    ...(input.is_active === undefined ? {} : { is_active: input.is_active }),
  })),
);
export type PatchWalletInput = v.InferOutput<typeof patchWalletSchema>;

/** PATCH wallets/{id} with {is_active} (account menu checkbox). */
export const patchWalletActiveSchema = v.strictObject({
  is_active: v.boolean('Must be true or false.'),
});
export type PatchWalletActiveInput = v.InferOutput<typeof patchWalletActiveSchema>;

/** The edit dialog: only the name can change. */
export const editWalletSchema = v.strictObject({ name: walletNameField });
export type EditWalletInput = v.InferOutput<typeof editWalletSchema>;
