import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Network } from '../../../shared/enums';
import { centralisedExchanges } from './centralised-exchanges';
import { users } from './users';
import { wallets } from './wallets';

export const TRANSACTION_DIRECTIONS = ['INCOMING', 'OUTGOING'] as const;
export type TransactionDirection = (typeof TRANSACTION_DIRECTIONS)[number];

export const TRANSACTION_KINDS = ['TRANSFER', 'SWAP', 'AXIE_BREED'] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];

/** A token as stored next to a transaction (the swapped side of a swap). */
export interface StoredTokenRef {
  /** Stable id: `ETHEREUM:native`, `ETHEREUM:0x…` (lower-case), `BINANCE:BTC` for exchange assets. */
  id: string;
  address: string | null;
  symbol: string;
  name: string;
  decimals: number;
  image_url: string | null;
  network: Network | null;
}

/**
 * log_index of the native value moved by the transaction itself (an EVM normal transaction, a Bitcoin
 * transaction's net effect). Token transfers use their event log index (>= 0; an ERC-1155 batch entry at
 * position p > 0 uses `logIndex + 1_000_000 * p`; a transfer whose source gives no log index uses
 * 1_000_000_000 + a hash of its details); internal (trace) value transfers use `-2 - traceIndex` with
 * traceIndex a 30-bit hash of the trace id. The full scheme: src/server/sync/evm/event-index.ts.
 */
export const NATIVE_LOG_INDEX = -1;

/**
 * Transactions of a user's wallets and exchange accounts, one row per value movement that concerns the wallet
 * (docs/transactions.md). Amounts, gas and fees are unsigned integers in base units; prices and values are USD
 * decimals at the transaction's time (NULL until known). Chain rows are unique per (wallet, network, hash, log
 * index); exchange rows per (exchange account, external id).
 *
 * Balance arithmetic: a row moves `amount` in its direction unless `is_error` (a failed call moved nothing but
 * its fee) or from_address = to_address (a transfer to oneself); `fee` is paid on top by the wallet, in the
 * network's native coin (or `fee_token_id`). A swap is stored as its legs, each of kind SWAP naming the other
 * side in swapped_amount / swapped_token.
 */
export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    walletId: uuid('wallet_id').references(() => wallets.id, { onDelete: 'cascade' }),
    cexId: uuid('cex_id').references(() => centralisedExchanges.id, { onDelete: 'cascade' }),
    /** Null for exchange rows. */
    network: text('network').$type<Network>(),
    /** Chain hash; for exchange rows the exchange's transaction id or trade id. */
    txHash: text('tx_hash').notNull(),
    /** See NATIVE_LOG_INDEX. Exchange rows use 0. */
    logIndex: integer('log_index').notNull(),
    blockNumber: bigint('block_number', { mode: 'bigint' }),
    /** Exchange rows: `deposit:<id>`, `withdrawal:<id>`, `trade:<id>:<side>`; null for chain rows. */
    externalId: text('external_id'),
    /** When the transaction happened (block time, exchange time). */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    insertedAt: timestamp('inserted_at', { withTimezone: true }).notNull().defaultNow(),
    direction: text('direction').$type<TransactionDirection>().notNull(),
    fromAddress: text('from_address').notNull().default(''),
    toAddress: text('to_address').notNull().default(''),
    amount: numeric('amount', { precision: 78, scale: 0 }).notNull(),
    tokenId: text('token_id').notNull(),
    tokenAddress: text('token_address'),
    tokenSymbol: text('token_symbol').notNull(),
    tokenName: text('token_name').notNull(),
    tokenDecimals: integer('token_decimals').notNull(),
    tokenImage: text('token_image'),
    kind: text('kind').$type<TransactionKind>().notNull().default('TRANSFER'),
    gas: numeric('gas', { precision: 78, scale: 0 }),
    gasPrice: numeric('gas_price', { precision: 78, scale: 0 }),
    /** Paid by the wallet (outgoing only), in base units of `fee_token_id` (the network's native coin when null). */
    fee: numeric('fee', { precision: 78, scale: 0 }),
    feeTokenId: text('fee_token_id'),
    /** USD price of one whole token at `created_at`; NULL while unknown. */
    priceUsd: numeric('price_usd'),
    valueUsd: numeric('value_usd'),
    /** Last time a historical price was looked up for this row (the price-fill job retries after a while). */
    priceCheckedAt: timestamp('price_checked_at', { withTimezone: true }),
    nftId: text('nft_id'),
    nftImageUrl: text('nft_image_url'),
    nftUrl: text('nft_url'),
    swappedAmount: numeric('swapped_amount', { precision: 78, scale: 0 }),
    swappedToken: jsonb('swapped_token').$type<StoredTokenRef>(),
    axieBreedAxsCost: numeric('axie_breed_axs_cost', { precision: 78, scale: 0 }),
    axieBreedSlpCost: numeric('axie_breed_slp_cost', { precision: 78, scale: 0 }),
    isSpam: boolean('is_spam').notNull().default(false),
    isError: boolean('is_error').notNull().default(false),
    /** Called contract method (explorer `functionName` or selector), when known. */
    method: text('method'),
  },
  (t) => [
    unique('transactions_wallet_event_key').on(t.walletId, t.network, t.txHash, t.logIndex),
    // Partial indexes where a column is only set for one kind of row: wallet rows skip the exchange indexes and
    // exchange rows the wallet one, which keeps inserts cheap.
    uniqueIndex('transactions_cex_external_key')
      .on(t.cexId, t.externalId)
      .where(sql`${t.cexId} is not null`),
    // The transaction list (GET transactions) reads its pages, offsets and capped counts from these indexes alone
    // (index-only scans): each ordering with the user leading and the id as tie-breaker, and after it the columns
    // the list always filters on (spam, inactive wallets, the wallet filter). Those trailing columns would be
    // INCLUDE columns, which the schema builder cannot declare; as trailing key columns they serve the same scans
    // (the id before them is unique, so they never change the order).
    index('transactions_user_list_idx').on(t.userId, t.createdAt, t.id, t.isSpam, t.walletId, t.cexId),
    // The Amount ordering sorts by fiat value, an unpriced row counting as zero.
    index('transactions_user_value_idx').on(t.userId, sql`coalesce(${t.valueUsd}, 0)`, t.id, t.isSpam, t.walletId, t.cexId),
    // Token filter (newest first) and the user's token list (a loose scan over user and token).
    index('transactions_user_token_created_idx').on(t.userId, t.tokenId, t.createdAt, t.id, t.isSpam, t.walletId, t.cexId),
    // The FIFO lots of the fungible summary: a token's counted inflows newest first, with what the cost needs
    // (amount, price) and the wallet for the active-wallet scope, read without touching the table.
    index('transactions_user_token_inflow_idx')
      .on(t.userId, t.tokenId, t.createdAt, t.id, t.amount, t.priceUsd, t.walletId)
      .where(sql`${t.direction} = 'INCOMING' and not ${t.isSpam} and not ${t.isError}`),
    // Wallet filter and a wallet's first and latest transaction.
    index('transactions_wallet_created_idx')
      .on(t.walletId, t.createdAt, t.id, t.isSpam, t.userId)
      .where(sql`${t.walletId} is not null`),
    index('transactions_cex_created_idx')
      .on(t.cexId, t.createdAt)
      .where(sql`${t.cexId} is not null`),
    // Search: hash prefix, counterparty address prefix (and contacts' addresses).
    index('transactions_user_hash_idx').on(t.userId, t.txHash),
    index('transactions_user_from_idx').on(t.userId, sql`lower(${t.fromAddress})`),
    index('transactions_user_to_idx').on(t.userId, sql`lower(${t.toAddress})`),
    // Rows waiting for a historical price (the price-fill job).
    index('transactions_price_missing_idx')
      .on(t.priceCheckedAt)
      .where(sql`${t.priceUsd} is null`),
  ],
);

export type TransactionRow = typeof transactions.$inferSelect;
export type NewTransactionRow = typeof transactions.$inferInsert;
