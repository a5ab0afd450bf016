import { bigint, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { centralisedExchanges } from './centralised-exchanges';
import { wallets } from './wallets';

export const SYNC_STATUSES = ['IDLE', 'RUNNING', 'DONE', 'ERROR'] as const;
export type SyncStatus = (typeof SYNC_STATUSES)[number];

/**
 * Sync cursors, one row per wallet or exchange account and kind. Kind `account` holds the overall status, lock and
 * retry schedule; the others (`normal`, `internal`, `erc20`, `erc721`, `erc1155`, `rpc`, `esplora`, `deposits`,
 * `withdrawals`, `trades:<market>`, `conversions`, `balances`) hold where the next incremental pass starts: the
 * last block (inclusive), the last Bitcoin txid, or the exchange time; an exchange's market scans (`trade-scan`,
 * `trade-scan:<ASSET>`) hold how far the scan of the exchange's markets got (see sync/exchange/market-scan.ts). A cursor moves in the same database transaction as the rows it covers.
 * Demo wallets have one row of kind `demo` instead: `since` is the last day of their generated history and
 * `last_txid` the fingerprint of the generated data set (see src/server/demo/seed-demo-data.ts).
 */
export const syncCursors = pgTable(
  'sync_cursors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    walletId: uuid('wallet_id').references(() => wallets.id, { onDelete: 'cascade' }),
    cexId: uuid('cex_id').references(() => centralisedExchanges.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    lastBlock: bigint('last_block', { mode: 'bigint' }),
    lastTxid: text('last_txid'),
    since: timestamp('since', { withTimezone: true }),
    status: text('status').$type<SyncStatus>().notNull().default('IDLE'),
    lastError: text('last_error'),
    attempts: integer('attempts').notNull().default(0),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('sync_cursors_wallet_kind_key').on(t.walletId, t.kind),
    unique('sync_cursors_cex_kind_key').on(t.cexId, t.kind),
    index('sync_cursors_next_run_idx').on(t.nextRunAt),
  ],
);

export type SyncCursorRow = typeof syncCursors.$inferSelect;
