import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** A user's address book (docs/contacts.md). Addresses and labels live in their own tables. */
export const contacts = pgTable(
  'contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    company: text('company').notNull().default(''),
    email: text('email').notNull(),
    addressLine1: text('address_line1').notNull(),
    addressLine2: text('address_line2').notNull().default(''),
    country: text('country').notNull(),
    city: text('city').notNull(),
    postalCode: text('postal_code').notNull(),
    taxNumber: text('tax_number').notNull().default(''),
    /** The Idempotency-Key of the POST that made it: a replay of that POST answers with this contact. */
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('contacts_user_created_idx').on(t.userId, t.createdAt),
    uniqueIndex('contacts_user_idempotency_key').on(t.userId, t.idempotencyKey),
  ],
);

export type ContactRow = typeof contacts.$inferSelect;
export type NewContactRow = typeof contacts.$inferInsert;
