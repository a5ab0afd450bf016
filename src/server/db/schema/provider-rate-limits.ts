import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Provider rate-limit buckets shared by every process on PostgreSQL, one per provider host and key
 * (`<host>|<key>`; keys are fingerprints, never API keys). Times are on the database's clock. A reservation
 * is one atomic upsert (see src/server/providers/http/shared-rate-limiter.ts).
 */
export const providerRateLimits = pgTable('provider_rate_limits', {
  id: text('id').primaryKey(),
  /** When the next request is due at the rule's even pace (GCRA theoretical arrival time). */
  theoreticalAt: timestamp('theoretical_at', { withTimezone: true }).notNull(),
  /** No request before this (after a 429 with Retry-After or an explorer's rate-limit reply). */
  heldUntil: timestamp('held_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
