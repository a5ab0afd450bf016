import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fifoCostBasis, unrealizedGain, type CostBasisEvent } from '../../src/shared/cost-basis';
import { Big, fromBaseUnits } from '../../src/shared/money';

const day = (n: number): Date => new Date(Date.UTC(2024, 0, 1 + n));
const ev = (kind: 'in' | 'out', amount: bigint, priceFiat: string | null, n: number): CostBasisEvent => ({
  kind,
  amount,
  priceFiat,
  at: day(n),
});

describe('fifoCostBasis examples', () => {
  it('consumes the oldest lots first', () => {
    // 6 decimals: 1 token = 1_000_000n
    const position = fifoCostBasis(
      [
        ev('in', 2_000_000n, '10', 0),
        ev('in', 1_000_000n, '20', 1),
        ev('out', 2_500_000n, '30', 2),
      ],
      6,
    );
    expect(position.remaining).toBe(500_000n);
    // consumed 2 @10 and 0.5 @20 at 30: proceeds 75, cost 30 -> gain 45
    expect(position.realizedGainFiat).toBe('45');
    expect(position.costBasisFiat).toBe('10');
    expect(position.lots).toHaveLength(1);
    expect(position.lots[0]).toMatchObject({ amount: 500_000n, originalAmount: 1_000_000n, priceFiat: '20', costFiat: '10' });
    expect(position.costBasisComplete).toBe(true);
    expect(position.realizedGainComplete).toBe(true);
    expect(unrealizedGain(position, '25')).toBe('2.5');
    expect(unrealizedGain(position, null)).toBeNull();
  });

  it('sorts by time and keeps the given order for simultaneous events', () => {
    const outFirst = fifoCostBasis([ev('out', 1n, '5', 1), ev('in', 1n, '1', 1), ev('in', 1n, '2', 0)], 0);
    // day 0: in @2; day 1: out consumes it, then in @1 stays
    expect(outFirst.remaining).toBe(1n);
    expect(outFirst.costBasisFiat).toBe('1');
    expect(outFirst.realizedGainFiat).toBe('3');

    const inFirst = fifoCostBasis([ev('in', 1n, '1', 1), ev('out', 1n, '5', 1), ev('in', 1n, '2', 0)], 0);
    expect(inFirst.remaining).toBe(1n);
    expect(inFirst.costBasisFiat).toBe('1');
  });

  it('never goes negative on outflows beyond the holdings', () => {
    const position = fifoCostBasis([ev('in', 5n, '1', 0), ev('out', 8n, '2', 1), ev('in', 4n, '3', 2)], 0);
    expect(position.unmatchedOutflow).toBe(3n);
    expect(position.remaining).toBe(4n);
    expect(position.costBasisFiat).toBe('12');
    // only the 5 matched units realise a gain: 5 * (2 - 1)
    expect(position.realizedGainFiat).toBe('5');
  });

  it('flags missing prices instead of guessing', () => {
    const position = fifoCostBasis(
      [ev('in', 10n, null, 0), ev('in', 10n, '2', 1), ev('out', 15n, '3', 2), ev('out', 1n, null, 3)],
      0,
    );
    expect(position.missingPriceEvents).toBe(2);
    expect(position.realizedGainComplete).toBe(false);
    // 10 from the unpriced lot give no gain; 5 from the @2 lot at 3 give 5; the unpriced outflow gives none
    expect(position.realizedGainFiat).toBe('5');
    expect(position.remaining).toBe(4n);
    expect(position.costBasisFiat).toBe('8');
    expect(position.costBasisComplete).toBe(true);

    const unpricedLot = fifoCostBasis([ev('in', 10n, null, 0), ev('in', 10n, '2', 1)], 0);
    expect(unpricedLot.costBasisComplete).toBe(false);
    expect(unpricedLot.costBasisFiat).toBe('20');
    expect(unrealizedGain(unpricedLot, '3')).toBeNull();
  });

  it('works in base units with 18 decimals exactly', () => {
    const position = fifoCostBasis(
      [ev('in', 1n, '3000.123456789', 0), ev('in', 10n ** 18n, '0.1', 1), ev('out', 3n, '4000', 2)],
      18,
    );
    expect(position.remaining).toBe(10n ** 18n - 2n);
    expect(position.realizedGainFiat).toBe(
      new Big('0.000000000000000001').times('4000').times(3).minus(new Big('0.000000000000000001').times('3000.123456789')).minus(new Big('0.000000000000000002').times('0.1')).toFixed(),
    );
  });

  it('rejects negative amounts and negative prices', () => {
    expect(() => fifoCostBasis([ev('in', -1n, '1', 0)], 0)).toThrow(/negative/);
    expect(() => fifoCostBasis([ev('in', 1n, '-1', 0)], 0)).toThrow(/negative/);
    expect(() => fifoCostBasis([ev('in', 1n, '1e3', 0)], 0)).toThrow(/plain decimal/);
  });

  it('handles an empty history', () => {
    const position = fifoCostBasis([], 18);
    expect(position).toMatchObject({ remaining: 0n, costBasisFiat: '0', realizedGainFiat: '0', lots: [] });
    expect(unrealizedGain(position, '100')).toBe('0');
  });
});

describe('fifoCostBasis invariants (property)', () => {
  const price = fc.option(fc.bigInt({ min: 0n, max: 10n ** 10n }).map((n) => fromBaseUnits(n, 4)), { nil: null, freq: 6 });
  const event = fc.record({
    kind: fc.constantFrom('in' as const, 'out' as const),
    amount: fc.bigInt({ min: 0n, max: 10n ** 24n }),
    priceFiat: price,
    at: fc.integer({ min: 0, max: 30 }).map(day),
  });
  const decimals = fc.integer({ min: 0, max: 24 });

  it('remaining = ins - outs, clamped at zero at every step', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 40 }), decimals, (events, dec) => {
        const position = fifoCostBasis(events, dec);
        const ordered = events
          .map((e, i) => ({ e, i }))
          .sort((a, b) => a.e.at.getTime() - b.e.at.getTime() || a.i - b.i);
        let held = 0n;
        let unmatched = 0n;
        for (const { e } of ordered) {
          if (e.kind === 'in') held += e.amount;
          else if (e.amount > held) {
            unmatched += e.amount - held;
            held = 0n;
          } else held -= e.amount;
        }
        expect(position.remaining).toBe(held);
        expect(position.unmatchedOutflow).toBe(unmatched);
        expect(position.remaining).toBeGreaterThanOrEqual(0n);
      }),
      { numRuns: 300 },
    );
  });

  it('the cost basis equals the sum of the unconsumed lots, and lots are oldest first', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 40 }), decimals, (events, dec) => {
        const position = fifoCostBasis(events, dec);
        let sum = new Big(0);
        let units = 0n;
        for (const lot of position.lots) {
          expect(lot.amount).toBeGreaterThan(0n);
          expect(lot.amount).toBeLessThanOrEqual(lot.originalAmount);
          units += lot.amount;
          if (lot.priceFiat !== null) sum = sum.plus(new Big(fromBaseUnits(lot.amount, dec)).times(lot.priceFiat));
        }
        expect(units).toBe(position.remaining);
        expect(new Big(position.costBasisFiat).eq(sum)).toBe(true);
        for (let i = 1; i < position.lots.length; i += 1) {
          expect(position.lots[i]?.acquiredAt.getTime()).toBeGreaterThanOrEqual(position.lots[i - 1]?.acquiredAt.getTime() ?? 0);
        }
        // FIFO only ever eats into the oldest open lot
        for (let i = 1; i < position.lots.length; i += 1) {
          expect(position.lots[i]?.amount).toBe(position.lots[i]?.originalAmount);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('with every price known: realised + unrealised = final value + proceeds - total cost of matched inflows', () => {
    const knownPrice = fc.bigInt({ min: 0n, max: 10n ** 8n }).map((n) => fromBaseUnits(n, 2));
    const pricedEvent = fc.record({
      kind: fc.constantFrom('in' as const, 'out' as const),
      amount: fc.bigInt({ min: 0n, max: 10n ** 6n }),
      priceFiat: knownPrice,
      at: fc.integer({ min: 0, max: 30 }).map(day),
    });
    fc.assert(
      fc.property(fc.array(pricedEvent, { maxLength: 30 }), knownPrice, (raw, current) => {
        // clamp outflows to the holdings so that every unit sold was bought within the history
        let held = 0n;
        const events = [...raw]
          .sort((a, b) => a.at.getTime() - b.at.getTime())
          .map((e) => {
            const amount = e.kind === 'out' && e.amount > held ? held : e.amount;
            held += e.kind === 'in' ? amount : -amount;
            return { ...e, amount };
          });
        const position = fifoCostBasis(events, 0);
        expect(position.unmatchedOutflow).toBe(0n);
        let cost = new Big(0);
        let proceeds = new Big(0);
        for (const e of events) {
          const value = new Big(e.amount.toString()).times(e.priceFiat);
          if (e.kind === 'in') cost = cost.plus(value);
          else proceeds = proceeds.plus(value);
        }
        const finalValue = new Big(position.remaining.toString()).times(current);
        const unrealized = unrealizedGain(position, current);
        expect(unrealized).not.toBeNull();
        expect(new Big(position.realizedGainFiat).plus(unrealized ?? 'NaN').eq(finalValue.plus(proceeds).minus(cost))).toBe(true);
        expect(position.realizedGainComplete).toBe(true);
        expect(position.costBasisComplete).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
