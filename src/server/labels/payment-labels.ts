import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TransactionLabelOut } from '../../shared/contract/labels';
import type { TransactionLabelInput } from '../../shared/schemas/label';
import type { Database } from '../db/database';
import { paymentLabels, type PaymentLabelRow } from '../db/schema';

const CHUNK = 1000;

const paymentLabelColumns = {
  id: paymentLabels.id,
  userId: paymentLabels.userId,
  name: paymentLabels.name,
  txHash: paymentLabels.txHash,
  invoiceId: paymentLabels.invoiceId,
  createdAt: paymentLabels.createdAt,
  updatedAt: paymentLabels.updatedAt,
};

const toOut = (row: PaymentLabelRow): TransactionLabelOut => ({
  id: row.id,
  name: row.name,
  tx_hash: row.txHash,
  invoice: row.invoiceId,
  created_at: row.createdAt.toISOString(),
});

/** Hashes are compared ignoring case (EVM explorers and wallets differ in case). */
export const normalizeTxHash = (hash: string): string => hash.trim().toLowerCase();

/**
 * Stores the label of a payment (POST transaction_labels). One label per user and hash: posting the same
 * hash again replaces its name and invoice, so a repeated post never makes two.
 */
export async function savePaymentLabel(
  db: Database,
  userId: string,
  input: TransactionLabelInput,
  now: Date,
): Promise<{ label: TransactionLabelOut; created: boolean }> {
  const [row] = await db
    .insert(paymentLabels)
    .values({
      userId,
      name: input.name,
      txHash: normalizeTxHash(input.tx_hash),
      invoiceId: input.invoice,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [paymentLabels.userId, paymentLabels.txHash],
      set: { name: input.name, invoiceId: input.invoice, updatedAt: now },
    })
    // xmax is 0 on a freshly inserted row version and set on one the conflict branch updated.
    .returning({ ...paymentLabelColumns, inserted: sql<boolean>`(xmax = 0)` });
  if (row === undefined) throw new Error('The payment label upsert returned nothing.');
  const { inserted, ...stored } = row;
  return { label: toOut(stored), created: inserted };
}

/**
 * The payment labels (transc_label of docs/transactions.md) of the user's transactions with the given hashes,
 * keyed by lower-case hash.
 */
export async function paymentLabelsForHashes(
  db: Database,
  userId: string,
  hashes: readonly string[],
): Promise<Map<string, { name: string; invoice: string | null }>> {
  const result = new Map<string, { name: string; invoice: string | null }>();
  const wanted = [...new Set(hashes.map(normalizeTxHash))];
  for (let i = 0; i < wanted.length; i += CHUNK) {
    const rows = await db
      .select({ txHash: paymentLabels.txHash, name: paymentLabels.name, invoice: paymentLabels.invoiceId })
      .from(paymentLabels)
      .where(and(eq(paymentLabels.userId, userId), inArray(paymentLabels.txHash, wanted.slice(i, i + CHUNK))));
    for (const row of rows) result.set(row.txHash, { name: row.name, invoice: row.invoice });
  }
  return result;
}
