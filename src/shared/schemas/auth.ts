import * as v from 'valibot';
import { ADDRESS_NETWORKS, WALLET_LOGIN_KINDS } from '../enums';
import { MESSAGES } from '../messages';

const requiredText = (max: number) =>
  v.pipe(
    v.string(MESSAGES.required),
    v.trim(),
    v.nonEmpty(MESSAGES.required),
    v.maxLength(max, `Ensure this field has no more than ${String(max)} characters.`),
  );

export const addressField = requiredText(120);

export const loginWithAddressSchema = v.strictObject({ address: addressField });
export type LoginWithAddressInput = v.InferOutput<typeof loginWithAddressSchema>;

export const loginDemoSchema = v.strictObject({ address: addressField });
export type LoginDemoInput = v.InferOutput<typeof loginDemoSchema>;

export const loginWithWalletSchema = v.strictObject({
  address: addressField,
  kind: v.optional(
    v.picklist(WALLET_LOGIN_KINDS, `Choose one of: ${WALLET_LOGIN_KINDS.join(', ')}.`),
    'METAMASK',
  ),
});
export type LoginWithWalletInput = v.InferOutput<typeof loginWithWalletSchema>;

export const loginWithWalletResponseSchema = v.strictObject({
  address: addressField,
  signature: v.pipe(
    v.string(MESSAGES.required),
    v.trim(),
    v.nonEmpty(MESSAGES.required),
    v.regex(/^0x[0-9a-fA-F]+$/, 'Signature must be a 0x-prefixed hex string.'),
    v.maxLength(20_000, 'Signature is too long.'),
  ),
});
export type LoginWithWalletResponseInput = v.InferOutput<typeof loginWithWalletResponseSchema>;

export const loginWithGoogleSchema = v.strictObject({ access_token: requiredText(4096) });
export type LoginWithGoogleInput = v.InferOutput<typeof loginWithGoogleSchema>;

export const validateAddressSchema = v.strictObject({
  address: addressField,
  network: v.optional(
    v.picklist(ADDRESS_NETWORKS, `Choose one of: ${ADDRESS_NETWORKS.join(', ')}.`),
    'ETHEREUM',
  ),
});
export type ValidateAddressInput = v.InferOutput<typeof validateAddressSchema>;
