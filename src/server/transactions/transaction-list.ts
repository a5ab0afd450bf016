/**
 * One page of GET transactions, in one statement: the page's ids come from an index-only scan of the ordering's
 * covering index (with the offset skipped inside the index), then only those rows are joined in full, with their
 * wallet or exchange account and what the list shows beside them (labels, payment label, the counterparty's
 * contact). A deep offset of a plain list (no filter the month counts cannot answer) first
 * asks the month counts where its page starts (transaction-month-counts.ts), so the scan steps over at most one
 * month of rows. The count stops at COUNT_CAP matching rows, so it costs the same for a user with a thousand
 * transactions and one with a million; `count_capped` says when it stopped.
 */
import { and, asc, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/database';
import { centralisedExchanges, transactions, wallets } from '../db/schema';
import { executeRows } from '../lib/sql-rows';
import { allConditions, type ListConditions } from './transaction-filters';
import { DEEP_OFFSET, monthAnchor, type MonthCountScope } from './transaction-month-counts';
import type { TransactionOrdering } from '../../shared/contract/transactions';
import { extraColumns, listedColumns, ownerJoins, toListedTransaction, toRowExtras, type ListedTransaction } from './transaction-view';

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

export interface ListPage {
  rows: ListedTransaction[];
  hasMore: boolean;
  /** With `countAll`: how many rows match in all, read with the page (undefined when the page is empty). */
  total?: number;
}

export interface PageRequest {
  userId: string;
  conditions: readonly SQL[];
  ordering: TransactionOrdering;
  limit: number;
  offset: number;
  /** Set when the month counts can answer the list's filters (monthCountScope). */
  monthCounts?: MonthCountScope | null;
  /**
   * Count every matching row in the page's own statement (a window count over the matches, before the offset):
   * for filters whose matches are read in full anyway, such as a label's ids, so they are read once.
   */
  countAll?: boolean;
}

/** The conditions and offset of the page's scan: the month counts' anchor for a deep offset of a plain list. */
async function pageStart(db: Database, request: PageRequest): Promise<{ conditions: SQL[]; offset: number } | null> {
  const { ordering, offset } = request;
  const scope = request.monthCounts;
  if (scope === null || scope === undefined || offset < DEEP_OFFSET || (ordering !== '-created_at' && ordering !== 'created_at')) {
    return { conditions: [...request.conditions], offset };
  }
  const anchor = await monthAnchor(db, scope, ordering, offset);
  if (anchor === null) return null;
  const bound = ordering === '-created_at' ? lt(transactions.createdAt, anchor.bound) : gte(transactions.createdAt, anchor.bound);
  return { conditions: [...request.conditions, bound], offset: anchor.skip };
}

export async function listPage(db: Database, request: PageRequest): Promise<ListPage> {
  const start = await pageStart(db, request);
  if (start === null) return { rows: [], hasMore: false };
  const order = transactionOrderBy(request.ordering);
  const page = db
    .select({ id: transactions.id, total: request.countAll === true ? sql<number>`count(*) over ()`.as('total') : sql<null>`null::bigint`.as('total') })
    .from(transactions)
    .where(and(...start.conditions))
    .orderBy(...order)
    .limit(request.limit + 1)
    .offset(start.offset)
    .as('page');
  const joins = ownerJoins(request.userId);
  const rows = await db
    .select({ ...listedColumns, ...extraColumns(request.userId), total: page.total })
    .from(page)
    .innerJoin(transactions, eq(transactions.id, page.id))
    .leftJoin(wallets, joins.wallet)
    .leftJoin(centralisedExchanges, joins.cex)
    .orderBy(...order);
  const total = rows[0]?.total;
  return {
    rows: rows.slice(0, request.limit).map((row) => ({ ...toListedTransaction(row), extras: toRowExtras(row.extras) })),
    hasMore: rows.length > request.limit,
    ...(request.countAll === true && total !== undefined && total !== null ? { total: Number(total) } : {}),
  };
}

/**
 * Matching rows, counted up to COUNT_CAP. A search counts each of its branches apart (at most COUNT_CAP + 1 rows
 * each, through that branch's index) and the distinct rows of all: over the cap when any branch is, else exact.
 */
export async function cappedCount(db: Database, list: ListConditions): Promise<{ count: number; capped: boolean }> {
  return (await cappedCountWith(db, list, sql`null`)).total;
}

/** cappedCount, and `also` (one value) read in the same statement. */
export async function cappedCountWith<T>(
  db: Database,
  list: ListConditions,
  also: SQL<T>,
): Promise<{ total: { count: number; capped: boolean }; also: T }> {
  const branches = list.searchBranches;
  let matching;
  if (branches !== null && branches.length > 1) {
    const parts = branches.map(
      (branch) => sql`(${db.select({ id: transactions.id }).from(transactions).where(and(...list.conditions, branch)).limit(COUNT_CAP + 1)})`,
    );
    matching = sql`(${sql.join(parts, sql` union `)})`;
  } else {
    matching = sql`(${db
      .select({ one: sql`1`.as('one') })
      .from(transactions)
      .where(and(...allConditions(list)))
      .limit(COUNT_CAP + 1)})`;
  }
  const [row] = await executeRows<{ n: number | string; also: T }>(db, sql`select count(*)::int as n, ${also} as also from ${matching} as matching`);
  return { total: cappedTotal(Number(row?.n ?? 0)), also: row?.also as T };
}

/** A count of matching rows as the list answers it: at most COUNT_CAP, and whether it stopped there. */
export function cappedTotal(n: number): { count: number; capped: boolean } {
  return n > COUNT_CAP ? { count: COUNT_CAP, capped: true } : { count: n, capped: false };
}
