import { date, index, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { centralisedExchanges } from './centralised-exchanges';
import { users } from './users';
import { wallets } from './wallets';

/** account_key of a snapshot kept from before per-account snapshots: the user's total of that day. */
export const WHOLE_PORTFOLIO_KEY = 'all';

/**
 * The value of each wallet and exchange account of a user at the end of each UTC day, in USD (account_key
 * `w:<wallet id>` or `c:<exchange account id>`). Kept per account so the history leaves out what is switched off
 * (is_active false) when it is read, and loses a deleted account's part with it.
 */
export const portfolioSnapshots = pgTable(
  'portfolio_snapshots',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    measuredOn: date('measured_on', { mode: 'string' }).notNull(),
    accountKey: text('account_key').notNull().default(WHOLE_PORTFOLIO_KEY),
    walletId: uuid('wallet_id').references(() => wallets.id, { onDelete: 'cascade' }),
    cexId: uuid('cex_id').references(() => centralisedExchanges.id, { onDelete: 'cascade' }),
    valueUsd: numeric('value_usd').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.measuredOn, t.accountKey] }),
    index('portfolio_snapshots_wallet_idx').on(t.walletId),
    index('portfolio_snapshots_cex_idx').on(t.cexId),
  ],
);

export type PortfolioSnapshotRow = typeof portfolioSnapshots.$inferSelect;
