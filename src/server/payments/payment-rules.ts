/**
 * The pure rules of invoice payments (docs/payments.md): which transfers pay an invoice, which open invoice an
 * unreported transfer goes to, and the state an invoice is in given what was verified on its chain. No I/O, so
 * they are property-tested on their own.
 */
import type { InvoiceState } from '../../shared/enums';
import { Big, decimalToString, fromBaseUnits, roundHalfUp } from '../../shared/money';
import type { PaymentSummary, ReviewReason } from '../../shared/contract/payments';

/** A transfer as read from a chain (addresses lower-case; `token` null for the native coin). */
export interface ChainTransfer {
  network: string;
  txHash: string;
  logIndex: number;
  token: string | null;
  from: string;
  to: string;
  amount: bigint;
  blockNumber: bigint;
  blockHash: string;
  blockTime: Date;
}

/** What an invoice is paid with and where. */
export interface PaymentTarget {
  network: string;
  /** Lower-case receiving address. */
  address: string;
  /** Lower-case token contract; null when the invoice is paid in the native coin. */
  token: string | null;
}

/** The transfers of one transaction that pay `target`: its token (or native value) to its address, on its chain. */
export function transfersPaying(target: PaymentTarget, transfers: readonly ChainTransfer[]): ChainTransfer[] {
  return transfers.filter(
    (t) => t.network === target.network && t.to.toLowerCase() === target.address && (t.token?.toLowerCase() ?? null) === target.token && t.amount > 0n,
  );
}

/** The sum of a transaction's transfers to the target, as one payment (a hash is counted once). */
export function paymentOf(target: PaymentTarget, transfers: readonly ChainTransfer[]): ChainTransfer | null {
  const paying = transfersPaying(target, transfers);
  const first = paying[0];
  if (first === undefined) return null;
  return { ...first, amount: paying.reduce((sum, t) => sum + t.amount, 0n) };
}

/** An open invoice an unreported transfer may pay. */
export interface MatchCandidate {
  id: string;
  /** What is left to pay, in the invoice's currency. */
  due: string;
  /** The transfer's value in that currency at its block time; null when no price is known. */
  value: string | null;
}

export type MatchResult = { kind: 'ASSIGN'; invoice: string } | { kind: 'REVIEW'; reason: ReviewReason; candidates: string[] };

/** Whether `value` is within `tolerancePercent` of `target` (both in one currency). */
export function withinTolerance(value: string, target: string, tolerancePercent: string): boolean {
  const t = new Big(target);
  const slack = t.times(tolerancePercent).div(100).abs();
  return new Big(value).minus(t).abs().lte(slack);
}

/**
 * An unreported transfer to a receiving address: assigned only when its value fits exactly one open invoice's
 * amount due within the tolerance; fitting several, or none, it waits for the owner. Never a guess.
 */
export function matchTransfer(candidates: readonly MatchCandidate[], tolerancePercent: string): MatchResult {
  const fitting = candidates.filter((c) => c.value !== null && new Big(c.due).gt(0) && withinTolerance(c.value, c.due, tolerancePercent));
  const only = fitting[0];
  if (fitting.length === 1 && only !== undefined) return { kind: 'ASSIGN', invoice: only.id };
  return { kind: 'REVIEW', reason: fitting.length > 1 ? 'AMBIGUOUS' : 'NO_MATCH', candidates: candidates.map((c) => c.id) };
}

/** A counted payment as the state rules see it. */
export interface CountedPayment {
  /** In the invoice's currency; null while no price is known (then it does not count towards the total). */
  value: string | null;
  confirmed: boolean;
  late: boolean;
}

export interface StateInput {
  state: InvoiceState;
  total: string;
  payments: readonly CountedPayment[];
  /** A payer said they paid and that is not yet verified. */
  reported: boolean;
  /** The owner moved it to PROCESSING by hand: their own word holds it open past the due day. */
  ownerReported?: boolean;
  markedPaid: boolean;
  /** The due day is over in the owner's time zone. */
  overdue: boolean;
  tolerancePercent: string;
}

export interface StateResult {
  state: InvoiceState;
  summary: PaymentSummary;
  amountPaid: string;
  amountDue: string;
  partiallyPaid: boolean;
  overpaid: boolean;
  paidLate: boolean;
  paymentReported: boolean;
}

const sum = (values: readonly (string | null)[]): Big => values.reduce<Big>((acc, v) => (v === null ? acc : acc.plus(v)), new Big(0));

/**
 * The state of an issued invoice from its verified payments: covered (within the tolerance) and confirmed is
 * PAID; covered and confirming is PROCESSING; a payer's unverified word is PROCESSING shown as "payment
 * reported" and never PAID, until the due day is over with no payment counted; otherwise DUE, or EXPIRED once overdue. Marked paid by hand is PAID. Drafts stay
 * drafts.
 */
export function invoiceStateOf(input: StateInput): StateResult {
  const total = new Big(input.total);
  const floor = total.minus(total.times(input.tolerancePercent).div(100));
  const ceiling = total.plus(total.times(input.tolerancePercent).div(100));
  const paid = sum(input.payments.map((p) => p.value));
  const confirmed = sum(input.payments.filter((p) => p.confirmed).map((p) => p.value));
  const covered = input.payments.length > 0 && paid.gte(floor);
  const confirmedCovered = input.payments.some((p) => p.confirmed) && confirmed.gte(floor);
  const due = total.minus(paid);
  const base = {
    amountPaid: decimalToString(roundHalfUp(paid, 5)),
    amountDue: decimalToString(due.gt(0) ? roundHalfUp(due, 5) : new Big(0)),
    partiallyPaid: paid.gt(0) && !covered,
    overpaid: paid.gt(ceiling),
    paidLate: input.payments.some((p) => p.late && p.value !== null),
    paymentReported: input.reported && !covered && !input.markedPaid,
  };
  if (input.state === 'DRAFT') return { ...base, state: 'DRAFT', summary: 'UNPAID', paymentReported: false };
  if (confirmedCovered) return { ...base, state: 'PAID', summary: 'PAID' };
  if (input.markedPaid) return { ...base, state: 'PAID', summary: 'MARKED_PAID' };
  if (covered) return { ...base, state: 'PROCESSING', summary: 'CONFIRMING' };
  const open: InvoiceState = input.overdue ? 'EXPIRED' : 'DUE';
  // Past the due day, a payer's claim alone no longer holds the invoice open: it expires like a DUE one.
  if (base.paymentReported && !(input.overdue && input.payments.length === 0 && input.ownerReported !== true)) return { ...base, state: 'PROCESSING', summary: paid.gt(0) ? 'PARTIALLY_PAID' : 'REPORTED' };
  return { ...base, state: open, summary: paid.gt(0) ? 'PARTIALLY_PAID' : 'UNPAID' };
}

/** Confirmations of a transfer in `blockNumber` with the chain's head at `head` (the block itself is one). */
export function confirmationsOf(blockNumber: bigint, head: bigint): number {
  return head < blockNumber ? 0 : Number(head - blockNumber + 1n);
}

/** A payment's value: whole tokens times the token's price in the invoice's currency, 5 decimals. */
export function valueOf(amount: bigint, decimals: number, price: Big | null): string | null {
  if (price === null) return null;
  return decimalToString(roundHalfUp(new Big(fromBaseUnits(amount, decimals)).times(price), 5));
}

/** Whether a transfer at `blockTime` is after the invoice's due day (yyyy-MM-dd) in the owner's time zone day. */
export function isLate(blockDay: string, expiresAt: string | null): boolean {
  return expiresAt !== null && blockDay > expiresAt;
}
