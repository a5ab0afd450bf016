import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Big } from '../../src/shared/money';
import { FTC_MESSAGES, isBirthDateBefore } from '../../src/shared/schemas/ftc';
import { newPaymentReference, paymentReferenceIn } from '../../src/server/ftc/ftc-invoice';
import { euroDue } from '../../src/server/ftc/ftc-transfers';
import { webhookSignature } from '../../src/server/ftc/ftc-webhook-routes';
import { kycFromPartnerStatus } from '../../src/server/providers/ftc/ftc-partner';
import { kycErrors, registrationErrors } from '../../src/app/features/ftc/ftc-form-rules';

const cents = fc.bigInt({ min: 0n, max: 10n ** 13n });
const fiveDecimals = fc.bigInt({ min: 0n, max: 10n ** 16n }).map((n) => new Big(n.toString()).div(100_000).toFixed(5));

describe('euro amounts of bank-paid invoices', () => {
  it('asks for the total rounded up to the cent: never less than the total, less than a cent more', () => {
    fc.assert(
      fc.property(fiveDecimals, (total) => {
        const due = euroDue(total);
        expect(due.gte(total)).toBe(true);
        expect(due.minus(total).lt('0.01')).toBe(true);
        expect(due.times(100).mod(1).eq(0)).toBe(true);
      }),
    );
  });

  it('is paid by transfers whose cents add up to the due amount, and not by one cent less', () => {
    fc.assert(
      fc.property(fc.array(cents, { minLength: 1, maxLength: 5 }), (parts) => {
        const sum = parts.reduce((a, b) => a + b, 0n);
        const total = new Big(sum.toString()).div(100).toFixed(5);
        const received = parts.reduce((acc, part) => acc.plus(new Big(part.toString()).div(100)), new Big(0));
        expect(received.gte(euroDue(total))).toBe(true);
        if (sum > 0n) expect(received.minus('0.01').gte(euroDue(total))).toBe(false);
      }),
    );
  });
});

describe('payment references', () => {
  it('are LL- and 10 characters without I, L, O or U, and are found again in a remittance text however written', () => {
    fc.assert(
      fc.property(fc.constantFrom('', 'Invoice ', 'pay '), fc.boolean(), (prefix, lower) => {
        const reference = newPaymentReference();
        expect(reference).toMatch(/^LL-[0-9A-HJKMNP-TV-Z]{10}$/);
        const written = `${prefix}${lower ? reference.toLowerCase() : reference}`.replace('-', lower ? ' ' : '');
        expect(paymentReferenceIn(written)).toBe(reference);
      }),
    );
    expect(paymentReferenceIn('no reference')).toBeNull();
    expect(paymentReferenceIn('LL-12345')).toBeNull();
  });
});

describe('KYC rules', () => {
  it('takes birth dates strictly before today, real calendar dates only', () => {
    expect(isBirthDateBefore('1990-05-17', '2026-01-01')).toBe(true);
    expect(isBirthDateBefore('2026-01-01', '2026-01-01')).toBe(false);
    expect(isBirthDateBefore('2026-01-02', '2026-01-01')).toBe(false);
    expect(isBirthDateBefore('1990-02-30', '2026-01-01')).toBe(false);
    expect(isBirthDateBefore('1899-12-31', '2026-01-01')).toBe(false);
    expect(kycErrors({ address_line_1: '', address_line_2: '', post_code: '', city: '', country: '', date_of_birth: '2026-01-01', source_of_funds: 'SALARY' }, '2026-01-01')).toEqual({
      address_line_1: ['This field is required'],
      post_code: ['This field is required'],
      city: ['This field is required'],
      country: ['This field is required'],
      date_of_birth: [FTC_MESSAGES.birthDate],
    });
  });

  it('asks for a wallet and, for hosted wallets only, the VASP name', () => {
    const values = { first_name: 'A', last_name: 'B', email: 'a@b.co', country: 'DE', wallet: '', target_address_type: 'HOSTED' as const, target_address_vasp: ' ' };
    expect(registrationErrors(values)).toEqual({ wallet: [FTC_MESSAGES.noWallet], target_address_vasp: [FTC_MESSAGES.vaspRequired] });
    expect(registrationErrors({ ...values, wallet: 'w', target_address_type: 'SELF_HOSTED' })).toEqual({});
  });

  it('reads the partner states', () => {
    expect(['FULL_USER', 'SOFT_KYC_FAILED', 'HARD_KYC_FAILED', 'KYC_PENDING', 'KYC_NEEDED', 'SOMETHING_NEW'].map(kycFromPartnerStatus)).toEqual([
      'FULL_USER',
      'SOFT_KYC_FAILED',
      'HARD_KYC_FAILED',
      'PENDING',
      'NOT_STARTED',
      'NOT_STARTED',
    ]);
  });
});

describe('webhook signatures', () => {
  it('are the hex HMAC-SHA256 of the raw body and change with any byte or another secret', () => {
    fc.assert(
      fc.property(fc.string(), fc.string({ minLength: 1 }), (body, secret) => {
        const signature = webhookSignature(secret, body);
        expect(signature).toMatch(/^[0-9a-f]{64}$/);
        expect(webhookSignature(secret, `${body} `)).not.toBe(signature);
        expect(webhookSignature(`${secret}x`, body)).not.toBe(signature);
      }),
    );
  });
});
