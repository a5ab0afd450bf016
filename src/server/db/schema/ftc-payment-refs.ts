import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { invoices } from './invoices';
import { users } from './users';

/** The bank-transfer reference of each issued fiat-to-crypto invoice: unique, so a transfer finds one invoice. */
export const ftcPaymentRefs = pgTable('ftc_payment_refs', {
  reference: text('reference').primaryKey(),
  invoiceId: uuid('invoice_id')
    .notNull()
    .unique('ftc_payment_refs_invoice_id_key')
    .references(() => invoices.id, { onDelete: 'cascade' }),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
