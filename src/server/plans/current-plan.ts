import { eq } from 'drizzle-orm';
import type { PlanCode } from '../../shared/enums';
import type { Subscription } from '../../shared/schemas/billing';
import type { Database } from '../db/database';
import { plans, subscriptions, type PlanRow, type SubscriptionRow } from '../db/schema';

/** Users without a subscription, or whose cancelled one has ended, are on the free plan. */
export const DEFAULT_PLAN: PlanCode = 'STARTER';

/** Stripe statuses in which the plan stays while Stripe retries a failed renewal. */
const PAYMENT_FAILED_STATUSES = new Set(['past_due']);

export type SubscriptionState = Pick<
  SubscriptionRow,
  'planCode' | 'cancelledAt' | 'endsAt' | 'nextBillingAt' | 'billingInterval' | 'stripeStatus'
>;

export const subscriptionStateColumns = {
  planCode: subscriptions.planCode,
  cancelledAt: subscriptions.cancelledAt,
  endsAt: subscriptions.endsAt,
  nextBillingAt: subscriptions.nextBillingAt,
  billingInterval: subscriptions.billingInterval,
  stripeStatus: subscriptions.stripeStatus,
};

/** The subscription in force at `now`: a cancelled plan whose end has passed is the free plan (docs/billing.md). */
export function effectiveSubscription(row: SubscriptionState | null, now: Date): Subscription {
  if (row === null || (row.endsAt !== null && row.endsAt.getTime() <= now.getTime())) {
    return {
      plan: DEFAULT_PLAN,
      cancelled_at: null,
      ends_at: null,
      next_billing_date: null,
      billing_interval: null,
      payment_failed: false,
    };
  }
  const paid = row.planCode !== DEFAULT_PLAN;
  return {
    plan: row.planCode,
    cancelled_at: row.cancelledAt?.toISOString() ?? null,
    ends_at: row.endsAt?.toISOString() ?? null,
    next_billing_date: paid && row.cancelledAt === null ? (row.nextBillingAt?.toISOString() ?? null) : null,
    billing_interval: paid ? row.billingInterval : null,
    payment_failed: paid && row.stripeStatus !== null && PAYMENT_FAILED_STATUSES.has(row.stripeStatus),
  };
}

/** The subscription of `userId` in force at `now`. */
export async function loadSubscription(db: Database, userId: string, now: Date): Promise<Subscription> {
  const [row] = await db
    .select(subscriptionStateColumns)
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .limit(1);
  return effectiveSubscription(row ?? null, now);
}

/** The plan row whose limits apply to `userId` at `now`. */
export async function currentPlan(db: Database, userId: string, now: Date): Promise<PlanRow> {
  const code = (await loadSubscription(db, userId, now)).plan;
  const [plan] = await db.select().from(plans).where(eq(plans.code, code)).limit(1);
  if (plan === undefined) throw new Error(`Plan ${code} is missing: the database was not seeded.`);
  return plan;
}
