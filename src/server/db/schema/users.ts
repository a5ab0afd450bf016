import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { FiatCurrency, KycState, UserType } from '../../../shared/enums';

/**
 * One row per person. `auth_key` identifies how they sign in: `wallet:<lowercased 0x address>`,
 * `google:<OpenID subject>`, `address:<normalised address>` (read-only guest) or `demo:<address>`.
 */
export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  authKey: text('auth_key').notNull().unique(),
  address: text('address').notNull().default(''),
  type: text('type').$type<UserType>(),
  signedEmail: text('signed_email'),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  email: text('email').notNull().default(''),
  addressLine1: text('address_line1').notNull().default(''),
  addressLine2: text('address_line2').notNull().default(''),
  city: text('city').notNull().default(''),
  postalCode: text('postal_code').notNull().default(''),
  country: text('country').notNull().default(''),
  taxNumber: text('tax_number').notNull().default(''),
  fiatCurrency: text('fiat_currency').$type<FiatCurrency>().notNull().default('USD'),
  language: text('language').notNull().default('English'),
  timezone: text('timezone').notNull().default('CET'),
  fullAccess: boolean('full_access').notNull().default(false),
  isStaff: boolean('is_staff').notNull().default(false),
  isSuperuser: boolean('is_superuser').notNull().default(false),
  isTutorialViewed: boolean('is_tutorial_viewed').notNull().default(false),
  isDemo: boolean('is_demo').notNull().default(false),
  kyc: text('kyc').$type<KycState>(),
  ftcTimeout: timestamp('ftc_timeout', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
});

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
