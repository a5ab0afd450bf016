/**
 * Deep offsets of the transaction list through the per-month counts (transaction_month_counts, kept by triggers
 * on transactions). Stepping over 100,000 newer rows costs a scan of 100,000 index entries; the counts say
 * instead which month holds the row at that offset and how many rows come before that month, so the page is
 * read from the month's boundary with an offset of at most one month's rows. Only lists whose filters the
 * counts can answer go this way: the user's rows, spam shown or not, inactive wallets left out, optionally one
 * wallet, newest or oldest first.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { executeRows } from '../lib/sql-rows';
import type { TransactionListQuery, TransactionOrdering } from '../../shared/contract/transactions';

/** From this offset on, a plain list reads its page through the month counts. */
export const DEEP_OFFSET = 1_000;

export interface MonthCountScope {
  userId: string;
  showSpam: boolean;
  /** The wallet filter, when given. */
  walletId?: string | undefined;
}

/** Where a deep page starts: rows before (newest first) or from (oldest first) `bound`, skipping `skip` of them. */
export interface MonthAnchor {
  /** Newest first: the end of the month holding the offset (rows strictly before it). Oldest first: its start. */
  bound: Date;
  skip: number;
}

/** The scope the month counts can answer for this query, or null when a filter needs the rows themselves. */
export function monthCountScope(
  userId: string,
  query: Pick<
    TransactionListQuery,
    'ordering' | 'show_spam' | 'created_at_after' | 'created_at_before' | 'token__in' | 'labels' | 'search' | 'wallet'
  >,
): MonthCountScope | null {
  const byTime = query.ordering === '-created_at' || query.ordering === 'created_at';
  const filtered =
    query.created_at_after !== undefined ||
    query.created_at_before !== undefined ||
    query.token__in.length > 0 ||
    query.labels.length > 0 ||
    query.search.trim() !== '';
  if (!byTime || filtered) return null;
  return { userId, showSpam: query.show_spam, walletId: query.wallet };
}

const monthStart = (month: string): Date => new Date(`${month}T00:00:00Z`);

function nextMonthStart(month: string): Date {
  const start = monthStart(month);
  return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
}

/**
 * The month holding row number `offset` (0-based) of the list in `ordering`, or null when the list has no row
 * there.
 */
export async function monthAnchor(
  db: Database,
  scope: MonthCountScope,
  ordering: Extract<TransactionOrdering, 'created_at' | '-created_at'>,
  offset: number,
): Promise<MonthAnchor | null> {
  const direction = ordering === '-created_at' ? sql`desc` : sql`asc`;
  const rows = await executeRows<{ month: string; before: string | number | bigint }>(
    db,
    sql`with months as (
          select c.month, sum(c.count)::bigint as n
            from transaction_month_counts c
           where c.user_id = ${scope.userId}
             ${scope.showSpam ? sql`` : sql`and not c.is_spam`}
             ${scope.walletId === undefined ? sql`` : sql`and c.wallet_id = ${scope.walletId}`}
             and (c.wallet_id is null
                  or c.wallet_id not in (select w.id from wallets w where w.user_id = ${scope.userId} and not w.is_active))
           group by c.month
        ), running as (
          select month, n, sum(n) over (order by month ${direction}) as upto from months
        )
        select to_char(month, 'YYYY-MM-DD') as month, (upto - n)::bigint as before
          from running where upto > ${offset}
         order by month ${direction} limit 1`,
  );
  const row = rows[0];
  if (row === undefined) return null;
  return {
    bound: ordering === '-created_at' ? nextMonthStart(row.month) : monthStart(row.month),
    skip: offset - Number(row.before),
  };
}

/**
 * Rebuilds the month counts from the stored transactions, of the given users (all users when none are given).
 * Needed only after writing transactions with triggers disabled (a bulk load under session_replication_role =
 * replica); every other write keeps the counts exact by itself.
 */
export async function refreshTransactionMonthCounts(db: Database, userIds?: readonly string[]): Promise<void> {
  const only = userIds === undefined ? sql`` : sql`where user_id = any(${`{${userIds.join(',')}}`}::uuid[])`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`lock table transactions in share mode`);
    await tx.execute(sql`delete from transaction_month_counts ${only}`);
    await tx.execute(sql`
      insert into transaction_month_counts (user_id, month, is_spam, wallet_id, cex_id, count)
      select user_id, date_trunc('month', created_at at time zone 'UTC')::date, is_spam, wallet_id, cex_id, count(*)
        from transactions ${only}
       group by 1, 2, 3, 4, 5`);
  });
}
