import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { WalletLoginKind } from '../../../shared/enums';

/**
 * EIP-4361 messages handed out by login-with-wallet; each is single-use, short-lived and belongs to the browser
 * that asked for it (see docs/security.md).
 */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lowercased 0x address. */
    address: text('address').notNull(),
    kind: text('kind').$type<WalletLoginKind>().notNull(),
    nonce: text('nonce').notNull().unique(),
    message: text('message').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** SHA-256 (hex) of the sign-in client cookie of the browser the challenge was issued to. */
    clientHash: text('client_hash').notNull().default(''),
    /** Failed proofs against this challenge; it is spent once they reach the per-challenge limit. */
    failedProofs: integer('failed_proofs').notNull().default(0),
  },
  (t) => [
    index('sign_in_challenges_address_idx').on(t.address, t.issuedAt),
    index('sign_in_challenges_client_idx').on(t.clientHash, t.address, t.issuedAt),
  ],
);

export type SignInChallengeRow = typeof signInChallenges.$inferSelect;
