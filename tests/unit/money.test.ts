import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  abbreviate,
  Big,
  cryptoAmountFromQuote,
  decimalToString,
  divide,
  formatAmount,
  formatEuro,
  fromBaseUnits,
  invoiceItemTotals,
  invoiceTotals,
  MoneyError,
  percentOf,
  roundInvoice,
  toBaseUnits,
  toDecimal,
  tokenDecimals,
} from '../../src/shared/money';

describe('toBaseUnits', () => {
  it('converts exactly', () => {
    expect(toBaseUnits('1.5', 6)).toBe(1_500_000n);
    expect(toBaseUnits('0.000001', 6)).toBe(1n);
    expect(toBaseUnits('42', 0)).toBe(42n);
    expect(toBaseUnits('-0.5', 2)).toBe(-50n);
    expect(toBaseUnits('123456789.123456789123456789', 18)).toBe(123456789123456789123456789n);
    expect(toBaseUnits('0', 18)).toBe(0n);
  });

  it('accepts trailing zeros beyond the decimals', () => {
    expect(toBaseUnits('1.500', 1)).toBe(15n);
  });

  it('refuses more decimals than the token has', () => {
    expect(() => toBaseUnits('0.0000001', 6)).toThrow(/more than 6 decimal places/);
    expect(() => toBaseUnits('1.5', 0)).toThrow(MoneyError);
  });

  it.each(['1e18', '1E5', '', ' 1', '1 ', '1,5', '1.', '.5', '+1', '0x10', 'NaN', 'Infinity', '--1', '1.2.3'])(
    'refuses %j',
    (input) => {
      expect(() => toBaseUnits(input, 18)).toThrow(/not a plain decimal amount/);
    },
  );

  it('refuses invalid decimals', () => {
    expect(() => toBaseUnits('1', -1)).toThrow(/decimals/);
    expect(() => toBaseUnits('1', 1.5)).toThrow(/decimals/);
    expect(() => toBaseUnits('1', 256)).toThrow(/decimals/);
  });
});

describe('fromBaseUnits', () => {
  it('gives trimmed decimal strings', () => {
    expect(fromBaseUnits(1_500_000n, 6)).toBe('1.5');
    expect(fromBaseUnits(1n, 18)).toBe('0.000000000000000001');
    expect(fromBaseUnits(0n, 18)).toBe('0');
    expect(fromBaseUnits(1_000_000n, 6)).toBe('1');
    expect(fromBaseUnits(-25n, 2)).toBe('-0.25');
    expect(fromBaseUnits(7n, 0)).toBe('7');
  });
});

describe('base-unit round trips (property)', () => {
  const decimalsArb = fc.integer({ min: 0, max: 36 });

  it('units -> string -> units is the identity', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 80n), max: 10n ** 80n }), decimalsArb, (units, decimals) => {
        expect(toBaseUnits(fromBaseUnits(units, decimals), decimals)).toBe(units);
      }),
      { numRuns: 500 },
    );
  });

  it('string -> units -> string is the identity on canonical decimal strings', () => {
    const canonical = fc
      .tuple(
        fc.boolean(),
        fc.bigInt({ min: 0n, max: 10n ** 40n }),
        decimalsArb,
        fc.bigInt({ min: 0n, max: 10n ** 36n }),
      )
      .map(([negative, whole, decimals, rawFraction]) => {
        const fraction = decimals === 0 ? '' : (rawFraction % 10n ** BigInt(decimals)).toString().padStart(decimals, '0').replace(/0+$/, '');
        const text = fraction ? `${whole}.${fraction}` : whole.toString();
        return { text: negative && text !== '0' ? `-${text}` : text, decimals };
      });
    fc.assert(
      fc.property(canonical, ({ text, decimals }) => {
        expect(fromBaseUnits(toBaseUnits(text, decimals), decimals)).toBe(text);
      }),
      { numRuns: 500 },
    );
  });

  it('agrees with big.js on the value', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 60n }), decimalsArb, (units, decimals) => {
        const viaBig = new Big(units.toString()).times(new Big(`1e-${decimals}`));
        expect(new Big(fromBaseUnits(units, decimals)).eq(viaBig)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('tokenDecimals', () => {
  it('follows the documented rules', () => {
    expect(tokenDecimals('USDT')).toBe(6);
    expect(tokenDecimals('usdc')).toBe(6);
    expect(tokenDecimals('WBTC')).toBe(8);
    expect(tokenDecimals('ETH')).toBe(18);
    expect(tokenDecimals('MATIC')).toBe(18);
  });
});

describe('fiat arithmetic', () => {
  it('parses only plain decimals', () => {
    expect(toDecimal('12.50').toFixed()).toBe('12.5');
    expect(toDecimal(5n).toFixed()).toBe('5');
    expect(() => toDecimal('1e3')).toThrow(MoneyError);
    expect(() => toDecimal('abc')).toThrow(MoneyError);
  });

  it('rounds invoice math to 5 decimals half-up', () => {
    expect(roundInvoice('1.123455').toFixed()).toBe('1.12346');
    expect(roundInvoice('1.123454999').toFixed()).toBe('1.12345');
    expect(percentOf('100', '1.5').toFixed()).toBe('1.5');
    expect(percentOf('0.33333', '33.333').toFixed()).toBe('0.11111');
  });

  it('computes invoice lines and totals', () => {
    const line = invoiceItemTotals({
      quantity: '3',
      unit_price: '19.99999',
      discount: '10',
      discount_is_percent: true,
      tax: '19',
      tax_is_percent: true,
    });
    // gross 59.99997, discount 5.999997 -> 6.00000, base 53.99997, tax 10.2599943 -> 10.25999
    expect(line).toEqual({ base: '53.99997', tax: '10.25999', total: '64.25996' });

    const fixed = invoiceItemTotals({
      quantity: '2',
      unit_price: '10',
      discount: '1.5',
      discount_is_percent: false,
      tax: '2',
      tax_is_percent: false,
    });
    expect(fixed).toEqual({ base: '18.50000', tax: '2.00000', total: '20.50000' });

    expect(invoiceTotals([
      { quantity: '3', unit_price: '19.99999', discount: '10', discount_is_percent: true, tax: '19', tax_is_percent: true },
      { quantity: '2', unit_price: '10', discount: '1.5', discount_is_percent: false, tax: '2', tax_is_percent: false },
    ])).toEqual({ total_base_amount: '72.49997', total_tax_amount: '12.25999', total_amount: '84.75996' });
    expect(invoiceTotals([])).toEqual({ total_base_amount: '0.00000', total_tax_amount: '0.00000', total_amount: '0.00000' });
  });

  it('invoice totals equal the sum of line totals (property)', () => {
    const decimal5 = fc.bigInt({ min: 0n, max: 10n ** 12n }).map((n) => fromBaseUnits(n, 5));
    const item = fc.record({
      quantity: fc.integer({ min: 1, max: 10_000 }).map(String),
      unit_price: decimal5,
      discount: fc.bigInt({ min: 0n, max: 100n * 10n ** 5n }).map((n) => fromBaseUnits(n, 5)),
      discount_is_percent: fc.boolean(),
      tax: fc.bigInt({ min: 0n, max: 100n * 10n ** 5n }).map((n) => fromBaseUnits(n, 5)),
      tax_is_percent: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(item, { maxLength: 8 }), (items) => {
        const totals = invoiceTotals(items);
        const sum = items.reduce((acc, it) => acc.plus(invoiceItemTotals(it).total), new Big(0));
        expect(totals.total_amount).toBe(sum.toFixed(5));
        expect(new Big(totals.total_base_amount).plus(totals.total_tax_amount).eq(totals.total_amount)).toBe(true);
      }),
    );
  });

  it('crypto amount = total / quote rounded to 4 decimals', () => {
    expect(cryptoAmountFromQuote('100', '3')).toBe('33.3333');
    expect(cryptoAmountFromQuote('200', '3')).toBe('66.6667');
    expect(cryptoAmountFromQuote('100', '0.99995')).toBe('100.0050');
    expect(cryptoAmountFromQuote('1', '1')).toBe('1.0000');
    // 0.00004999999... must round down, not up through an intermediate rounding.
    expect(cryptoAmountFromQuote('1', '20000.00000000000000000000001')).toBe('0.0000');
    expect(cryptoAmountFromQuote('1', '20000')).toBe('0.0001');
    expect(() => cryptoAmountFromQuote('1', '0')).toThrow(/greater than zero/);
  });

  it('divides exactly enough for rounding', () => {
    expect(divide('1', '3').toFixed().length).toBeGreaterThan(40);
    expect(() => divide('1', '0')).toThrow(/zero/);
    // the result rounds half-up like any other decimal
    expect(divide('2', '3').toFixed(2)).toBe('0.67');
  });

  it('decimalToString never uses exponents', () => {
    expect(decimalToString(new Big('0.0000000001'))).toBe('0.0000000001');
    expect(decimalToString(new Big('1e30'))).toBe('1000000000000000000000000000000');
  });
});

describe('formatting', () => {
  it('formats with 0 to 6 decimals', () => {
    expect(formatAmount('1234.5')).toBe('1,234.5');
    expect(formatAmount('1234567.1234567')).toBe('1,234,567.123457');
    expect(formatAmount('0.0000004')).toBe('0');
    expect(formatAmount('-0.0000004')).toBe('0');
    expect(formatAmount('-1000')).toBe('-1,000');
    expect(formatAmount('999.9999999')).toBe('1,000');
    expect(formatAmount('5', { minDecimals: 2 })).toBe('5.00');
    expect(formatAmount('1234.5', { grouping: false })).toBe('1234.5');
  });

  it('shows euro with 2 decimals', () => {
    expect(formatEuro('1234.5')).toBe('1,234.50');
    expect(formatEuro('0.005')).toBe('0.01');
    expect(formatEuro('0.004')).toBe('0.00');
  });

  it('abbreviates axis labels with K, M, B', () => {
    expect(abbreviate('999')).toBe('999');
    expect(abbreviate('1000')).toBe('1K');
    expect(abbreviate('1500')).toBe('1.5K');
    expect(abbreviate('2345678')).toBe('2.35M');
    expect(abbreviate('999999')).toBe('1M');
    expect(abbreviate('999.999')).toBe('1K');
    expect(abbreviate('7000000000')).toBe('7B');
    expect(abbreviate('7000000000000')).toBe('7,000B');
    expect(abbreviate('-1500')).toBe('-1.5K');
    expect(abbreviate('0.123')).toBe('0.12');
    expect(abbreviate('12345', 0)).toBe('12K');
  });
});
