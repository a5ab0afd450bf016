import { boolean, index, integer, numeric, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type { Network } from '../../../shared/enums';
import { centralisedExchanges } from './centralised-exchanges';
import { users } from './users';
import { wallets } from './wallets';

/**
 * Current fungible holdings per wallet or exchange account, refreshed by each sync. `amount` is in base units;
 * `price_usd` is the current price of one whole token and `value_usd` the holding's value (NULL when unpriced).
 */
export const tokenBalances = pgTable(
  'token_balances',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    walletId: uuid('wallet_id').references(() => wallets.id, { onDelete: 'cascade' }),
    cexId: uuid('cex_id').references(() => centralisedExchanges.id, { onDelete: 'cascade' }),
    network: text('network').$type<Network>(),
    /** Same ids as transactions.token_id. */
    tokenId: text('token_id').notNull(),
    tokenAddress: text('token_address'),
    tokenSymbol: text('token_symbol').notNull(),
    tokenName: text('token_name').notNull(),
    tokenDecimals: integer('token_decimals').notNull(),
    tokenImage: text('token_image'),
    amount: numeric('amount', { precision: 78, scale: 0 }).notNull(),
    priceUsd: numeric('price_usd'),
    valueUsd: numeric('value_usd'),
    isSpam: boolean('is_spam').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('token_balances_wallet_token_key').on(t.walletId, t.tokenId),
    unique('token_balances_cex_token_key').on(t.cexId, t.tokenId),
    index('token_balances_user_idx').on(t.userId, t.tokenId),
  ],
);

export type TokenBalanceRow = typeof tokenBalances.$inferSelect;
export type NewTokenBalanceRow = typeof tokenBalances.$inferInsert;
