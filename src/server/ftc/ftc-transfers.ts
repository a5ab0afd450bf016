/**
 * Euro bank transfers of fiat-to-crypto invoices (docs/fiat-to-crypto.md). The partner reports each transfer its
 * bank account received; the reference in its remittance text names the invoice. Amounts are compared exactly in
 * euro cents: a transfer that covers what is due makes the invoice PAID, a smaller one is kept as received and
 * the invoice stays DUE, and a transfer naming no invoice of the account's owner (or an invoice that cannot take
 * it) waits in the owner's review list. A transfer counts once, whatever is delivered again.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { Big } from '../../shared/money';
import { FTC_MESSAGES, type FtcTransferStatus } from '../../shared/schemas/ftc';
import type { Database } from '../db/database';
import { documents, ftcPaymentRefs, ftcProfiles, ftcTransfers, invoices } from '../db/schema';
import { fieldError, nonFieldError, notFound } from '../http/api-error';
import type { Services } from '../services';
import { paymentReferenceIn } from './ftc-invoice';

/** Invoice states a bank payment may still settle (an expired invoice may still be paid). */
export const PAYABLE_STATES = ['DUE', 'EXPIRED', 'PROCESSING'];

const euroAmount = v.pipe(v.string('The amount must be a decimal string.'), v.regex(/^\d{1,15}(\.\d{1,2})?$/, 'The amount must have at most two decimals.'));

/** The transfer a partner event reports. */
export const partnerTransferSchema = v.object({
  transfer_uuid: v.pipe(v.string(), v.nonEmpty(), v.maxLength(200)),
  bank_account_uuid: v.optional(v.string()),
  user_uuid: v.optional(v.string()),
  amount: euroAmount,
  currency: v.pipe(v.string(), v.toUpperCase()),
  reference: v.optional(v.pipe(v.string(), v.maxLength(500)), ''),
  received_at: v.optional(v.pipe(v.string(), v.isoTimestamp())),
});
export type PartnerTransfer = v.InferOutput<typeof partnerTransferSchema>;

/** What an invoice total asks of a bank transfer: the total in cents, rounded up (a bank pays whole cents). */
export function euroDue(totalAmount: string): Big {
  return new Big(totalAmount).round(2, Big.roundUp);
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface RecordedTransfer {
  status: FtcTransferStatus;
  invoiceId: string | null;
  paid: boolean;
}

/** Stores one reported transfer and settles its invoice; null when it was recorded before or has no owner here. */
export async function recordTransfer(tx: Tx, transfer: PartnerTransfer, now: Date): Promise<RecordedTransfer | null> {
  const [owner] = await tx
    .select({ userId: ftcProfiles.userId })
    .from(ftcProfiles)
    .where(
      transfer.bank_account_uuid !== undefined
        ? eq(ftcProfiles.bankUuid, transfer.bank_account_uuid)
        : eq(ftcProfiles.partnerUserUuid, transfer.user_uuid ?? ''),
    );
  if (owner === undefined) return null;

  const reference = paymentReferenceIn(transfer.reference);
  const [target] =
    reference === null || transfer.currency !== 'EUR'
      ? []
      : await tx
          .select({ invoiceId: invoices.id, documentId: invoices.documentId, totalAmount: invoices.totalAmount, ftc: invoices.ftc, state: documents.state })
          .from(ftcPaymentRefs)
          .innerJoin(invoices, eq(invoices.id, ftcPaymentRefs.invoiceId))
          .innerJoin(documents, eq(documents.id, invoices.documentId))
          .where(and(eq(ftcPaymentRefs.reference, reference), eq(ftcPaymentRefs.userId, owner.userId)))
          .for('update', { of: invoices });
  const payable = target !== undefined && PAYABLE_STATES.includes(target.state ?? '');
  const status: FtcTransferStatus = payable ? 'MATCHED' : 'NEEDS_REVIEW';
  const [row] = await tx
    .insert(ftcTransfers)
    .values({
      partnerTransferId: transfer.transfer_uuid,
      userId: owner.userId,
      invoiceId: payable ? target.invoiceId : null,
      amount: transfer.amount,
      currency: transfer.currency,
      reference: transfer.reference,
      status,
      receivedAt: transfer.received_at === undefined ? now : new Date(transfer.received_at),
      createdAt: now,
    })
    .onConflictDoNothing({ target: ftcTransfers.partnerTransferId })
    .returning({ id: ftcTransfers.id });
  if (row === undefined) return null;
  if (!payable) return { status, invoiceId: null, paid: false };

  const paid = await settleInvoice(tx, target.invoiceId, now);
  return { status, invoiceId: target.invoiceId, paid };
}

/**
 * Adds up the matched transfers of an invoice (locked by the caller), writes the amount received on it and makes
 * it PAID once they cover what it asks; answers whether it is paid.
 */
async function settleInvoice(tx: Tx, invoiceId: string, now: Date): Promise<boolean> {
  const [invoice] = await tx
    .select({ documentId: invoices.documentId, totalAmount: invoices.totalAmount, ftc: invoices.ftc })
    .from(invoices)
    .where(eq(invoices.id, invoiceId));
  if (invoice === undefined) return false;
  const [sum] = await tx
    .select({ total: sql<string>`coalesce(sum(${ftcTransfers.amount}), 0)::text` })
    .from(ftcTransfers)
    .where(and(eq(ftcTransfers.invoiceId, invoiceId), eq(ftcTransfers.status, 'MATCHED')));
  const received = new Big(sum?.total ?? '0');
  if (invoice.ftc !== null) {
    await tx
      .update(invoices)
      .set({ ftc: { ...invoice.ftc, amount_received: received.toFixed(2) }, updatedAt: now })
      .where(eq(invoices.id, invoiceId));
  }
  const paid = received.gte(euroDue(invoice.totalAmount));
  if (paid) {
    await tx.update(invoices).set({ paidAt: now }).where(and(eq(invoices.id, invoiceId), isNull(invoices.paidAt)));
    await tx
      .update(documents)
      .set({ state: 'PAID', updatedAt: now })
      .where(and(eq(documents.id, invoice.documentId), inArray(documents.state, PAYABLE_STATES)));
  }
  return paid;
}

/**
 * The owner settles a transfer from their review list: assigned to one of their FTC invoices that still awaits
 * payment (it then counts as a matched transfer), or dismissed.
 */
export async function reviewTransfer(s: Services, userId: string, transferId: string, invoiceId: string | null): Promise<FtcTransferStatus> {
  return s.db.transaction(async (tx) => {
    const [transfer] = await tx
      .select()
      .from(ftcTransfers)
      .where(and(eq(ftcTransfers.id, transferId), eq(ftcTransfers.userId, userId)))
      .for('update');
    if (transfer === undefined) throw notFound();
    if (transfer.status !== 'NEEDS_REVIEW') throw nonFieldError(FTC_MESSAGES.alreadyReviewed);
    const now = s.now();
    if (invoiceId === null) {
      await tx.update(ftcTransfers).set({ status: 'DISMISSED' }).where(eq(ftcTransfers.id, transferId));
      return 'DISMISSED';
    }
    const [target] = await tx
      .select({ isFtc: invoices.isFtc, state: documents.state })
      .from(invoices)
      .innerJoin(documents, eq(documents.id, invoices.documentId))
      .where(and(eq(invoices.id, invoiceId), eq(invoices.userId, userId)))
      .for('update', { of: invoices });
    if (target === undefined || target.state === 'DRAFT') throw fieldError('invoice', 'Choose one of your issued invoices.');
    if (!target.isFtc) throw fieldError('invoice', FTC_MESSAGES.notFtcInvoice);
    if (!PAYABLE_STATES.includes(target.state ?? '')) throw fieldError('invoice', FTC_MESSAGES.alreadyPaid);
    if (transfer.currency !== 'EUR') throw nonFieldError('Only euro transfers can pay an invoice.');
    await tx.update(ftcTransfers).set({ status: 'MATCHED', invoiceId }).where(eq(ftcTransfers.id, transferId));
    await settleInvoice(tx, invoiceId, now);
    return 'MATCHED';
  });
}

/** The owner marks their bank-paid invoice PAID (the money arrived and the partner has not said so yet). */
export async function markBankInvoicePaid(s: Services, userId: string, invoiceId: string): Promise<void> {
  const [row] = await s.db
    .select({ documentId: invoices.documentId, isFtc: invoices.isFtc, state: documents.state })
    .from(invoices)
    .innerJoin(documents, eq(documents.id, invoices.documentId))
    .where(and(eq(invoices.id, invoiceId), eq(invoices.userId, userId)));
  if (row === undefined || row.state === 'DRAFT') throw notFound();
  if (!row.isFtc) throw nonFieldError(FTC_MESSAGES.notFtcInvoice);
  if (row.state === 'PAID') throw nonFieldError(FTC_MESSAGES.alreadyPaid);
  const now = s.now();
  await s.db.transaction(async (tx) => {
    const [changed] = await tx
      .update(documents)
      .set({ state: 'PAID', updatedAt: now })
      .where(and(eq(documents.id, row.documentId), inArray(documents.state, PAYABLE_STATES)))
      .returning({ id: documents.id });
    if (changed === undefined) throw nonFieldError(FTC_MESSAGES.alreadyPaid);
    // Recorded as the owner's mark, so the invoice's payment status says so and keeps it PAID.
    await tx.update(invoices).set({ markedPaid: true, paidAt: now }).where(eq(invoices.id, invoiceId));
  });
}
