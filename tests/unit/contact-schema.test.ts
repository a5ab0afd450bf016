import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { contactSchema, MAX_CONTACT_ADDRESSES, patchContactSchema } from '../../src/shared/schemas/contact';
import { labelSchema, patchLabelSchema, transactionLabelSchema } from '../../src/shared/schemas/label';

const EVM = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';
const BTC = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

const valid = {
  first_name: ' Ada ',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  address_line1: '12 Analytical Row',
  country: 'United Kingdom',
  city: 'London',
  postal_code: 'N1 9GU',
};

/** Field path -> messages, as the server reports them. */
function errors(schema: v.GenericSchema, input: unknown): Record<string, string[]> {
  const result = v.safeParse(schema, input);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.issues) (out[v.getDotPath(issue) ?? ''] ??= []).push(issue.message);
  return out;
}

describe('contact schema (docs/contacts.md)', () => {
  it('accepts the required fields, trims them and fills the optional ones', () => {
    const output = v.parse(contactSchema, valid);
    expect(output).toEqual({
      ...valid,
      first_name: 'Ada',
      company: '',
      address_line2: '',
      tax_number: '',
      addresses: [],
    });
    expect(output.labels).toBeUndefined();
  });

  it('requires first_name, last_name, email, address_line1, country, city and postal_code', () => {
    expect(errors(contactSchema, {})).toEqual({
      first_name: ['This field is required'],
      last_name: ['This field is required'],
      email: ['This field is required'],
      address_line1: ['This field is required'],
      country: ['This field is required'],
      city: ['This field is required'],
      postal_code: ['This field is required'],
    });
    expect(errors(contactSchema, { ...valid, city: '   ', first_name: '' })).toEqual({
      city: ['This field is required'],
      first_name: ['This field is required'],
    });
  });

  it('checks the e-mail and the lengths', () => {
    expect(errors(contactSchema, { ...valid, email: 'not-an-email' })).toEqual({ email: ['Enter a valid email address'] });
    expect(errors(contactSchema, { ...valid, postal_code: '1'.repeat(33) })).toEqual({
      postal_code: ['Ensure this field has no more than 32 characters.'],
    });
  });

  it('takes null for the optional texts and refuses unknown fields', () => {
    expect(v.parse(contactSchema, { ...valid, company: null, tax_number: ' DE123 ' })).toMatchObject({ company: '', tax_number: 'DE123' });
    expect(errors(contactSchema, { ...valid, id: 'x' })).toHaveProperty('id');
  });

  it('drops empty address rows and checks the others where they were sent', () => {
    const output = v.parse(contactSchema, {
      ...valid,
      addresses: [
        { network: 'ETHEREUM', address: '' },
        { network: 'BITCOIN', address: ` ${BTC} ` },
        { address: '   ' },
        { network: 'POLYGON', address: EVM },
      ],
    });
    expect(output.addresses).toEqual([
      { network: 'BITCOIN', address: BTC },
      { network: 'POLYGON', address: EVM },
    ]);

    expect(
      errors(contactSchema, {
        ...valid,
        addresses: [
          { network: 'ETHEREUM', address: EVM },
          { network: 'BITCOIN', address: EVM },
          { address: EVM },
          { network: 'ETHEREUM', address: EVM.toLowerCase().replace('0x8', '0x9') },
          { network: 'SOLANA', address: 'x' },
          { network: 'ETHEREUM', address: `0x${'A'.repeat(20)}${'b'.repeat(20)}` },
        ],
      }),
    ).toEqual({
      'addresses.1.address': ['Enter a valid Bitcoin address.'],
      'addresses.2.network': ['Network is required'],
      'addresses.4.network': ['Choose one of: ETHEREUM, BITCOIN, POLYGON, FANTOM, BINANCE_SMART_CHAIN, RONIN, AVALANCHE.'],
      'addresses.5.address': ['Enter a valid Ethereum address.'],
    });
  });

  it('limits the number of addresses and wants label ids', () => {
    const many = Array.from({ length: MAX_CONTACT_ADDRESSES + 1 }, () => ({ network: 'ETHEREUM', address: EVM }));
    expect(errors(contactSchema, { ...valid, addresses: many })).toEqual({
      addresses: [`Ensure this list has no more than ${String(MAX_CONTACT_ADDRESSES)} addresses.`],
    });
    expect(errors(contactSchema, { ...valid, labels: ['nope'] })).toEqual({ 'labels.0': ['Not a valid label id.'] });
    const id = '5b0e1f64-8a3c-4c11-9d7e-2f4a1b6c9d00';
    expect(v.parse(contactSchema, { ...valid, labels: [id] }).labels).toEqual([id]);
  });

  it('PATCH takes any subset, but a required field may not be emptied', () => {
    expect(v.parse(patchContactSchema, {})).toEqual({});
    expect(v.parse(patchContactSchema, { labels: [] })).toEqual({ labels: [] });
    expect(v.parse(patchContactSchema, { company: 'Acme ' })).toEqual({ company: 'Acme' });
    expect(errors(patchContactSchema, { last_name: '' })).toEqual({ last_name: ['This field is required'] });
    expect(v.parse(patchContactSchema, { addresses: [{ network: 'RONIN', address: '' }] })).toEqual({ addresses: [] });
  });
});

describe('label schemas', () => {
  it('needs a name and one of the 7 colours', () => {
    expect(v.parse(labelSchema, { name: ' Rent ', color: 'GREEN' })).toEqual({ name: 'Rent', color: 'GREEN' });
    expect(errors(labelSchema, { name: ' ', color: 'TEAL' })).toEqual({
      name: ['This field is required'],
      color: ['Choose one of: RED, ORANGE, YELLOW, GREEN, BLUE, PINK, PURPLE.'],
    });
    expect(errors(labelSchema, { name: 'x'.repeat(65), color: 'RED' })).toEqual({
      name: ['Ensure this field has no more than 64 characters.'],
    });
    expect(v.parse(patchLabelSchema, { color: 'PINK' })).toEqual({ color: 'PINK' });
  });

  it('a payment label needs a name and a transaction hash; the invoice is optional', () => {
    const hash = `0x${'ab'.repeat(32)}`;
    expect(v.parse(transactionLabelSchema, { name: 'Invoice 7', tx_hash: hash })).toEqual({ name: 'Invoice 7', tx_hash: hash, invoice: null });
    expect(v.parse(transactionLabelSchema, { name: 'BTC', tx_hash: 'cd'.repeat(32), invoice: null }).tx_hash).toBe('cd'.repeat(32));
    expect(errors(transactionLabelSchema, { name: 'x', tx_hash: '0x1234', invoice: 'INV-1' })).toEqual({
      tx_hash: ['Enter a valid transaction hash.'],
      invoice: ['Not a valid invoice id.'],
    });
  });
});
