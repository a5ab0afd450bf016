import { boolean, index, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Exchange } from '../../../shared/enums';
import { users } from './users';

/** Connected exchange accounts (they count toward the wallet limit). */
export const centralisedExchanges = pgTable(
  'centralised_exchanges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    exchange: text('exchange').$type<Exchange>().notNull(),
    /** API key and secret sealed with the server's secret box (AES-256-GCM); never returned or logged. */
    apiKeySealed: text('api_key_sealed').notNull(),
    secretKeySealed: text('secret_key_sealed').notNull(),
    /** First and last 4 characters of the API key, for display. */
    apiKeyHint: text('api_key_hint').notNull().default(''),
    isSynchronized: boolean('is_synchronized').notNull().default(false),
    /** The last sync's failure in words (shown to the user); null when the last sync went well. */
    lastError: text('last_error'),
    /** Fiat value of the account's holdings in USD (decimal). */
    totalBalance: numeric('total_balance').notNull().default('0'),
    lastActivity: timestamp('last_activity', { withTimezone: true }),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    txLimitReached: boolean('tx_limit_reached').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('centralised_exchanges_user_id_idx').on(t.userId)],
);

export type CentralisedExchangeRow = typeof centralisedExchanges.$inferSelect;
