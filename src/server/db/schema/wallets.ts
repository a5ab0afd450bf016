import { boolean, index, numeric, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type { Network } from '../../../shared/enums';
import { users } from './users';

/** Public addresses a user tracks. */
export const wallets = pgTable(
  'wallets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    address: text('address').notNull(),
    network: text('network').$type<Network>().notNull(),
    isActive: boolean('is_active').notNull().default(true),
    isSynchronized: boolean('is_synchronized').notNull().default(false),
    /** Fiat value of the wallet's holdings (decimal). */
    totalBalance: numeric('total_balance').notNull().default('0'),
    lastActivity: timestamp('last_activity', { withTimezone: true }),
    /** The last sync's failure in words (shown to the user); null when the last sync went well. */
    syncError: text('sync_error'),
    /** The plan's per-wallet transaction limit stopped ingestion; more transactions exist. */
    txLimitReached: boolean('tx_limit_reached').notNull().default(false),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('wallets_user_network_address_key').on(t.userId, t.network, t.address),
    index('wallets_user_id_idx').on(t.userId),
  ],
);

export type WalletRow = typeof wallets.$inferSelect;
