import { bigint, index, integer, jsonb, numeric, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type { Network } from '../../../shared/enums';
import type { PaymentSource, ReviewReason } from '../../../shared/contract/payments';
import { invoices } from './invoices';
import { users } from './users';

/** COUNTED pays its invoice; REVIEW waits for the owner; DISMISSED the owner set aside; REORGED left the chain. */
export type InvoicePaymentStatus = 'COUNTED' | 'REVIEW' | 'DISMISSED' | 'REORGED';

/**
 * A transfer to an invoice's receiving address, verified on its chain (see docs/payments.md). A hash is counted
 * once, for one invoice only: (network, tx_hash) is unique whatever the row's status. `amount` is in the token's
 * base units; `value` is its worth in the invoice's currency at the block's time.
 */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The owner of the invoice it pays; while in review, every owner of a candidate sees it (docs/payments.md). */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    status: text('status').$type<InvoicePaymentStatus>().notNull(),
    source: text('source').$type<PaymentSource>().notNull(),
    reason: text('reason').$type<ReviewReason>(),
    network: text('network').$type<Network>().notNull(),
    txHash: text('tx_hash').notNull(),
    /** The Transfer log's index; -1 for a native value transfer. */
    logIndex: integer('log_index').notNull(),
    /** Lower-case token contract; null for the native coin. */
    tokenAddress: text('token_address'),
    tokenSymbol: text('token_symbol').notNull(),
    decimals: integer('decimals').notNull(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    amount: numeric('amount', { precision: 78, scale: 0 }).notNull(),
    value: numeric('value'),
    blockNumber: bigint('block_number', { mode: 'bigint' }).notNull(),
    blockHash: text('block_hash').notNull(),
    blockTime: timestamp('block_time', { withTimezone: true }).notNull(),
    /** When it reached its network's confirmations; null while confirming. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** Ids of the open invoices a transfer needing review could pay, of every owner paid to its address. */
    candidates: jsonb('candidates').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('invoice_payments_network_tx_hash_key').on(t.network, t.txHash),
    index('invoice_payments_invoice_idx').on(t.invoiceId),
    index('invoice_payments_user_status_idx').on(t.userId, t.status),
  ],
);
export type InvoicePaymentRow = typeof invoicePayments.$inferSelect;

/** A payer's 'I Paid the Invoice', with the hash and e-mail they left (both optional). */
export const paymentClaims = pgTable(
  'payment_claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    method: text('method').notNull(),
    /** Lower-case; a hash not yet found on the chain is looked up again by the watcher. */
    txHash: text('tx_hash'),
    email: text('email'),
    /** PENDING: a hash still to be found; DONE: verified or without hash; REFUSED: the hash paid nothing. */
    checkState: text('check_state').$type<'PENDING' | 'DONE' | 'REFUSED'>().notNull().default('DONE'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_claims_invoice_idx').on(t.invoiceId), index('payment_claims_check_idx').on(t.checkState)],
);
export type PaymentClaimRow = typeof paymentClaims.$inferSelect;

/** The next block the watcher scans on each network. */
export const paymentWatchCursors = pgTable('payment_watch_cursors', {
  network: text('network').$type<Network>().primaryKey(),
  nextBlock: bigint('next_block', { mode: 'bigint' }).notNull(),
  /** A worker scanning the network holds it until then; another takes over once it lapses. */
  leasedUntil: timestamp('leased_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every invoice ever issued (sent as DUE), kept when the invoice is deleted: the yearly invoice limit counts
 * these by the year they were issued in.
 */
export const invoiceIssues = pgTable(
  'invoice_issues',
  {
    invoiceId: uuid('invoice_id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('invoice_issues_user_issued_idx').on(t.userId, t.issuedAt)],
);
