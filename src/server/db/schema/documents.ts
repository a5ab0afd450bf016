import { boolean, date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Invoices and reports (docs/documents.md). `kind` is INVOICE or a report kind; `state` is the invoice state
 * (null for reports). A report covers `start_date`..`end_date` (yyyy-MM-dd) over either every wallet
 * (`all_wallets`) or the wallets in document_wallets, plus the exchange accounts in document_exchanges. An
 * invoice's own fields live in `invoices` (one row per INVOICE document).
 */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    name: text('name').notNull().default(''),
    state: text('state'),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    allWallets: boolean('all_wallets').notNull().default(false),
    /** The accounting integration's link to a report of that kind, once it exists ('Generating' until then). */
    quickbooksUrl: text('quickbooks_url'),
    /** The Idempotency-Key of the POST that made it: a replay of that POST answers with this document. */
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('documents_user_kind_created_idx').on(t.userId, t.kind, t.createdAt),
    index('documents_user_created_idx').on(t.userId, t.createdAt),
    uniqueIndex('documents_user_idempotency_key').on(t.userId, t.idempotencyKey),
  ],
);

export type DocumentRow = typeof documents.$inferSelect;
export type NewDocumentRow = typeof documents.$inferInsert;
