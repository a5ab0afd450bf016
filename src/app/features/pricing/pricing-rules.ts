/** What the pricing screen shows for a plan and a subscription (docs/billing.md). */
import dayjs from 'dayjs';
import type { Subscription } from '../../../shared/api-types';
import type { PricingPlan } from '../../../shared/contract/plans';
import { PLAN_LABELS, type PlanCode } from '../../../shared/enums';
import { Big } from '../../../shared/money';
import { ANNUAL_DISCOUNT_PERCENT, type BillingInterval } from '../../../shared/schemas/billing';

export { ANNUAL_DISCOUNT_PERCENT };

/** The product name of the success dialog when the server's config has not loaded. */
export const PRODUCT_NAME = 'Ledgerloop';

/** How often the user is read again while a paid checkout waits for Stripe's confirmation, and for how long. */
export const PENDING_POLL_MS = 3000;
export const PENDING_TIMEOUT_MS = 2 * 60 * 1000;

export const CARD_TITLES: Record<PlanCode, string> = {
  STARTER: 'Free',
  PLUS: 'Subscribe',
  ENTERPRISE: 'Individual Price',
};

export const ENTERPRISE_FEATURES = [
  'Payroll management',
  'Company wallet management',
  'Whitelabel invoices',
  'Individual payment links',
  'API access',
] as const;

export const successText = (product: string): string => `Congratulations! You are now a ${product} PLUS member`;

/** 'Jan 31, 2027'; '' for a missing date. */
export function dayText(iso: string | null): string {
  if (iso === null) return '';
  const date = dayjs(iso);
  return date.isValid() ? date.format('MMM DD, YYYY') : '';
}

const euro = (amount: string): string => `€${new Big(amount).toFixed(2)}`;

export interface PriceDisplay {
  /** '€19.00'; null: individual price. */
  amount: string | null;
  /** '/month' or '/year'. */
  per: string;
  /** For the annual price: what it comes to a month. */
  note: string | null;
}

export function priceDisplay(plan: PricingPlan, interval: BillingInterval): PriceDisplay {
  const amount = interval === 'month' ? plan.monthly_price_usd : plan.annual_price_usd;
  if (amount === null) return { amount: null, per: '', note: null };
  const per = interval === 'month' ? '/month' : '/year';
  const free = new Big(amount).eq(0);
  const note =
    interval === 'year' && !free ? `${euro(new Big(amount).div(12).round(2, Big.roundHalfUp).toFixed(2))} a month, billed yearly` : null;
  return { amount: euro(amount), per, note };
}

/** The limits of a plan as its card lists them. */
export function limitFeatures(plan: PricingPlan): string[] {
  const count = (n: number | null, one: string, many: string) =>
    n === null ? `Unlimited ${many}` : `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
  const features = [
    count(plan.max_num_wallets, 'wallet or exchange account', 'wallets and exchange accounts'),
    `${count(plan.max_num_transactions, 'transaction', 'transactions')} per wallet`,
    `${count(plan.max_num_invoices, 'invoice', 'invoices')}${plan.max_num_invoices === null ? '' : ' per year'}`,
  ];
  if (plan.code !== 'STARTER') features.push('Portfolio history', 'Accounting integration');
  return features;
}

/** What a card's button does for this subscriber. */
export type CardAction =
  | { kind: 'current' }
  | { kind: 'checkout'; priceId: string }
  | { kind: 'switch-to-free' }
  | { kind: 'free-from'; date: string }
  | { kind: 'resume' }
  | { kind: 'contact' }
  | { kind: 'pending' }
  | { kind: 'unavailable' };

export function cardAction(
  plan: PricingPlan,
  subscription: Subscription,
  interval: BillingInterval,
  billingEnabled: boolean,
  pending: boolean,
): CardAction {
  const current = subscription.plan;
  const cancelled = subscription.cancelled_at !== null;
  if (plan.code === 'ENTERPRISE') return current === 'ENTERPRISE' ? { kind: 'current' } : { kind: 'contact' };
  if (plan.code === 'STARTER') {
    if (current === 'STARTER') return { kind: 'current' };
    if (cancelled) return { kind: 'free-from', date: dayText(subscription.ends_at) };
    return current === 'PLUS' && billingEnabled ? { kind: 'switch-to-free' } : { kind: 'unavailable' };
  }
  // PLUS
  if (current === 'PLUS') return cancelled && billingEnabled ? { kind: 'resume' } : { kind: 'current' };
  if (current === 'ENTERPRISE' || !billingEnabled) return { kind: 'unavailable' };
  if (pending) return { kind: 'pending' };
  const priceId = interval === 'month' ? plan.monthly_plan_stripe_id : plan.annual_plan_stripe_id;
  return priceId === null ? { kind: 'unavailable' } : { kind: 'checkout', priceId };
}

/** The line under the title: the plan, the next billing date or the end date. */
export function subscriptionText(subscription: Subscription): string {
  const name = PLAN_LABELS[subscription.plan];
  if (subscription.plan === 'STARTER') return `You are on the ${name}.`;
  if (subscription.cancelled_at !== null && subscription.ends_at !== null) {
    return `Your ${name} plan is cancelled and ends on ${dayText(subscription.ends_at)}; then you move to the Free Plan.`;
  }
  if (subscription.next_billing_date !== null) {
    const every = subscription.billing_interval === 'year' ? 'yearly' : 'monthly';
    return `You are on the ${name} plan, billed ${every}. Next billing date: ${dayText(subscription.next_billing_date)}.`;
  }
  return `You are on the ${name} plan.`;
}
