import { date, numeric, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** The value of a user's active wallets and exchange accounts at the end of each UTC day, in USD. */
export const portfolioSnapshots = pgTable(
  'portfolio_snapshots',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    measuredOn: date('measured_on', { mode: 'string' }).notNull(),
    valueUsd: numeric('value_usd').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.measuredOn] })],
);

export type PortfolioSnapshotRow = typeof portfolioSnapshots.$inferSelect;
