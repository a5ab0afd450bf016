import { describe, expect, it } from 'vitest';
import { formErrors, formTotals, cryptoAmount, minimumAmountText, preSendText } from '../../src/app/features/new-invoice/invoice-form-checks';
import {
  ACTION_STATE,
  editBody,
  emptyInvoiceForm,
  invoiceBody,
  invoiceToForm,
  withFtc,
  withIssuedAt,
  type InvoiceFormValues,
} from '../../src/app/features/new-invoice/invoice-form-model';
import { placeServerErrors } from '../../src/app/features/new-invoice/server-errors';
import type { User } from '../../src/shared/api-types';
import type { InvoiceOut } from '../../src/shared/contract/invoices';
import { invoiceSchema, patchInvoiceSchema } from '../../src/shared/schemas/invoice';
import * as v from 'valibot';

const user = {
  id: 'u1',
  full_access: true,
  signed_email: null,
  first_name: 'Grace',
  last_name: 'Hopper',
  email: 'grace@example.com',
  address_line1: '1 Harbor Way',
  address_line2: '',
  city: 'Arlington',
  postal_code: '22201',
  country: 'United States',
  tax_number: 'US-1',
} as unknown as User;

const CONTACT = '0b9c3f7e-5d1a-4a55-9d59-3a0f3c7f4b11';
const WALLET = '7c0a1d3e-2b4f-4e6a-8c9d-0e1f2a3b4c5d';
const item = (over: Partial<InvoiceFormValues['items'][number]> = {}) => ({
  name: 'Consulting',
  description: '',
  quantity: '2',
  unit_price: '60.5',
  discount: '',
  discount_is_percent: false,
  tax: '',
  tax_is_percent: true,
  ...over,
});

function complete(): InvoiceFormValues {
  return {
    ...emptyInvoiceForm(user, { contactId: CONTACT, walletId: WALLET }),
    name: 'March work',
    items: [item(), item({ name: 'Review', quantity: '1', unit_price: '10', tax: '20' })],
    issued_at: '2025-03-01',
    expires_at: '2025-03-31',
  };
}

describe('new invoice form: values', () => {
  it('starts with the default template, USD, the profile as owner and the prefilled contact and wallet', () => {
    const form = emptyInvoiceForm(user, { contactId: CONTACT, walletId: WALLET });
    expect(form.kind).toBe('DEFAULT');
    expect(form.fiat_currency).toBe('USD');
    expect(form.owner).toMatchObject({ first_name: 'Grace', email: 'grace@example.com', city: 'Arlington', tax_number: 'US-1', iban: '' });
    expect(form.contact).toBe(CONTACT);
    expect(form.wallet).toBe(WALLET);
    expect(form.token).toBe('USDC');
    expect(emptyInvoiceForm(user).wallet).toBeNull();
    expect(emptyInvoiceForm(user).token).toBeNull();
  });

  it('Fiat-to-Crypto forces EUR; a new issued date drops a due date no longer after it', () => {
    expect(withFtc(complete(), true)).toMatchObject({ is_ftc: true, fiat_currency: 'EUR' });
    expect(withIssuedAt(complete(), '2025-03-31').expires_at).toBe('');
    expect(withIssuedAt(complete(), '2025-03-02').expires_at).toBe('2025-03-31');
    expect(withIssuedAt(complete(), '').expires_at).toBe('');
  });
});

describe('new invoice form: payloads', () => {
  it('each button asks for its state: SAVE DRAFT a draft, Download PDF and SEND an issued invoice', () => {
    expect(ACTION_STATE).toEqual({ draft: 'DRAFT', download: 'DUE', send: 'DUE' });
    expect(invoiceBody(complete(), 'draft')).toMatchObject({ state: 'DRAFT', download_only: false });
    expect(invoiceBody(complete(), 'download')).toMatchObject({ state: 'DUE', download_only: true });
    expect(invoiceBody(complete(), 'send')).toMatchObject({ state: 'DUE', download_only: false });
  });

  it('builds a body the server schema accepts, empty adjustments as 0 and the token only with a wallet', () => {
    const body = invoiceBody(complete(), 'send');
    expect(body.items[0]).toEqual({
      name: 'Consulting',
      description: '',
      quantity: '2',
      unit_price: '60.5',
      discount: '0',
      discount_is_percent: false,
      tax: '0',
      tax_is_percent: true,
    });
    expect(body).toMatchObject({ contact: CONTACT, wallet: WALLET, token: 'USDC', issued_at: '2025-03-01', fiat_currency: 'USD' });
    expect(v.safeParse(invoiceSchema, body).success).toBe(true);
    const noWallet = invoiceBody({ ...complete(), wallet: null }, 'draft');
    expect(noWallet.token).toBeNull();
    // A draft with only a name: no dates, no owner when none is given.
    const bare = invoiceBody({ ...emptyInvoiceForm(null), name: ' Only a name ' }, 'draft');
    expect(bare).toMatchObject({ name: 'Only a name', issued_at: null, expires_at: null, owner: null, items: [] });
    expect(v.safeParse(invoiceSchema, bare).success).toBe(true);
  });

  it('letter fields and bank details are sent only for the letter templates', () => {
    const values = { ...complete(), number: 'INV-7', project_name: 'P', covering_period: 'March', owner: { ...complete().owner, iban: 'DE00' } };
    expect(invoiceBody(values, 'send')).toMatchObject({ number: '', project_name: '', owner: { iban: '' } });
    expect(invoiceBody({ ...values, kind: 'ADVISORY' }, 'send')).toMatchObject({ number: 'INV-7', covering_period: 'March', owner: { iban: 'DE00' } });
  });

  it('editing a draft: a save that is not DUE drops the state, SEND keeps it', () => {
    expect('state' in editBody(complete(), 'draft')).toBe(false);
    expect(editBody(complete(), 'send').state).toBe('DUE');
    expect(editBody(complete(), 'download')).toMatchObject({ state: 'DUE', download_only: true });
    expect(v.safeParse(patchInvoiceSchema, editBody(complete(), 'draft')).success).toBe(true);
  });

  it('a loaded draft fills the form and saves back the same lines', () => {
    const stored = {
      id: 'i1',
      name: 'Stored',
      number: '',
      vendor: '',
      project_name: '',
      covering_period: '',
      kind: 'DEFAULT',
      state: 'DRAFT',
      issued_at: null,
      expires_at: null,
      fiat_currency: 'EUR',
      message: 'Thanks',
      contact: { id: CONTACT },
      owner: null,
      wallet: { id: WALLET, network: 'POLYGON', address: '0x1' },
      token: { id: 'POLYGON:0x2', symbol: 'USDT', name: 'Tether', image_url: '' },
      items: [{ id: 'x', name: 'A', description: 'd', quantity: '3.00000', unit_price: '1.50000', discount: '0.00000', discount_is_percent: false, tax: '10.00000', tax_is_percent: true, total_amount: '4.95' }],
      attachments: [],
      is_ftc: false,
    } as unknown as InvoiceOut;
    const form = invoiceToForm(stored);
    expect(form).toMatchObject({ name: 'Stored', fiat_currency: 'EUR', contact: CONTACT, wallet: WALLET, token: 'USDT', issued_at: '', message: 'Thanks' });
    expect(form.owner.email).toBe('');
    expect(invoiceBody(form, 'draft').items[0]).toMatchObject({ quantity: '3.00000', tax: '10.00000' });
  });
});

describe('new invoice form: checks', () => {
  it('a draft needs only a name; an issued invoice its dates, an item and the owner', () => {
    expect(formErrors({ ...emptyInvoiceForm(null) }, 'draft')).toEqual({ name: ['This field is required'] });
    expect(formErrors({ ...emptyInvoiceForm(null), name: 'x' }, 'draft')).toEqual({});
    const issued = formErrors({ ...emptyInvoiceForm(null), name: 'x' }, 'send');
    expect(issued).toMatchObject({
      issued_at: ['This field is required'],
      expires_at: ['This field is required'],
      items: ['Add at least one item.'],
      'owner.email': ['This field is required'],
      'owner.first_name': ['This field is required'],
    });
    expect(formErrors(complete(), 'send')).toEqual({});
    expect(formErrors({ ...complete(), kind: 'TAHOTM' }, 'send')).toMatchObject({ number: ['This field is required'], 'owner.iban': ['This field is required'] });
  });

  it('item rules and the due date, keyed by dotted paths', () => {
    const values = {
      ...complete(),
      items: [item({ quantity: '1.5', unit_price: '0' }), item({ name: '', discount: '-1', tax: '1.123456' })],
      expires_at: '2025-03-01',
    };
    expect(formErrors(values, 'draft')).toEqual({
      'items.0.quantity': ['Cannot have decimals'],
      'items.0.unit_price': ['Must be positive'],
      'items.1.name': ['This field is required'],
      'items.1.discount': ['Cannot be negative'],
      'items.1.tax': ['Max 5 decimals allowed'],
      expires_at: ['Must be Greater than Invoice Issued.'],
    });
  });

  it('pre-send checks are joined into one message', () => {
    const values = { ...complete(), contact: null, wallet: null };
    expect(preSendText(values, null)).toBe('Please fix all required fields: Choose contact, Choose wallet');
    const contact = { address_line1: '', postal_code: '1', city: 'c', country: 'x' };
    expect(preSendText(complete(), contact)).toBe('Please fix all required fields: Chosen contact is missing required data');
    expect(preSendText(complete(), { ...contact, address_line1: 'a' })).toBeNull();
  });

  it('totals with the FTC fee, the crypto amount and the 10 USDT minimum', () => {
    expect(formTotals(complete()).total_amount).toBe('133.00000');
    expect(formTotals(withFtc(complete(), true))).toMatchObject({ ftc_fee: '1.99500', total_amount: '134.99500' });
    expect(cryptoAmount('133.00000', '0.9')).toBe('147.7778');
    expect(cryptoAmount('133', null)).toBeNull();
    expect(cryptoAmount('133', '0')).toBeNull();
    expect(minimumAmountText('9.99999', '1')).toBe('The minimum invoice amount must be the equivalent of 10 USDT.');
    expect(minimumAmountText('10', '1')).toBeNull();
  });

  it('server errors go on their fields, the rest to the general area', () => {
    expect(
      placeServerErrors({
        'owner.email': ['Enter a valid email address'],
        'items.0.quantity': ['Must be positive'],
        'items.1': ['Expected an item object.'],
        'attachments.0.data': ['Attach an image or a PDF file.'],
        non_field_errors: ['The minimum invoice amount must be the equivalent of 10 USDT.'],
        state: ['Choose one of: DRAFT, DUE.'],
      }),
    ).toEqual({
      fields: {
        'owner.email': ['Enter a valid email address'],
        'items.0.quantity': ['Must be positive'],
        'items.1': ['Expected an item object.'],
        attachments: ['Attach an image or a PDF file.'],
      },
      general: ['The minimum invoice amount must be the equivalent of 10 USDT.', 'state: Choose one of: DRAFT, DUE.'],
    });
  });
});
