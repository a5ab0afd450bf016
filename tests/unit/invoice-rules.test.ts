import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import {
  adjustmentError,
  attachmentBytes,
  attachmentsTotalBytes,
  contactIsComplete,
  dueDateError,
  invoiceTotalsWithFee,
  issuedInvoiceErrors,
  itemErrors,
  meetsMinimumAmount,
  ownerErrors,
  preSendMessage,
  preSendProblems,
  quantityError,
  unitPriceError,
} from '../../src/shared/invoice-rules';
import { invoiceSchema } from '../../src/shared/schemas/invoice';

const owner = {
  first_name: 'Grace',
  last_name: 'Hopper',
  email: 'grace@example.com',
  address_line1: '1 Harbor Way',
  city: 'Arlington',
  postal_code: '22201',
  country: 'US',
  bank_account: '',
  iban: '',
};
const line = { quantity: '3', unit_price: '19.99999', discount: '10', discount_is_percent: true, tax: '2.5', tax_is_percent: false };

describe('invoice item rules (docs/invoices.md)', () => {
  it('quantity is a whole number above zero', () => {
    expect(['1', '12', '2.00'].map(quantityError)).toEqual([null, null, null]);
    expect(quantityError('0')).toBe('Must be positive');
    expect(quantityError('-3')).toBe('Must be positive');
    expect(quantityError('1.5')).toBe('Cannot have decimals');
    expect(quantityError('')).toBe('This field is required');
    expect(quantityError('1e3')).toBe('Enter a number.');
  });

  it('unit price is above zero with at most 5 decimals; discount and tax not negative', () => {
    expect(unitPriceError('19.99999')).toBeNull();
    expect(unitPriceError('19.999990')).toBeNull();
    expect(unitPriceError('1.123456')).toBe('Max 5 decimals allowed');
    expect(unitPriceError('0.00000')).toBe('Must be positive');
    expect(unitPriceError('1'.repeat(16))).toBe('Ensure that there are no more than 15 digits before the decimal point.');
    expect(adjustmentError('0', false, false)).toBeNull();
    expect(adjustmentError('-0.1', false, false)).toBe('Cannot be negative');
    expect(adjustmentError('0.000001', true, false)).toBe('Max 5 decimals allowed');
    expect(adjustmentError('100.1', true, true)).toBe('Cannot be more than 100%.');
    expect(itemErrors({ ...line, discount: '60', discount_is_percent: false })).toEqual({ discount: 'Cannot be greater than the item amount.' });
    expect(itemErrors(line)).toEqual({});
  });

  it('the due date comes after the issued date', () => {
    expect(dueDateError('2024-03-01', '2024-03-02')).toBeNull();
    expect(dueDateError('2024-03-01', '2024-03-01')).toBe('Must be Greater than Invoice Issued.');
    expect(dueDateError('2024-03-01', '2024-02-28')).toBe('Must be Greater than Invoice Issued.');
    expect(dueDateError(null, '2024-02-28')).toBeNull();
  });
});

describe('invoice totals and the FTC fee', () => {
  it('sums lines with 5 decimals; tax percentage of the base', () => {
    const other = { quantity: '1', unit_price: '100', discount: '0', discount_is_percent: false, tax: '19', tax_is_percent: true };
    expect(invoiceTotalsWithFee([line, other], false)).toEqual({
      total_base_amount: '153.99997',
      total_tax_amount: '21.50000',
      total_tax_percentage: '13.96104',
      ftc_fee: '0.00000',
      total_amount: '175.49997',
    });
    // 1.5 % of 175.49997 is 2.6324995555 → 2.63250, added to total_amount.
    expect(invoiceTotalsWithFee([line, other], true)).toMatchObject({ ftc_fee: '2.63250', total_amount: '178.13247' });
    expect(invoiceTotalsWithFee([], false)).toMatchObject({ total_amount: '0.00000', total_tax_percentage: '0.00000' });
  });

  it('the minimum is 10 USDT at the quote rate, compared exactly', () => {
    expect(meetsMinimumAmount('10', '1')).toBe(true);
    expect(meetsMinimumAmount('10', '1.0003')).toBe(false);
    expect(meetsMinimumAmount('10.003', '1.0003')).toBe(true);
    expect(meetsMinimumAmount('9.00000', '0.9')).toBe(true);
    expect(meetsMinimumAmount('100', '0')).toBe(false);
  });
});

describe('attachments', () => {
  it('counts decoded bytes of image and PDF data URLs only', () => {
    expect(attachmentBytes('data:image/png;base64,aGk=')).toBe(2);
    expect(attachmentBytes('data:application/pdf;base64,aGVsbG8h')).toBe(6);
    expect(attachmentBytes('data:text/plain;base64,aGk=')).toBeNull();
    expect(attachmentBytes('data:image/png;base64,aGk')).toBeNull();
    expect(attachmentsTotalBytes([{ data: 'data:image/png;base64,aGk=' }, { data: 'data:image/jpeg;base64,aGVsbG8h' }])).toBe(8);
  });

  it('the schema refuses more than 10,000,000 bytes together', () => {
    const png = (bytes: number) => ({ name: 'a.png', data: `data:image/png;base64,${Buffer.alloc(bytes).toString('base64')}` });
    expect(v.safeParse(invoiceSchema, { name: 'x', attachments: [png(5_000_000), png(5_000_000)] }).success).toBe(true);
    const over = v.safeParse(invoiceSchema, { name: 'x', attachments: [png(5_000_000), png(5_000_001)] });
    expect(over.issues?.map((issue) => issue.message)).toEqual(['Total file size has exceeded 10MB.']);
  });
});

describe('owner, contact and pre-send checks', () => {
  it('owner: e-mail always, names for the default template, bank details for the others', () => {
    expect(ownerErrors(owner, 'DEFAULT')).toEqual({});
    expect(ownerErrors({ ...owner, first_name: '', email: 'nope' }, 'DEFAULT')).toEqual({
      first_name: 'This field is required',
      email: 'Enter a valid email address',
    });
    expect(ownerErrors({ ...owner, first_name: '', last_name: '' }, 'TAHOTM')).toEqual({
      bank_account: 'This field is required',
      iban: 'This field is required',
    });
  });

  it('a contact needs address line 1, postal code, city and country', () => {
    expect(contactIsComplete({ address_line1: 'a', postal_code: 'b', city: 'c', country: 'd' })).toBe(true);
    expect(contactIsComplete({ address_line1: 'a', postal_code: ' ', city: 'c', country: 'd' })).toBe(false);
  });

  it('issued invoices must be complete', () => {
    const complete = {
      kind: 'DEFAULT' as const,
      number: '',
      project_name: '',
      covering_period: '',
      issued_at: '2024-01-01',
      expires_at: '2024-02-01',
      contact: 'c',
      owner,
      wallet: 'w',
      token: 't',
      items: [line],
    };
    expect(issuedInvoiceErrors(complete)).toEqual({});
    expect(issuedInvoiceErrors({ ...complete, kind: 'ADVISORY', wallet: null, items: [] })).toEqual({
      wallet: ['This field is required'],
      number: ['This field is required'],
      project_name: ['This field is required'],
      covering_period: ['This field is required'],
      'owner.bank_account': ['This field is required'],
      'owner.iban': ['This field is required'],
      items: ['Add at least one item.'],
    });
  });

  it('lists the pre-send problems in the documented order and joins them', () => {
    const contact = { address_line1: 'a', postal_code: '', city: 'c', country: 'd' };
    const problems = preSendProblems({ kind: 'TAHOTM', contact, owner: { ...owner, email: 'bad' }, fiat_currency: null, wallet: null });
    expect(problems).toEqual(['User email is invalid', 'Choose currency', 'Choose wallet', 'Chosen contact is missing required data', 'Some Bank details are missing']);
    expect(preSendProblems({ kind: 'DEFAULT', contact: null, owner: null, fiat_currency: 'USD', wallet: 'w' })).toEqual(['Choose contact', 'Fill user data']);
    expect(preSendMessage(['Choose contact', 'Choose wallet'])).toBe('Please fix all required fields: Choose contact, Choose wallet');
  });
});
