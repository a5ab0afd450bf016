import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Invoices and reports. `kind` is INVOICE, TRANSACTION_REPORT, ... (spec §3 Document). */
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('documents_user_kind_created_idx').on(t.userId, t.kind, t.createdAt)],
);

export type DocumentRow = typeof documents.$inferSelect;
