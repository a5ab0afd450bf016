import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import type { Network } from '../../../shared/enums';
import { contacts } from './contacts';
import { users } from './users';

/**
 * The public addresses of a contact, in the order the user gave them. `address` is stored normalised (EIP-55
 * for EVM networks); `user_id` repeats the contact's owner so a counterparty address finds its contact directly.
 */
export const contactAddresses = pgTable(
  'contact_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    network: text('network').$type<Network>().notNull(),
    address: text('address').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    unique('contact_addresses_contact_network_address_key').on(t.contactId, t.network, t.address),
    index('contact_addresses_user_address_idx').on(t.userId, sql`lower(${t.address})`),
  ],
);

export type ContactAddressRow = typeof contactAddresses.$inferSelect;
