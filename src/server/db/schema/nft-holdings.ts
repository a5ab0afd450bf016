import { index, jsonb, numeric, pgTable, text, timestamp, unique, uuid, boolean } from 'drizzle-orm/pg-core';
import type { Network } from '../../../shared/enums';
import { users } from './users';
import { wallets } from './wallets';

export const NFT_STANDARDS = ['ERC721', 'ERC1155'] as const;
export type NftStandard = (typeof NFT_STANDARDS)[number];

export interface NftProperty {
  property_id: string;
  name: string;
}

/** NFTs a wallet holds now (derived from its ERC-721/1155 transfers), with metadata and a price when known. */
export const nftHoldings = pgTable(
  'nft_holdings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    walletId: uuid('wallet_id')
      .notNull()
      .references(() => wallets.id, { onDelete: 'cascade' }),
    network: text('network').$type<Network>().notNull(),
    contractAddress: text('contract_address').notNull(),
    /** Token id as a decimal string. */
    nftId: text('nft_id').notNull(),
    standard: text('standard').$type<NftStandard>().notNull(),
    /** Units held (1 for ERC-721). */
    amount: numeric('amount', { precision: 78, scale: 0 }).notNull(),
    name: text('name').notNull().default(''),
    collection: text('collection').notNull().default(''),
    imageUrl: text('image_url'),
    metadataUrl: text('metadata_url'),
    properties: jsonb('properties').$type<NftProperty[]>().notNull().default([]),
    /** When the wallet received it. */
    acquiredAt: timestamp('acquired_at', { withTimezone: true }).notNull(),
    /** Price (e.g. collection floor) in `price_currency`; NULL when unknown. */
    price: numeric('price'),
    priceCurrency: text('price_currency'),
    isPriceSynced: boolean('is_price_synced').notNull().default(false),
    metadataFetchedAt: timestamp('metadata_fetched_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('nft_holdings_wallet_item_key').on(t.walletId, t.network, t.contractAddress, t.nftId),
    index('nft_holdings_user_idx').on(t.userId, t.acquiredAt),
  ],
);

export type NftHoldingRow = typeof nftHoldings.$inferSelect;
export type NewNftHoldingRow = typeof nftHoldings.$inferInsert;
