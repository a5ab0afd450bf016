import { pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The label a payment gets when it pays an invoice (docs/labels.md "Transaction label: name, tx_hash, invoice", docs/labels.md
 * Payer actions): posted to transaction_labels and shown as transc_label on the user's transaction with that
 * hash. `tx_hash` is stored lower-case; `invoice_id` names the paid invoice when known.
 */
export const paymentLabels = pgTable(
  'payment_labels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    txHash: text('tx_hash').notNull(),
    invoiceId: uuid('invoice_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('payment_labels_user_tx_hash_key').on(t.userId, t.txHash)],
);

export type PaymentLabelRow = typeof paymentLabels.$inferSelect;
