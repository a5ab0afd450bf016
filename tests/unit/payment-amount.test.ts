import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Big, MoneyError } from '../../src/shared/money';
import { invoiceTokenAmount } from '../../src/shared/payment-amount';

/** A plain decimal string with up to `scale` fraction digits, from a bigint of units: never through a float. */
const decimal = (min: bigint, max: bigint, scale: number) =>
  fc.bigInt({ min, max }).map((units) => {
    const digits = units.toString().padStart(scale + 1, '0');
    return scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  });

describe('invoiceTokenAmount', () => {
  it('divides the total by the quote and rounds half-up to 4 decimals', () => {
    expect(invoiceTokenAmount('100.00000', '1', 6)).toEqual({ amount: '100.0000', baseUnits: 100_000_000n });
    expect(invoiceTokenAmount('10', '3', 6)).toEqual({ amount: '3.3333', baseUnits: 3_333_300n });
    expect(invoiceTokenAmount('20', '3', 6)).toEqual({ amount: '6.6667', baseUnits: 6_666_700n });
    expect(invoiceTokenAmount('0.00005', '1', 18)).toEqual({ amount: '0.0001', baseUnits: 100_000_000_000_000n });
    expect(invoiceTokenAmount('250.5', '0.92', 6)).toEqual({ amount: '272.2826', baseUnits: 272_282_600n });
  });

  it('refuses a quote of zero or below', () => {
    expect(() => invoiceTokenAmount('10', '0', 6)).toThrow(MoneyError);
    expect(() => invoiceTokenAmount('10', '-1', 6)).toThrow(MoneyError);
  });

  it('is exact: 4 decimals, base units that say the same, and within half a unit of the fourth decimal', () => {
    fc.assert(
      fc.property(
        decimal(1n, 10n ** 20n, 5),
        decimal(1n, 10n ** 12n, 8),
        fc.constantFrom(6, 8, 18),
        (total, rate, decimals) => {
          const { amount, baseUnits } = invoiceTokenAmount(total, rate, decimals);
          expect(amount).toMatch(/^\d+\.\d{4}$/);
          expect(baseUnits).toBe(BigInt(amount.replace('.', '')) * 10n ** BigInt(decimals - 4));
          const exact = new Big(total).div(rate);
          expect(new Big(amount).minus(exact).abs().lte('0.00005')).toBe(true);
        },
      ),
    );
  });
});
