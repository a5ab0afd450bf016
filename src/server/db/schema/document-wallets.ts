import { index, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { documents } from './documents';
import { wallets } from './wallets';

/**
 * Which wallets a document (an invoice's receiving wallet, a report's chosen wallets) belongs to. Deleting a
 * wallet deletes the documents linked to it (docs/wallets.md: the confirmation lists them as wallet_documents).
 */
export const documentWallets = pgTable(
  'document_wallets',
  {
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    walletId: uuid('wallet_id')
      .notNull()
      .references(() => wallets.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ name: 'document_wallets_pkey', columns: [t.documentId, t.walletId] }),
    index('document_wallets_wallet_idx').on(t.walletId, t.documentId),
  ],
);

export type DocumentWalletRow = typeof documentWallets.$inferSelect;
