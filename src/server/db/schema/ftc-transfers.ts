import { index, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { FtcTransferStatus } from '../../../shared/schemas/ftc';
import { invoices } from './invoices';
import { users } from './users';

/**
 * Euro transfers the partner received on a user's bank account, once each (its transfer id is unique), matched
 * to an invoice by reference or left for the owner's review.
 */
export const ftcTransfers = pgTable(
  'ftc_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerTransferId: text('partner_transfer_id').notNull().unique('ftc_transfers_partner_transfer_id_key'),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    /** Euro, two decimals. */
    amount: numeric('amount', { precision: 20, scale: 2 }).notNull(),
    currency: text('currency').notNull(),
    reference: text('reference').notNull().default(''),
    status: text('status').$type<FtcTransferStatus>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ftc_transfers_user_idx').on(t.userId, t.status), index('ftc_transfers_invoice_idx').on(t.invoiceId)],
);

/** Partner webhook events already processed (an event delivered again changes nothing). */
export const ftcWebhookEvents = pgTable('ftc_webhook_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
