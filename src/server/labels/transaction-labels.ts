import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { LabelOut } from '../../shared/contract/primitives';
import type { Database } from '../db/database';
import { labels, transactionLabels, transactions } from '../db/schema';
import { notFound } from '../http/api-error';
import { ownLabelIds } from './label-store';
import { byLabelName, toLabelOut } from './label-view';

/** Ids per query when reading labels for many rows (keeps well below the driver's parameter limit). */
const CHUNK = 1000;

function chunks<T>(items: readonly T[]): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) result.push(items.slice(i, i + CHUNK));
  return result;
}

/**
 * Replaces the labels of one of the user's transactions with `labelIds` (the label picker's whole selection)
 * and returns them in name order. 404 when the transaction is not the user's; 400 on `labels` when a label is
 * not theirs. Runs in its own (nested, when `db` is already a transaction) database transaction.
 */
export async function setTransactionLabels(
  db: Database,
  userId: string,
  transactionId: string,
  labelIds: readonly string[],
): Promise<LabelOut[]> {
  return db.transaction(async (tx) => {
    const [own] = await tx
      .select({ id: transactions.id })
      .from(transactions)
      .where(and(eq(transactions.id, transactionId), eq(transactions.userId, userId)))
      .for('no key update');
    if (own === undefined) throw notFound();
    const ids = await ownLabelIds(tx, userId, labelIds);
    await tx
      .delete(transactionLabels)
      .where(
        ids.length === 0
          ? eq(transactionLabels.transactionId, transactionId)
          : and(eq(transactionLabels.transactionId, transactionId), notInArray(transactionLabels.labelId, ids)),
      );
    if (ids.length > 0) {
      await tx
        .insert(transactionLabels)
        .values(ids.map((labelId) => ({ transactionId, labelId })))
        .onConflictDoNothing();
    }
    const rows = await tx
      .select({ id: labels.id, name: labels.name, color: labels.color })
      .from(transactionLabels)
      .innerJoin(labels, eq(labels.id, transactionLabels.labelId))
      .where(eq(transactionLabels.transactionId, transactionId))
      .orderBy(asc(sql`lower(${labels.name})`), asc(labels.id));
    return rows.map(toLabelOut);
  });
}

/**
 * The labels of each given transaction, in name order; every id is a key (an empty list when it has none).
 * Callers pass ids they have already scoped to the user.
 */
export async function labelsForTransactions(
  db: Database,
  transactionIds: readonly string[],
): Promise<Map<string, LabelOut[]>> {
  const result = new Map<string, LabelOut[]>(transactionIds.map((id) => [id, []]));
  for (const part of chunks([...result.keys()])) {
    const rows = await db
      .select({
        transactionId: transactionLabels.transactionId,
        id: labels.id,
        name: labels.name,
        color: labels.color,
      })
      .from(transactionLabels)
      .innerJoin(labels, eq(labels.id, transactionLabels.labelId))
      .where(inArray(transactionLabels.transactionId, part));
    for (const row of rows) result.get(row.transactionId)?.push(toLabelOut(row));
  }
  for (const list of result.values()) list.sort(byLabelName);
  return result;
}
