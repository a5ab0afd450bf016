/**
 * The payment rules under random sequences of transfers: nothing is ever PAID that its counted, confirmed payments
 * do not cover, and no hash is counted twice, whatever arrives (under, over, exact, wrong token, wrong recipient,
 * wrong chain, reverted, duplicate hash, two invoices on one address, late, reorganised away).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Big, toBaseUnits } from '../../src/shared/money';
import {
  invoiceStateOf,
  matchTransfer,
  paymentOf,
  withinTolerance,
  type ChainTransfer,
  type PaymentTarget,
} from '../../src/server/payments/payment-rules';

const TOKEN = '0x00000000000000000000000000000000000000aa';
const OTHER_TOKEN = '0x00000000000000000000000000000000000000bb';
const ADDRESS = '0x1111111111111111111111111111111111111111';
const OTHER_ADDRESS = '0x2222222222222222222222222222222222222222';
const TOLERANCE = '1';

interface Invoice {
  id: string;
  total: string;
  target: PaymentTarget;
}

const invoices: Invoice[] = [
  { id: 'a', total: '100', target: { network: 'POLYGON', address: ADDRESS, token: TOKEN } },
  { id: 'b', total: '250', target: { network: 'POLYGON', address: ADDRESS, token: TOKEN } },
];

const transferArb = fc.record({
  hash: fc.integer({ min: 1, max: 12 }),
  amount: fc.oneof(fc.constantFrom('100', '250', '99.5', '101', '50', '0.000001', '1000'), fc.integer({ min: 1, max: 400 }).map(String)),
  token: fc.constantFrom(TOKEN, TOKEN, TOKEN, OTHER_TOKEN, null),
  to: fc.constantFrom(ADDRESS, ADDRESS, ADDRESS, OTHER_ADDRESS),
  network: fc.constantFrom('POLYGON', 'POLYGON', 'POLYGON', 'ETHEREUM'),
  reverted: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
  reorged: fc.boolean(),
  confirmed: fc.boolean(),
  late: fc.boolean(),
  reportedFor: fc.option(fc.constantFrom('a', 'b'), { nil: null }),
});

type Step = typeof transferArb extends fc.Arbitrary<infer V> ? V : never;

function chainTransfer(s: Step): ChainTransfer {
  return {
    network: s.network,
    txHash: `0x${s.hash.toString(16).padStart(64, '0')}`,
    logIndex: 0,
    token: s.token,
    from: '0x3333333333333333333333333333333333333333',
    to: s.to,
    amount: toBaseUnits(s.amount, 6),
    blockNumber: 1n,
    blockHash: '0xb',
    blockTime: new Date(0),
  };
}

describe('payment rules', () => {
  it('withinTolerance is symmetric around the target and exact at the edges', () => {
    expect(withinTolerance('99', '100', '1')).toBe(true);
    expect(withinTolerance('101', '100', '1')).toBe(true);
    expect(withinTolerance('98.99999', '100', '1')).toBe(false);
    expect(withinTolerance('101.00001', '100', '1')).toBe(false);
  });

  it('a transfer is assigned only when it fits exactly one invoice; several or none wait for review', () => {
    expect(matchTransfer([{ id: 'a', due: '100', value: '100' }, { id: 'b', due: '250', value: '100' }], '1')).toEqual({ kind: 'ASSIGN', invoice: 'a' });
    expect(matchTransfer([{ id: 'a', due: '100', value: '100' }, { id: 'b', due: '100', value: '100' }], '1')).toEqual({ kind: 'REVIEW', reason: 'AMBIGUOUS', candidates: ['a', 'b'] });
    expect(matchTransfer([{ id: 'a', due: '100', value: '50' }], '1')).toEqual({ kind: 'REVIEW', reason: 'NO_MATCH', candidates: ['a'] });
    expect(matchTransfer([{ id: 'a', due: '100', value: null }], '1')).toEqual({ kind: 'REVIEW', reason: 'NO_MATCH', candidates: ['a'] });
  });

  it('states: partial stays DUE, covered is PROCESSING until confirmed, a claim alone never PAID, overdue EXPIRED, late and overpaid marked', () => {
    const base = { state: 'DUE' as const, total: '100', reported: false, markedPaid: false, overdue: false, tolerancePercent: '1' };
    expect(invoiceStateOf({ ...base, payments: [{ value: '40', confirmed: true, late: false }] })).toMatchObject({ state: 'DUE', summary: 'PARTIALLY_PAID', amountPaid: '40', amountDue: '60', partiallyPaid: true });
    expect(invoiceStateOf({ ...base, payments: [{ value: '99.5', confirmed: false, late: false }] })).toMatchObject({ state: 'PROCESSING', summary: 'CONFIRMING' });
    expect(invoiceStateOf({ ...base, payments: [{ value: '99.5', confirmed: true, late: false }] })).toMatchObject({ state: 'PAID', summary: 'PAID' });
    expect(invoiceStateOf({ ...base, reported: true, payments: [] })).toMatchObject({ state: 'PROCESSING', summary: 'REPORTED', paymentReported: true });
    // Past the due day a claim alone expires like DUE; one with a payment counted stays with its payments.
    expect(invoiceStateOf({ ...base, reported: true, overdue: true, payments: [] })).toMatchObject({ state: 'EXPIRED', summary: 'UNPAID', paymentReported: true });
    expect(invoiceStateOf({ ...base, reported: true, overdue: true, payments: [{ value: '40', confirmed: true, late: false }] })).toMatchObject({ state: 'PROCESSING', summary: 'PARTIALLY_PAID' });
    expect(invoiceStateOf({ ...base, overdue: true, payments: [] })).toMatchObject({ state: 'EXPIRED', summary: 'UNPAID' });
    expect(invoiceStateOf({ ...base, overdue: true, payments: [{ value: '150', confirmed: true, late: true }] })).toMatchObject({ state: 'PAID', overpaid: true, paidLate: true });
    expect(invoiceStateOf({ ...base, markedPaid: true, payments: [] })).toMatchObject({ state: 'PAID', summary: 'MARKED_PAID' });
    expect(invoiceStateOf({ ...base, state: 'DRAFT', payments: [{ value: '100', confirmed: true, late: false }] })).toMatchObject({ state: 'DRAFT' });
  });

  it('random transfers: 0 false PAID and 0 payments counted twice', () => {
    fc.assert(
      fc.property(fc.array(transferArb, { maxLength: 25 }), (steps) => {
        // What the store keeps: one row per hash (the first that paid something), with its invoice.
        const counted = new Map<string, { invoice: string; value: string; confirmed: boolean; late: boolean; reorged: boolean }>();
        for (const step of steps) {
          const transfer = chainTransfer(step);
          if (counted.has(transfer.txHash) || step.reverted) continue; // a hash once; a reverted receipt pays nothing
          const paying = invoices.flatMap((inv) => {
            const p = paymentOf(inv.target, [transfer]);
            return p === null ? [] : [{ inv, value: new Big(step.amount).toFixed() }];
          });
          if (paying.length === 0) continue; // wrong token, recipient or chain
          let invoice: string | null = null;
          if (step.reportedFor !== null) invoice = step.reportedFor;
          else {
            const match = matchTransfer(
              paying.map(({ inv, value }) => ({ id: inv.id, due: inv.total, value })),
              TOLERANCE,
            );
            invoice = match.kind === 'ASSIGN' ? match.invoice : null;
          }
          if (invoice === null) continue; // kept for review: pays nothing yet
          counted.set(transfer.txHash, { invoice, value: new Big(step.amount).toFixed(), confirmed: step.confirmed, late: step.late, reorged: step.reorged });
        }
        const hashes = [...counted.keys()];
        expect(new Set(hashes).size).toBe(hashes.length);
        for (const inv of invoices) {
          const live = [...counted.values()].filter((c) => c.invoice === inv.id && !c.reorged);
          const result = invoiceStateOf({
            state: 'DUE',
            total: inv.total,
            payments: live.map((c) => ({ value: c.value, confirmed: c.confirmed, late: c.late })),
            reported: steps.some((s) => s.reportedFor === inv.id),
            markedPaid: false,
            overdue: false,
            tolerancePercent: TOLERANCE,
          });
          const confirmedSum = live.filter((c) => c.confirmed).reduce((sum, c) => sum.plus(c.value), new Big(0));
          if (result.state === 'PAID') {
            // PAID only when confirmed, live payments cover the total less the tolerance.
            expect(confirmedSum.gte(new Big(inv.total).times('0.99'))).toBe(true);
          }
          if (confirmedSum.lt(new Big(inv.total).times('0.99'))) expect(result.state).not.toBe('PAID');
        }
      }),
      { numRuns: 500 },
    );
  });
});
