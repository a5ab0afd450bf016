import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EPC_MAX_BYTES, epcQrPayload, EpcQrError, isCreditorReference, normalizeBic, normalizeIban } from '../../src/shared/epc-qr';

const transfer = {
  bic: 'COBADEFFXXX',
  name: 'Ada Lovelace Consulting',
  iban: 'DE89 3704 0044 0532 0130 00',
  amountEur: '1234.5',
  reference: 'INV-2026-0042',
};

describe('epcQrPayload', () => {
  it('writes the BCD lines of a SEPA credit transfer with a free-text reference', () => {
    expect(epcQrPayload(transfer)).toBe(
      ['BCD', '002', '1', 'SCT', 'COBADEFFXXX', 'Ada Lovelace Consulting', 'DE89370400440532013000', 'EUR1234.50', '', '', 'INV-2026-0042'].join('\n'),
    );
  });

  it('puts an RF creditor reference in the structured field and leaves the text out', () => {
    expect(epcQrPayload({ ...transfer, reference: 'RF18 5390 0754 7034' }).split('\n')).toEqual([
      'BCD', '002', '1', 'SCT', 'COBADEFFXXX', 'Ada Lovelace Consulting', 'DE89370400440532013000', 'EUR1234.50', '', 'RF18539007547034',
    ]);
  });

  it('leaves the BIC line empty when it is unknown, and trailing empty lines out', () => {
    expect(epcQrPayload({ ...transfer, bic: '', reference: '' })).toBe(
      ['BCD', '002', '1', 'SCT', '', 'Ada Lovelace Consulting', 'DE89370400440532013000', 'EUR1234.50'].join('\n'),
    );
  });

  it('refuses what a banking app would refuse', () => {
    expect(() => epcQrPayload({ ...transfer, iban: 'DE89370400440532013001' })).toThrow(/not a valid IBAN/);
    expect(() => epcQrPayload({ ...transfer, bic: 'COBA' })).toThrow(/not a BIC/);
    expect(() => epcQrPayload({ ...transfer, name: ' ' })).toThrow(EpcQrError);
    expect(() => epcQrPayload({ ...transfer, name: 'x'.repeat(71) })).toThrow(EpcQrError);
    expect(() => epcQrPayload({ ...transfer, amountEur: '0.001' })).toThrow(/2 decimals/);
    expect(() => epcQrPayload({ ...transfer, amountEur: '0' })).toThrow(/between/);
    expect(() => epcQrPayload({ ...transfer, amountEur: '1000000000' })).toThrow(/between/);
    expect(() => epcQrPayload({ ...transfer, amountEur: '1e3' })).toThrow(/not a decimal/);
    expect(() => epcQrPayload({ ...transfer, reference: 'x'.repeat(141) })).toThrow(/reference/);
  });

  it('keeps any valid transfer within the size a bank QR code may hold, with the amount exact to the cent', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 70 }).filter((name) => name.trim().replace(/\s+/g, ' ').length > 0),
        fc.bigInt({ min: 1n, max: 99_999_999_999n }),
        fc.string({ maxLength: 140 }),
        (name, cents, reference) => {
          const amount = `${(cents / 100n).toString()}.${(cents % 100n).toString().padStart(2, '0')}`;
          let payload: string;
          try {
            payload = epcQrPayload({ ...transfer, name, amountEur: amount, reference });
          } catch (error) {
            // Multi-byte names and references may not fit; that is the only refusal allowed here.
            expect(error).toBeInstanceOf(EpcQrError);
            expect(String(error)).toMatch(/bytes/);
            return;
          }
          expect(new TextEncoder().encode(payload).length).toBeLessThanOrEqual(EPC_MAX_BYTES);
          expect(payload.split('\n')[7]).toBe(`EUR${amount}`);
        },
      ),
    );
  });
});

describe('bank identifiers', () => {
  it('checks IBANs with mod 97', () => {
    expect(normalizeIban('gb82 west 1234 5698 7654 32')).toBe('GB82WEST12345698765432');
    expect(normalizeIban('GB82WEST12345698765433')).toBeNull();
    expect(normalizeIban('not an iban')).toBeNull();
  });

  it('reads BICs of 8 and 11 characters', () => {
    expect(normalizeBic('deutdeff')).toBe('DEUTDEFF');
    expect(normalizeBic('DEUTDEFF500')).toBe('DEUTDEFF500');
    expect(normalizeBic('DEUTDEFF5')).toBeNull();
  });

  it('recognises ISO 11649 creditor references', () => {
    expect(isCreditorReference('RF18539007547034')).toBe(true);
    expect(isCreditorReference('RF18 5390 0754 7034')).toBe(true);
    expect(isCreditorReference('RF19539007547034')).toBe(false);
    expect(isCreditorReference('INV-1')).toBe(false);
  });
});
