import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { INVOICE_PAYMENT_NETWORKS, INVOICE_PAYMENT_TOKENS, KycState } from '../../../shared/enums';

type InvoicePaymentNetwork = (typeof INVOICE_PAYMENT_NETWORKS)[number];
type InvoicePaymentToken = (typeof INVOICE_PAYMENT_TOKENS)[number];
import type { FtcTargetAddressType } from '../../../shared/schemas/ftc';
import { users } from './users';
import { wallets } from './wallets';

/**
 * A user's fiat-to-crypto set-up at the partner (docs/fiat-to-crypto.md): the partner's user id, the KYC state,
 * the euro bank account clients pay into and where the partner sends the stablecoins. The partner's session id
 * is kept sealed (secret box) and reached only through a random handle whose SHA-256 is stored here.
 */
export const ftcProfiles = pgTable('ftc_profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  partnerUserUuid: text('partner_user_uuid').unique('ftc_profiles_partner_user_uuid_key'),
  kyc: text('kyc').$type<KycState>(),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  email: text('email').notNull().default(''),
  country: text('country').notNull().default(''),
  walletId: uuid('wallet_id').references(() => wallets.id, { onDelete: 'set null' }),
  walletAddress: text('wallet_address'),
  network: text('network').$type<InvoicePaymentNetwork>(),
  token: text('token').$type<InvoicePaymentToken>(),
  targetAddressType: text('target_address_type').$type<FtcTargetAddressType>(),
  targetAddressVasp: text('target_address_vasp'),
  bankUuid: text('bank_uuid').unique('ftc_profiles_bank_uuid_key'),
  bankIban: text('bank_iban'),
  bankBic: text('bank_bic'),
  sessionSealed: text('session_sealed'),
  sessionHandleHash: text('session_handle_hash'),
  /** When the last code was e-mailed: its attempts are counted apart from earlier codes'. */
  otpRequestedAt: timestamp('otp_requested_at', { withTimezone: true }),
  /** Counts the codes e-mailed: wrong guesses are limited per code. */
  otpSerial: integer('otp_serial').notNull().default(0),
  sessionExpiresAt: timestamp('session_expires_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type FtcProfileRow = typeof ftcProfiles.$inferSelect;
