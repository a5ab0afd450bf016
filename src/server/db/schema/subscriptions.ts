import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { BillingInterval } from '../../../shared/schemas/billing';
import type { PlanCode } from '../../../shared/enums';
import { plans } from './plans';
import { users } from './users';

/**
 * The current subscription of a user (one per user). Users without a row are on STARTER. The Stripe columns
 * mirror the user's Stripe subscription as Stripe last reported it (docs/billing.md).
 */
export const subscriptions = pgTable('subscriptions', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  planCode: text('plan_code')
    .$type<PlanCode>()
    .notNull()
    .references(() => plans.code),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  /** The user's Stripe customer (created once, at the first checkout). */
  stripeCustomerId: text('stripe_customer_id').unique(),
  stripeSubscriptionId: text('stripe_subscription_id'),
  /** Stripe's status of that subscription (active, past_due, canceled, ...). */
  stripeStatus: text('stripe_status'),
  /** When Stripe created that subscription: a newer live subscription replaces an older one, never the reverse. */
  stripeCreatedAt: timestamp('stripe_created_at', { withTimezone: true }),
  /** The next renewal charge; null once cancelled. */
  nextBillingAt: timestamp('next_billing_at', { withTimezone: true }),
  billingInterval: text('billing_interval').$type<BillingInterval>(),
});

export type SubscriptionRow = typeof subscriptions.$inferSelect;
