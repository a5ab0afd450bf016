import * as v from 'valibot';
import { isValidAddress } from '../address-validation';
import { NETWORK_LABELS, NETWORKS, type Network } from '../enums';
import { MESSAGES } from '../messages';
import { labelIdsField } from './label';

/** How many addresses one contact may hold. */
export const MAX_CONTACT_ADDRESSES = 50;

const maxText = (max: number) => `Ensure this field has no more than ${String(max)} characters.`;

const requiredText = (max: number) =>
  v.pipe(v.string(MESSAGES.required), v.trim(), v.nonEmpty(MESSAGES.required), v.maxLength(max, maxText(max)));

/** An optional text: null and a missing value both read as ''. */
const optionalText = (max: number) =>
  v.pipe(
    v.nullable(v.pipe(v.string('Must be a string.'), v.trim(), v.maxLength(max, maxText(max)))),
    v.transform((value) => value ?? ''),
  );

const emailShape = v.pipe(v.string(), v.email());

const emailField = v.pipe(
  v.string(MESSAGES.required),
  v.trim(),
  v.nonEmpty(MESSAGES.required),
  v.maxLength(254, maxText(254)),
  // An empty value already reports 'This field is required'.
  v.check((value) => value === '' || v.is(emailShape, value), MESSAGES.invalidEmail),
);

/** The message under an address row whose address is not valid on its network (as validate-address says it). */
export const invalidContactAddress = (network: Network): string => `Enter a valid ${NETWORK_LABELS[network]} address.`;

/**
 * One row of a contact's address list. A row without an address is allowed (and dropped); a row with an
 * address needs a network and must be valid on it (errors at `addresses.<i>.network` / `addresses.<i>.address`).
 */
export const contactAddressRowSchema = v.pipe(
  // valibot's object schemas take arrays for objects: a row must be a real object.
  v.custom<unknown>((input) => !Array.isArray(input), 'Expected an object with network and address.'),
  v.strictObject({
    network: v.nullish(v.picklist(NETWORKS, `Choose one of: ${NETWORKS.join(', ')}.`)),
    address: v.optional(optionalText(120), ''),
  }, 'Expected an object with network and address.'),
  v.forward(v.check((row) => row.address === '' || row.network != null, MESSAGES.networkRequired), ['network']),
  v.forward(
    v.check(
      (row) => row.address === '' || row.network == null || isValidAddress(row.address, row.network),
      (issue) => {
        const network = (issue.input as { network?: Network | null }).network;
        return network == null ? MESSAGES.invalidAddress : invalidContactAddress(network);
      },
    ),
    ['address'],
  ),
);

export interface ContactAddressInput {
  network: Network;
  address: string;
}

const isFilledRow = (row: { network?: Network | null; address: string }): row is ContactAddressInput =>
  row.address !== '' && row.network != null;

/** The address list: every row checked in place (so errors keep the sent index), then empty rows dropped. */
export const contactAddressesField = v.pipe(
  v.array(contactAddressRowSchema, 'Expected a list of addresses.'),
  v.maxLength(MAX_CONTACT_ADDRESSES, `Ensure this list has no more than ${String(MAX_CONTACT_ADDRESSES)} addresses.`),
  v.transform((rows): ContactAddressInput[] =>
    rows.filter(isFilledRow).map((row) => ({ network: row.network, address: row.address })),
  ),
);

/** The contact form (docs/contacts.md): the fields every create must carry, and the optional ones. */
const contactFields = {
  first_name: requiredText(150),
  last_name: requiredText(150),
  email: emailField,
  address_line1: requiredText(255),
  country: requiredText(120),
  city: requiredText(120),
  postal_code: requiredText(32),
  company: optionalText(255),
  address_line2: optionalText(255),
  tax_number: optionalText(64),
};

/** POST contacts. `labels` (label ids) sets the new contact's labels. */
export const contactSchema = v.strictObject({
  // A missing required field reads as '' so it reports 'This field is required' like an empty one.
  first_name: v.optional(contactFields.first_name, ''),
  last_name: v.optional(contactFields.last_name, ''),
  email: v.optional(contactFields.email, ''),
  address_line1: v.optional(contactFields.address_line1, ''),
  country: v.optional(contactFields.country, ''),
  city: v.optional(contactFields.city, ''),
  postal_code: v.optional(contactFields.postal_code, ''),
  company: v.optional(contactFields.company, ''),
  address_line2: v.optional(contactFields.address_line2, ''),
  tax_number: v.optional(contactFields.tax_number, ''),
  addresses: v.optional(contactAddressesField, []),
  labels: v.optional(labelIdsField),
});
export type ContactCreateInput = v.InferOutput<typeof contactSchema>;

/**
 * PATCH contacts/{id}: any of the fields; the required ones may not be emptied. `addresses` and `labels`
 * replace the whole list (`{labels}` alone is what the label picker sends).
 */
export const patchContactSchema = v.strictObject({
  first_name: v.optional(contactFields.first_name),
  last_name: v.optional(contactFields.last_name),
  email: v.optional(contactFields.email),
  address_line1: v.optional(contactFields.address_line1),
  country: v.optional(contactFields.country),
  city: v.optional(contactFields.city),
  postal_code: v.optional(contactFields.postal_code),
  company: v.optional(contactFields.company),
  address_line2: v.optional(contactFields.address_line2),
  tax_number: v.optional(contactFields.tax_number),
  addresses: v.optional(contactAddressesField),
  labels: v.optional(labelIdsField),
});
export type ContactPatchInput = v.InferOutput<typeof patchContactSchema>;
