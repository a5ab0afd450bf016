import { index, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { labels } from './labels';
import { transactions } from './transactions';

/** Which labels a transaction carries (the label picker of the transactions table). */
export const transactionLabels = pgTable(
  'transaction_labels',
  {
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    labelId: uuid('label_id')
      .notNull()
      .references(() => labels.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ name: 'transaction_labels_pkey', columns: [t.transactionId, t.labelId] }),
    index('transaction_labels_label_transaction_idx').on(t.labelId, t.transactionId),
  ],
);
