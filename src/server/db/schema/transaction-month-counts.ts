import { boolean, date, integer, pgTable, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * How many transactions each user has per calendar month (UTC), per wallet or exchange account and spam flag.
 * Triggers on `transactions` keep it exact inside the writing database transaction (migration 0006): rows
 * inserted, deleted (also by a cascade) or updated add and subtract their counts; a month whose count drops to
 * zero is removed. The transaction list uses it to jump to a deep offset (the month holding it, then an offset
 * within that month) instead of stepping over every newer row. A bulk load that bypasses triggers
 * (session_replication_role = replica) must rebuild it afterwards (refreshTransactionMonthCounts).
 */
export const transactionMonthCounts = pgTable(
  'transaction_month_counts',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** First day of the month (UTC) of the transactions' created_at. */
    month: date('month', { mode: 'string' }).notNull(),
    isSpam: boolean('is_spam').notNull(),
    walletId: uuid('wallet_id'),
    cexId: uuid('cex_id'),
    count: integer('count').notNull(),
  },
  (t) => [unique('transaction_month_counts_key').on(t.userId, t.month, t.isSpam, t.walletId, t.cexId).nullsNotDistinct()],
);
