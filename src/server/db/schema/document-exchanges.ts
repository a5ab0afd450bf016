import { index, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { centralisedExchanges } from './centralised-exchanges';
import { documents } from './documents';

/** The exchange accounts a report covers (docs/documents.md: cex ids). Deleting either side drops the link. */
export const documentExchanges = pgTable(
  'document_exchanges',
  {
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    exchangeId: uuid('exchange_id')
      .notNull()
      .references(() => centralisedExchanges.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ name: 'document_exchanges_pkey', columns: [t.documentId, t.exchangeId] }),
    index('document_exchanges_exchange_idx').on(t.exchangeId, t.documentId),
  ],
);

export type DocumentExchangeRow = typeof documentExchanges.$inferSelect;
