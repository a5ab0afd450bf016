import { describe, expect, it } from 'vitest';
import type { InvoiceOwnerOut } from '../../src/shared/contract/payments';
import {
  adjustmentText,
  bankDetailLines,
  ftcFee,
  invoiceDayText,
  invoiceDueDay,
  invoiceFromText,
  invoiceMoneyText,
  invoiceStateText,
  isLetterTemplate,
  itemRowText,
  messageText,
  partyLines,
  paymentText,
  unitPriceText,
} from '../../src/shared/invoice-display';
import { pdfSymbol, pdfText } from '../../src/server/invoices/invoice-pdf-parts';
import { invoicePdfUrl } from '../../src/app/features/invoices/invoice-pdf-link';
import { invoiceFailure } from '../../src/app/features/invoices/invoice-queries';
import { ApiError, NetworkError } from '../../src/app/lib/api-client';

const owner: InvoiceOwnerOut = {
  first_name: 'Grace',
  last_name: 'Hopper',
  email: 'grace@example.com',
  company: '',
  address_line1: '1 Harbor Way',
  address_line2: '',
  city: 'Arlington',
  postal_code: '22201',
  country: 'United States',
  bank_name: 'Harbor Bank',
  bank_account: '',
  iban: 'CH93 0076',
  clearing_number: ' ',
  swift: 'HARBUS33',
  tax_number: '',
};

describe('invoice display', () => {
  it('reads DUE as SENT and the other states by name; letters for TAHOTM and ADVISORY', () => {
    expect(invoiceStateText('DUE')).toBe('SENT');
    expect(invoiceStateText('PROCESSING')).toBe('PROCESSING');
    expect(invoiceStateText('DRAFT')).toBe('DRAFT');
    expect([isLetterTemplate('DEFAULT'), isLetterTemplate('TAHOTM'), isLetterTemplate('ADVISORY')]).toEqual([false, true, true]);
  });

  it("formats days as 'MMM dd, yyyy' and hides a draft's due date", () => {
    expect(invoiceDayText('2025-01-31')).toBe('Jan 31, 2025');
    expect(invoiceDayText('2024-03-05')).toBe('Mar 05, 2024');
    expect(invoiceDayText(null)).toBeNull();
    expect(invoiceDayText('31.01.2025')).toBeNull();
    expect(invoiceDueDay({ state: 'DUE', expires_at: '2025-01-31' })).toBe('Jan 31, 2025');
    expect(invoiceDueDay({ state: 'DRAFT', expires_at: '2025-01-31' })).toBeNull();
  });

  it('shows money in the invoice currency with 2 decimals (coins up to 6), unit prices at their precision', () => {
    expect(invoiceMoneyText('121', 'USD')).toBe('$121.00');
    expect(invoiceMoneyText('1234.505', 'EUR')).toBe('€1,234.51');
    expect(invoiceMoneyText('3', 'CHF')).toBe('CHF 3.00');
    expect(invoiceMoneyText('-2.5', 'EUR')).toBe('-€2.50');
    expect(invoiceMoneyText('0.1234567', 'ETH')).toBe('Ξ0.123457');
    expect(invoiceMoneyText('12', 'INR', 'INR')).toBe('INR 12.00');
    expect(invoiceMoneyText('oops', 'USD')).toBe('—');
    expect(unitPriceText('19.99999', 'USD')).toBe('$19.99999');
    expect(unitPriceText('100', 'EUR')).toBe('€100.00');
    expect(adjustmentText('10', true, 'USD')).toBe('10%');
    expect(adjustmentText('2.5', false, 'USD')).toBe('$2.50');
    expect(adjustmentText('0', true, 'USD')).toBe('0%');
  });

  it('reads an item line', () => {
    const item = {
      id: '1',
      name: 'Consulting',
      description: 'Jan',
      quantity: '3.00000',
      unit_price: '19.99999',
      discount: '10',
      discount_is_percent: true,
      tax: '2.5',
      tax_is_percent: false,
      total_amount: '56.49997',
    };
    expect(itemRowText(item, 'USD')).toEqual({
      name: 'Consulting',
      description: 'Jan',
      quantity: '3',
      unitPrice: '$19.99999',
      discount: '10%',
      tax: '$2.50',
      total: '$56.50',
    });
  });

  it('names the sender, the parties, the bank details, the payment and the message', () => {
    expect(invoiceFromText(owner)).toBe('Invoice from Grace Hopper');
    expect(invoiceFromText({ ...owner, company: 'ACME' })).toBe('Invoice from ACME');
    expect(invoiceFromText(null)).toBe('Invoice from N/A');
    expect(partyLines(owner)).toEqual(['Grace Hopper', '1 Harbor Way', '22201 Arlington', 'United States', 'grace@example.com']);
    expect(partyLines(null)).toEqual(['N/A']);
    expect(bankDetailLines(owner)).toEqual([
      ['Bank', 'Harbor Bank'],
      ['IBAN', 'CH93 0076'],
      ['SWIFT', 'HARBUS33'],
    ]);
    expect(paymentText({ wallet: null, token: null })).toEqual({ network: 'N/A', address: 'N/A', token: 'N/A' });
    expect(
      paymentText({ wallet: { id: null, network: 'POLYGON', address: '0xabc' }, token: { id: 't', symbol: 'USDT', name: 'Tether USD', image_url: '' } }),
    ).toEqual({ network: 'Polygon', address: '0xabc', token: 'USDT (Tether USD)' });
    expect(messageText('  ')).toBe('N/A');
    expect(messageText(' Thanks ')).toBe('Thanks');
  });

  it('finds the FTC fee inside the total', () => {
    const totals = { total_amount: '101.50000', total_base_amount: '90.00000', total_tax_amount: '10.00000' };
    expect(ftcFee({ ...totals, is_ftc: true })).toBe('1.50000');
    expect(ftcFee({ ...totals, is_ftc: false })).toBeNull();
  });
});

describe('invoice PDF helpers', () => {
  it('keeps text the standard fonts can draw', () => {
    expect(pdfText('Zürich €5 – “ok”')).toBe('Zürich €5 – “ok”');
    expect(pdfText('中文 ₹\tx\u0000')).toBe('?? ? x ');
    expect([pdfSymbol('EUR'), pdfSymbol('USD'), pdfSymbol('CHF'), pdfSymbol('INR'), pdfSymbol('ETH')]).toEqual(['€', '$', 'CHF', 'INR', 'ETH']);
  });

  it('links the PDF and tells a refused fetch from a missing network', () => {
    expect(invoicePdfUrl('abc', true)).toBe('/api/invoices/abc/pdf?download=true');
    expect(invoicePdfUrl('a/b', false)).toBe('/api/invoices/a%2Fb/pdf?download=false');
    expect(invoiceFailure(new ApiError(404, null, 'Not found.'))).toBe('not-found');
    expect(invoiceFailure(new ApiError(500, null, null))).toBe('not-found');
    expect(invoiceFailure(new NetworkError())).toBe('offline');
  });
});

