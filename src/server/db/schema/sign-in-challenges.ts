import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { WalletLoginKind } from '../../../shared/enums';

/** EIP-4361 messages handed out by login-with-wallet; each is single-use and short-lived. */
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
  },
  (t) => [index('sign_in_challenges_address_idx').on(t.address, t.issuedAt)],
);

export type SignInChallengeRow = typeof signInChallenges.$inferSelect;
