/**
 * Recording verified transfers and keeping each invoice's state equal to what its payments say (docs/payments.md).
 * A hash is stored once per network (unique constraint), so it is counted for one invoice only, whichever of the
 * API or the watchers sees it first. State changes run with the invoice's document row locked.
 */
import { and, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { InvoiceState } from '../../shared/enums';
import { Big, fromBaseUnits } from '../../shared/money';
import type { PaymentOut, PaymentSource, PaymentStatusOut, ReviewReason } from '../../shared/contract/payments';
import type { Database } from '../db/database';
import { documents, invoicePayments, invoices, paymentClaims, type InvoicePaymentRow, type InvoiceRow } from '../db/schema';
import { euroDue } from '../ftc/ftc-transfers';
import type { PaymentDeps } from './payment-deps';
import { explorerTxUrl } from './explorer-links';
import { confirmationsOf, invoiceStateOf, isLate, valueOf, type ChainTransfer, type StateResult } from './payment-rules';
import { invoiceTarget, ownerDay, type InvoiceTarget } from './payment-targets';
import { notifyStateChange } from './payment-mail';

export const confirmationsFor = (deps: Pick<PaymentDeps, 'config'>, network: string): number =>
  (deps.config.payments.confirmations as Record<string, number | undefined>)[network] ?? 12;

/** The transfer's value in the invoice's currency at its block's time; null when no price is known. */
export async function valueInInvoiceCurrency(
  deps: PaymentDeps,
  target: InvoiceTarget,
  transfer: Pick<ChainTransfer, 'txHash' | 'amount' | 'blockTime'>,
): Promise<string | null> {
  if (deps.prices === null) return null;
  try {
    const price = await deps.prices.historicalPrice({ network: target.network, address: (target.token ?? 'native') as `0x${string}` | 'native' }, transfer.blockTime, target.fiat);
    return valueOf(transfer.amount, target.decimals, price);
  } catch (error) {
    deps.logger.warn('No price for a payment yet', { network: target.network, tx: transfer.txHash, error: error instanceof Error ? error.message : String(error) });
    return null;
  }
}

export type RecordOutcome = { kind: 'RECORDED'; id: string } | { kind: 'SAME'; id: string } | { kind: 'TAKEN'; invoiceId: string | null; status: string };

/**
 * Stores a verified transfer as COUNTED for `target`, or as REVIEW (target null) for the owners of its candidates. An
 * existing row of the hash is kept (TAKEN), except one the chain had dropped (REORGED), a REVIEW one being assigned
 * to an invoice of its owner or among its candidates, or the same invoice (SAME).
 */
export async function recordTransfer(
  deps: PaymentDeps,
  p: {
    transfer: ChainTransfer;
    target: InvoiceTarget | null;
    userId: string;
    source: PaymentSource;
    tokenSymbol: string;
    decimals: number;
    value: string | null;
    confirmed: boolean;
    review?: { reason: ReviewReason; candidates: string[] };
  },
): Promise<RecordOutcome> {
  const now = deps.now();
  const t = p.transfer;
  const values = {
    userId: p.userId,
    invoiceId: p.target?.invoiceId ?? null,
    status: p.target === null ? ('REVIEW' as const) : ('COUNTED' as const),
    source: p.source,
    reason: p.review?.reason ?? null,
    network: t.network as InvoicePaymentRow['network'],
    txHash: t.txHash,
    logIndex: t.logIndex,
    tokenAddress: t.token,
    tokenSymbol: p.tokenSymbol,
    decimals: p.decimals,
    fromAddress: t.from,
    toAddress: t.to,
    amount: t.amount.toString(),
    value: p.value,
    blockNumber: t.blockNumber,
    blockHash: t.blockHash,
    blockTime: t.blockTime,
    confirmedAt: p.confirmed ? now : null,
    candidates: p.review?.candidates ?? [],
    createdAt: now,
    updatedAt: now,
  };
  const [inserted] = await deps.db.insert(invoicePayments).values(values).onConflictDoNothing().returning({ id: invoicePayments.id });
  if (inserted !== undefined) return { kind: 'RECORDED', id: inserted.id };
  const [existing] = await deps.db
    .select()
    .from(invoicePayments)
    .where(and(eq(invoicePayments.network, values.network), eq(invoicePayments.txHash, t.txHash)));
  if (existing === undefined) return { kind: 'TAKEN', invoiceId: null, status: 'UNKNOWN' };
  if (p.target !== null && existing.invoiceId === p.target.invoiceId && existing.status === 'COUNTED') return { kind: 'SAME', id: existing.id };
  const reusable =
    existing.status === 'REORGED' ||
    (p.target !== null &&
      (existing.userId === p.userId || existing.candidates.includes(p.target.invoiceId)) &&
      (existing.status === 'REVIEW' || existing.status === 'DISMISSED'));
  if (!reusable) return { kind: 'TAKEN', invoiceId: existing.invoiceId, status: existing.status };
  const { createdAt: _created, ...update } = values;
  const [updated] = await deps.db
    .update(invoicePayments)
    .set(update)
    .where(and(eq(invoicePayments.id, existing.id), eq(invoicePayments.status, existing.status)))
    .returning({ id: invoicePayments.id });
  return updated === undefined ? { kind: 'TAKEN', invoiceId: null, status: 'CHANGED' } : { kind: 'RECORDED', id: updated.id };
}

/**
 * A transfer kept for review belongs to every owner with a candidate invoice (receiving addresses may be shared):
 * true for the rows listing one of `userId`'s invoices among their candidates.
 */
export const reviewedBy = (userId: string): SQL =>
  sql`exists (select 1 from invoices i where i.user_id = ${userId} and ${invoicePayments.candidates} @> jsonb_build_array(i.id::text))`;

/** Claims that still say "payment reported": without a hash, or with one not yet found on the chain. */
const openClaim = or(isNull(paymentClaims.txHash), eq(paymentClaims.checkState, 'PENDING'));

/**
 * Works out the invoice's state from its counted payments and open claims (docs/payments.md) and stores it with
 * the document row locked; notifies the owner and payers of a change. Returns the state before and after.
 */
export async function recomputeInvoice(deps: PaymentDeps, invoiceId: string): Promise<{ before: InvoiceState; after: StateResult } | undefined> {
  const now = deps.now();
  const result = await deps.db.transaction(async (tx) => {
    const target = await invoiceTarget(tx, invoiceId);
    if (target === undefined) return undefined;
    const [locked] = await tx.select({ state: documents.state }).from(documents).where(eq(documents.id, target.documentId)).for('update');
    const before = (locked?.state ?? target.state) as InvoiceState;
    const [payments, claims, [row]] = await Promise.all([
      tx.select().from(invoicePayments).where(and(eq(invoicePayments.invoiceId, invoiceId), eq(invoicePayments.status, 'COUNTED'))),
      tx.select({ method: paymentClaims.method }).from(paymentClaims).where(and(eq(paymentClaims.invoiceId, invoiceId), openClaim)),
      tx.select({ paidAt: invoices.paidAt, markedPaid: invoices.markedPaid, ftc: invoices.ftc, totalAmount: invoices.totalAmount }).from(invoices).where(eq(invoices.id, invoiceId)),
    ]);
    const after = stateOf(deps.config.payments.tolerancePercent, target, { ...target, state: before, markedPaid: paidOutsideChain(row) }, payments, claims, now);
    if (after.state !== before) {
      await tx.update(documents).set({ state: after.state, updatedAt: now }).where(eq(documents.id, target.documentId));
    }
    const paidAt = after.state === 'PAID' ? (row?.paidAt ?? now) : null;
    await tx.update(invoices).set({ paidAt, paidLate: after.state === 'PAID' && after.paidLate }).where(eq(invoices.id, invoiceId));
    return { before, after, target };
  });
  if (result === undefined) return undefined;
  if (result.before !== result.after.state) await notifyStateChange(deps, result.target, result.before, result.after);
  return { before: result.before, after: result.after };
}

/**
 * Paid without the chain: marked paid by the owner, or a fiat-to-crypto invoice whose matched bank transfers cover
 * it (docs/fiat-to-crypto.md). Either keeps it PAID whatever its on-chain payments say.
 */
function paidOutsideChain(row: { markedPaid: boolean; ftc: InvoiceRow['ftc']; totalAmount: string } | undefined): boolean {
  if (row === undefined) return false;
  if (row.markedPaid) return true;
  const received = row.ftc !== null && 'amount_received' in row.ftc ? row.ftc.amount_received : undefined;
  return received !== undefined && new Big(received).gte(euroDue(row.totalAmount));
}

function stateOf(
  tolerancePercent: string,
  target: InvoiceTarget,
  current: { state: InvoiceState; markedPaid: boolean },
  payments: readonly InvoicePaymentRow[],
  claims: readonly { method: string }[],
  now: Date,
): StateResult {
  const today = ownerDay(target, now);
  return invoiceStateOf({
    state: current.state,
    total: target.total,
    payments: payments.map((p) => ({ value: p.value, confirmed: p.confirmedAt !== null, late: isLate(ownerDay(target, p.blockTime), target.expiresAt) })),
    reported: claims.length > 0,
    ownerReported: claims.some((c) => c.method === 'OWNER'),
    markedPaid: current.markedPaid,
    overdue: target.expiresAt !== null && target.expiresAt < today,
    tolerancePercent,
  });
}

/** The public payment status of issued invoices, heads of their networks read once each. */
export async function paymentStatus(deps: PaymentDeps, target: InvoiceTarget): Promise<PaymentStatusOut> {
  const [payments, claims, [row]] = await Promise.all([
    deps.db
      .select()
      .from(invoicePayments)
      .where(and(eq(invoicePayments.invoiceId, target.invoiceId), eq(invoicePayments.status, 'COUNTED')))
      .orderBy(desc(invoicePayments.blockNumber), desc(invoicePayments.id)),
    deps.db.select({ method: paymentClaims.method }).from(paymentClaims).where(and(eq(paymentClaims.invoiceId, target.invoiceId), openClaim)),
    deps.db.select({ paidAt: invoices.paidAt, markedPaid: invoices.markedPaid, ftc: invoices.ftc, totalAmount: invoices.totalAmount }).from(invoices).where(eq(invoices.id, target.invoiceId)),
  ]);
  const state = stateOf(deps.config.payments.tolerancePercent, target, { state: target.state, markedPaid: paidOutsideChain(row) }, payments, claims, deps.now());
  const required = confirmationsFor(deps, target.network);
  let head: bigint | null = null;
  if (payments.some((p) => p.confirmedAt === null)) {
    head = await deps.chain.head(target.network).catch(() => null);
  }
  const paymentsOut: PaymentOut[] = payments.map((p) => ({
    tx_hash: p.txHash,
    network: p.network,
    explorer_url: explorerTxUrl(p.network, p.txHash),
    token_symbol: p.tokenSymbol,
    amount: fromBaseUnits(BigInt(p.amount), p.decimals),
    value: p.value,
    from_address: p.fromAddress,
    block_number: Number(p.blockNumber),
    block_time: p.blockTime.toISOString(),
    confirmations: p.confirmedAt !== null ? Math.max(required, head === null ? required : confirmationsOf(p.blockNumber, head)) : head === null ? 0 : confirmationsOf(p.blockNumber, head),
    confirmed: p.confirmedAt !== null,
    late: isLate(ownerDay(target, p.blockTime), target.expiresAt),
    source: p.source,
  }));
  const tokens = payments.reduce((sum, p) => sum.plus(fromBaseUnits(BigInt(p.amount), p.decimals)), new Big(0));
  return {
    // The stored state: the same rules wrote it; a DRAFT never reaches here.
    state: target.state,
    summary: target.state === 'PAID' && row?.markedPaid === true && state.summary !== 'PAID' ? 'MARKED_PAID' : state.summary,
    fiat_currency: target.fiat,
    total_amount: target.total,
    amount_paid: state.amountPaid,
    amount_paid_token: tokens.toFixed(),
    amount_due: state.amountDue,
    partially_paid: state.partiallyPaid,
    overpaid: state.overpaid,
    paid_late: state.paidLate && target.state === 'PAID',
    payment_reported: state.paymentReported,
    marked_paid: row?.markedPaid ?? false,
    paid_at: row?.paidAt?.toISOString() ?? null,
    confirmations_required: required,
    payments: paymentsOut,
  };
}

/** Ids of counted payments still confirming, per network (for the watcher). */
export async function confirmingPayments(db: Database): Promise<InvoicePaymentRow[]> {
  return db.select().from(invoicePayments).where(and(inArray(invoicePayments.status, ['COUNTED', 'REVIEW']), isNull(invoicePayments.confirmedAt)));
}

