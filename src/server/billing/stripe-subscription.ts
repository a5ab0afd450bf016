import type Stripe from 'stripe';
import { PLAN_CODES, type PlanCode } from '../../shared/enums';
import { BILLING_INTERVALS, type BillingInterval } from '../../shared/schemas/billing';
import type { BillingConfig } from '../config/env';
import type { SubscriptionRow } from '../db/schema';

/** Stripe statuses in which the paid plan is in force (past_due: Stripe is retrying a failed renewal). */
export const LIVE_STATUSES: ReadonlySet<string> = new Set(['active', 'trialing', 'past_due']);

export interface PricedPlan {
  plan: PlanCode;
  interval: BillingInterval;
}

/** The plan and interval each configured Stripe price sells. */
export function priceCatalogue(config: BillingConfig): ReadonlyMap<string, PricedPlan> {
  return new Map<string, PricedPlan>([
    [config.prices.monthly, { plan: 'PLUS', interval: 'month' }],
    [config.prices.annual, { plan: 'PLUS', interval: 'year' }],
  ]);
}

/** The subscription columns a Stripe subscription sets. */
export type StripeSubscriptionState = Pick<
  SubscriptionRow,
  | 'planCode'
  | 'cancelledAt'
  | 'endsAt'
  | 'nextBillingAt'
  | 'billingInterval'
  | 'stripeStatus'
  | 'stripeSubscriptionId'
  | 'stripeCreatedAt'
>;

const fromSeconds = (seconds: number | null | undefined): Date | null =>
  seconds === null || seconds === undefined ? null : new Date(seconds * 1000);

const isPlanCode = (value: unknown): value is PlanCode => (PLAN_CODES as readonly unknown[]).includes(value);
const isInterval = (value: unknown): value is BillingInterval => (BILLING_INTERVALS as readonly unknown[]).includes(value);

/**
 * What the subscription sells: a configured price, else a plan named in the price's or the subscription's
 * metadata (an individually priced Enterprise contract set up in Stripe). null: nothing this server sells.
 */
export function pricedPlanOf(subscription: Stripe.Subscription, prices: ReadonlyMap<string, PricedPlan>): PricedPlan | null {
  const price = subscription.items.data[0]?.price;
  if (price === undefined) return null;
  const known = prices.get(price.id);
  if (known !== undefined) return known;
  const named = price.metadata?.plan ?? subscription.metadata?.plan;
  const interval = price.recurring?.interval;
  if (isPlanCode(named) && named !== 'STARTER' && isInterval(interval)) return { plan: named, interval };
  return null;
}

/**
 * The columns a Stripe subscription in `status` means (docs/billing.md): a live one puts its plan in force, with a
 * cancellation at its period end (or at `cancel_at`) as cancelled_at/ends_at; any other status is the free plan.
 */
export function stateOfSubscription(subscription: Stripe.Subscription, priced: PricedPlan): StripeSubscriptionState {
  const periodEnd = fromSeconds(subscription.items.data[0]?.current_period_end);
  const base = {
    stripeStatus: subscription.status,
    stripeSubscriptionId: subscription.id,
    stripeCreatedAt: fromSeconds(subscription.created),
  };
  if (!LIVE_STATUSES.has(subscription.status)) {
    return { ...base, planCode: 'STARTER', cancelledAt: null, endsAt: null, nextBillingAt: null, billingInterval: null };
  }
  const cancelling = subscription.cancel_at_period_end || subscription.cancel_at !== null;
  const endsAt = cancelling ? (fromSeconds(subscription.cancel_at) ?? periodEnd) : null;
  return {
    ...base,
    planCode: priced.plan,
    cancelledAt: cancelling ? (fromSeconds(subscription.canceled_at) ?? endsAt) : null,
    endsAt,
    nextBillingAt: cancelling ? null : periodEnd,
    billingInterval: priced.interval,
  };
}

/**
 * Whether `incoming` may replace what is stored: the stored subscription's own news always does (it is re-read from
 * Stripe, so it is current); another subscription only when it is live and newer than a stored live one, so a late
 * event about an old subscription never undoes a newer one.
 */
export function replacesStored(
  stored: Pick<SubscriptionRow, 'stripeSubscriptionId' | 'stripeStatus' | 'stripeCreatedAt'> | null,
  incoming: Stripe.Subscription,
): boolean {
  if (stored === null || stored.stripeSubscriptionId === null) return LIVE_STATUSES.has(incoming.status);
  if (stored.stripeSubscriptionId === incoming.id) return true;
  if (!LIVE_STATUSES.has(incoming.status)) return false;
  if (stored.stripeStatus === null || !LIVE_STATUSES.has(stored.stripeStatus)) return true;
  return stored.stripeCreatedAt === null || incoming.created * 1000 >= stored.stripeCreatedAt.getTime();
}
