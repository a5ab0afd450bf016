import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { PlanCode } from '../../../shared/enums';
import { plans } from './plans';
import { users } from './users';

/** The current subscription of a user (one per user). Users without a row are on STARTER. */
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
});

export type SubscriptionRow = typeof subscriptions.$inferSelect;
