import { index, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { contacts } from './contacts';
import { labels } from './labels';

/** Which labels a contact carries. */
export const contactLabels = pgTable(
  'contact_labels',
  {
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    labelId: uuid('label_id')
      .notNull()
      .references(() => labels.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ name: 'contact_labels_pkey', columns: [t.contactId, t.labelId] }),
    index('contact_labels_label_idx').on(t.labelId),
  ],
);
