/**
 * One page of GET transactions. The page's ids come from an index scan (with the offset skipped inside the
 * index), then only those rows are read in full. The count stops at COUNT_CAP matching rows, so it costs the
 * same for a user with a thousand transactions and one with a million; `count_capped` says when it stopped.
 */
import { and, asc, count, desc, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { transactions } from '../../db/schema';
import type { TransactionOrdering } from './transaction-query';

export const COUNT_CAP = 1_000;

const valueKey = sql`coalesce(${transactions.valueUsd}, 0)`;

/** Orderings with the id as the last key, so pages never overlap or skip rows. */
export function transactionOrderBy(ordering: TransactionOrdering): SQL[] {
  switch (ordering) {
    case '-created_at':
      return [desc(transactions.createdAt), desc(transactions.id)];
    case 'created_at':
      return [asc(transactions.createdAt), asc(transactions.id)];
    case '-amount':
      // Amount sorts by the transaction's fiat value; an unpriced one counts as zero.
      return [desc(valueKey), desc(transactions.id)];
    case 'amount':
      return [asc(valueKey), asc(transactions.id)];
  }
}

export interface PageIds {
  ids: string[];
  hasMore: boolean;
}

export async function pageIds(
  db: Database,
  conditions: readonly SQL[],
  ordering: TransactionOrdering,
  limit: number,
  offset: number,
): Promise<PageIds> {
  const rows = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(...conditions))
    .orderBy(...transactionOrderBy(ordering))
    .limit(limit + 1)
    .offset(offset);
  return { ids: rows.slice(0, limit).map((row) => row.id), hasMore: rows.length > limit };
}

/** Matching rows, counted up to COUNT_CAP. */
export async function cappedCount(db: Database, conditions: readonly SQL[]): Promise<{ count: number; capped: boolean }> {
  const matching = db
    .select({ one: sql`1`.as('one') })
    .from(transactions)
    .where(and(...conditions))
    .limit(COUNT_CAP + 1)
    .as('matching');
  const [row] = await db.select({ n: count() }).from(matching);
  const n = Number(row?.n ?? 0);
  return n > COUNT_CAP ? { count: COUNT_CAP, capped: true } : { count: n, capped: false };
}
