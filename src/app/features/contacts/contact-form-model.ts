/**
 * The contact form's values and what it sends (docs/contacts.md): empty address rows are dropped on submit,
 * and the server's 400 errors are mapped back onto the fields and rows they belong to.
 */
import type { FieldErrors } from '../../../shared/api-types';
import type { ContactOut } from '../../../shared/data-types';
import { NETWORKS, type Network } from '../../../shared/enums';
import type { ContactInput } from './contact-queries';

export type AddressRowValues = {
  network: string;
  address: string;
};

export type ContactFormValues = {
  first_name: string;
  last_name: string;
  company: string;
  email: string;
  address_line1: string;
  address_line2: string;
  city: string;
  postal_code: string;
  country: string;
  tax_number: string;
  addresses: AddressRowValues[];
};

export const CONTACT_TEXT_FIELDS = [
  'first_name',
  'last_name',
  'company',
  'email',
  'address_line1',
  'address_line2',
  'city',
  'postal_code',
  'country',
  'tax_number',
] as const satisfies readonly (keyof ContactFormValues)[];
export type ContactTextField = (typeof CONTACT_TEXT_FIELDS)[number];

export const EMPTY_ADDRESS_ROW: AddressRowValues = { network: 'ETHEREUM', address: '' };

export function emptyContactForm(): ContactFormValues {
  return {
    first_name: '',
    last_name: '',
    company: '',
    email: '',
    address_line1: '',
    address_line2: '',
    city: '',
    postal_code: '',
    country: '',
    tax_number: '',
    addresses: [{ ...EMPTY_ADDRESS_ROW }],
  };
}

export function contactToForm(contact: ContactOut): ContactFormValues {
  return {
    first_name: contact.first_name,
    last_name: contact.last_name,
    company: contact.company,
    email: contact.email,
    address_line1: contact.address_line1,
    address_line2: contact.address_line2,
    city: contact.city,
    postal_code: contact.postal_code,
    country: contact.country,
    tax_number: contact.tax_number,
    addresses: contact.addresses.length > 0 ? contact.addresses.map((row) => ({ ...row })) : [{ ...EMPTY_ADDRESS_ROW }],
  };
}

export function isNetwork(value: string): value is Network {
  return (NETWORKS as readonly string[]).includes(value);
}

/** Whether an address row is empty (dropped on submit). */
export function isEmptyRow(row: AddressRowValues): boolean {
  return row.address.trim() === '';
}

export interface PreparedContact {
  input: ContactInput;
  /** Form row index of each address sent, so server errors `addresses.<i>` land on the right row. */
  rowIndexes: number[];
}

/** The request body from the form: trimmed texts, empty address rows dropped. */
export function prepareContact(values: ContactFormValues): PreparedContact {
  const rowIndexes: number[] = [];
  const addresses: ContactInput['addresses'] = [];
  values.addresses.forEach((row, index) => {
    if (isEmptyRow(row) || !isNetwork(row.network)) return;
    rowIndexes.push(index);
    addresses.push({ network: row.network, address: row.address.trim() });
  });
  const text = (field: ContactTextField) => values[field].trim();
  return {
    input: {
      first_name: text('first_name'),
      last_name: text('last_name'),
      company: text('company'),
      email: text('email'),
      address_line1: text('address_line1'),
      address_line2: text('address_line2'),
      city: text('city'),
      postal_code: text('postal_code'),
      country: text('country'),
      tax_number: text('tax_number'),
      addresses,
    },
    rowIndexes,
  };
}

export interface PlacedErrors {
  /** Field name (e.g. 'email' or 'addresses.2.address') to its message. */
  fields: Record<string, string>;
  /** Address errors that name no row, joined by ', '. */
  addresses: string;
  /** Everything else (non_field_errors and unknown fields). */
  general: string;
}

const ROW_ERROR = /^addresses\.(\d+)(?:\.(address|network))?$/;

/**
 * Spreads a 400 body over the form: text fields get their messages, `addresses.<i>[.address|.network]` the row
 * they came from (server index to form index), bare `addresses` errors are joined by ', ' (docs/contacts.md).
 */
export function placeServerErrors(errors: FieldErrors | null, rowIndexes: readonly number[]): PlacedErrors {
  const placed: PlacedErrors = { fields: {}, addresses: '', general: '' };
  if (!errors) return placed;
  const general: string[] = [];
  const addressMessages: string[] = [];
  for (const [key, messages] of Object.entries(errors)) {
    if (messages.length === 0) continue;
    if ((CONTACT_TEXT_FIELDS as readonly string[]).includes(key)) {
      placed.fields[key] = messages.join(' ');
      continue;
    }
    if (key === 'addresses') {
      addressMessages.push(...messages);
      continue;
    }
    const match = ROW_ERROR.exec(key);
    if (match) {
      const formIndex = rowIndexes[Number(match[1])];
      if (formIndex === undefined) {
        addressMessages.push(...messages);
        continue;
      }
      const name = `addresses.${String(formIndex)}.${match[2] ?? 'address'}`;
      placed.fields[name] = [placed.fields[name], ...messages].filter(Boolean).join(', ');
      continue;
    }
    general.push(...messages);
  }
  placed.addresses = addressMessages.join(', ');
  placed.general = general.join(' ');
  return placed;
}
