import { describe, expect, it } from 'vitest';
import type { DocumentOut } from '../../src/shared/contract/documents';
import type { InvoiceOut } from '../../src/shared/contract/invoices';
import { bankTransferText, openFtcInvoiceChoices } from '../../src/app/features/ftc/ftc-review';

const transfer = { amount: '1234.50', currency: 'EUR', reference: '  Rent November ', received_at: '2026-11-20T09:15:00.000Z' };

function invoiceDoc(invoice: Partial<InvoiceOut>): DocumentOut {
  const full = {
    id: 'inv-1',
    name: 'Bank invoice',
    number: '7',
    state: 'DUE',
    is_ftc: true,
    ftc: { bank_uuid: 'b', bank_iban: 'DE00', bank_bic: '', payment_ref: 'LL-ABC', kyc: 'FULL_USER' },
    total_amount: '121.80000',
    ...invoice,
  } as InvoiceOut;
  return { id: `doc-${full.id}`, name: full.name, kind: 'INVOICE', state: full.state, invoice: full } as DocumentOut;
}

describe('bankTransferText', () => {
  it('shows a euro transfer with its amount, the reference given and the day received', () => {
    expect(bankTransferText(transfer)).toEqual({ amount: '€1,234.50 bank transfer', reference: 'reference "Rent November"', day: '2026-11-20' });
  });

  it('says when no reference was given and names a currency other than the euro', () => {
    expect(bankTransferText({ ...transfer, reference: ' ', currency: 'USD', amount: '5.00' })).toMatchObject({
      amount: '5.00 USD bank transfer',
      reference: 'no reference given',
    });
  });
});

describe('openFtcInvoiceChoices', () => {
  it('offers only issued Fiat-to-Crypto invoices that still await payment', () => {
    const documents = [
      invoiceDoc({ id: 'due' }),
      invoiceDoc({ id: 'expired', state: 'EXPIRED' }),
      invoiceDoc({ id: 'processing', state: 'PROCESSING' }),
      invoiceDoc({ id: 'paid', state: 'PAID' }),
      invoiceDoc({ id: 'draft', state: 'DRAFT' }),
      invoiceDoc({ id: 'crypto', is_ftc: false, ftc: null }),
      { id: 'report', name: 'Report', kind: 'TRANSACTIONS', state: null, invoice: null } as unknown as DocumentOut,
    ];
    expect(openFtcInvoiceChoices(documents).map((choice) => choice.value)).toEqual(['due', 'expired', 'processing']);
  });

  it('labels each with its name, number, the euro a transfer must cover (whole cents, rounded up) and what was received', () => {
    expect(openFtcInvoiceChoices([invoiceDoc({ total_amount: '121.80001' })])[0]?.label).toBe('Bank invoice #7 · €121.81');
    const partly = invoiceDoc({ number: '', ftc: { bank_uuid: 'b', bank_iban: 'DE00', bank_bic: '', payment_ref: 'LL-ABC', kyc: 'FULL_USER', amount_received: '100.00' } });
    expect(openFtcInvoiceChoices([partly])[0]?.label).toBe('Bank invoice · €121.80, €100.00 received');
  });
});
