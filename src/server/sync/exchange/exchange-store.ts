/**
 * Storing exchange records of one run: rows in batches, each batch committed with its cursor (rows already
 * stored are skipped, so a cursor's own time may be fetched again), and where the next pass of a source starts.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Exchange } from '../../../shared/enums';
import type { Database } from '../../db/database';
import { transactions, type NewTransactionRow } from '../../db/schema';
import { commitPage, consume, type RunContext } from '../run-context';
import { writeCursor } from '../sync-cursors';
import { cutAtLimit, insertTransactionRows } from '../transaction-store';

/** Where an exchange's history starts when nothing is stored yet. */
export const EXCHANGE_HISTORY_START: Record<Exchange, Date> = {
  BINANCE: new Date('2017-07-01T00:00:00Z'),
};

/** Rows per committed batch. */
const BATCH_ROWS = 1000;

/** How far back a later pass looks again, for records that show up in the history late. */
const SETTLE_MS = 24 * 60 * 60 * 1000;

/** Rows not stored yet (a cursor's own time is fetched again, so the first records repeat). */
async function newRows(db: Database, cexId: string, rows: readonly NewTransactionRow[]): Promise<NewTransactionRow[]> {
  const ids = rows.flatMap((row) => (row.externalId ? [row.externalId] : []));
  if (ids.length === 0) return [...rows];
  const stored = await db
    .select({ externalId: transactions.externalId })
    .from(transactions)
    .where(and(eq(transactions.cexId, cexId), inArray(transactions.externalId, ids)));
  const known = new Set(stored.map((row) => row.externalId));
  return rows.filter((row) => !known.has(row.externalId ?? null));
}

/**
 * Stores `rows` and, with the last batch, moves cursor `cursorKind` to `since`. False when the plan's limit cut
 * the rows short (the cursor then stays, so the rest is fetched again once the limit allows).
 */
export async function storeRows(ctx: RunContext, rows: readonly NewTransactionRow[], cursorKind: string, since: Date | null): Promise<boolean> {
  for (let start = 0; start < Math.max(rows.length, 1); start += BATCH_ROWS) {
    const batch = rows.slice(start, start + BATCH_ROWS);
    const last = start + BATCH_ROWS >= rows.length;
    let truncated = false;
    await commitPage(ctx, async (db) => {
      const fresh = await newRows(db, ctx.owner.cexId ?? '', batch);
      const { kept, truncated: cut } = cutAtLimit(fresh, ctx.remaining, (row) => row.isSpam === true);
      const result = await insertTransactionRows(db, kept);
      consume(ctx, result.counted, cut);
      truncated = cut;
      if (last && !cut && since !== null) await writeCursor(db, ctx.subject, cursorKind, { since }, ctx.deps.now());
    });
    if (truncated) return false;
  }
  return true;
}

/**
 * The next `since` of a source: the earliest still-pending record (so it is stored once completed), else the
 * latest seen or a day ago, whichever is later.
 */
export function nextSince(records: readonly { timestamp: Date; status?: string }[], current: Date, now: Date): Date {
  const pending = records.filter((record) => record.status === 'pending').map((record) => record.timestamp.getTime());
  if (pending.length > 0) return new Date(Math.min(...pending));
  const latest = records.reduce((max, record) => Math.max(max, record.timestamp.getTime()), current.getTime());
  return new Date(Math.max(latest, now.getTime() - SETTLE_MS));
}
