import * as v from 'valibot';
import { PLAN_CODES } from '../enums';
import { MESSAGES } from '../messages';

/** Discount of the annual price against twelve monthly payments, in percent. */
export const ANNUAL_DISCOUNT_PERCENT = 8;

/** Billing periods of a paid plan, as Stripe names them. */
export const BILLING_INTERVALS = ['month', 'year'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

/** The payment providers POST payments accepts. */
export const PAYMENT_PROVIDERS = ['STRIPE'] as const;

/** User.subscription: the plan in force, its cancellation and end, and the next charge. */
export const subscriptionSchema = v.object({
  plan: v.picklist(PLAN_CODES),
  cancelled_at: v.nullable(v.string()),
  ends_at: v.nullable(v.string()),
  /** The next renewal charge; null on the free plan and once cancelled. */
  next_billing_date: v.nullable(v.string()),
  billing_interval: v.nullable(v.picklist(BILLING_INTERVALS)),
  /** Stripe could not collect the last renewal and is retrying; the plan stays meanwhile. */
  payment_failed: v.boolean(),
});
export type Subscription = v.InferOutput<typeof subscriptionSchema>;

/** POST payments/create_checkout_session {price_id}: one of the Stripe price ids GET subscription-plans lists. */
export const checkoutSessionSchema = v.strictObject({
  price_id: v.pipe(v.string(MESSAGES.required), v.trim(), v.nonEmpty(MESSAGES.required), v.maxLength(255)),
});
export type CheckoutSessionInput = v.InferOutput<typeof checkoutSessionSchema>;

/**
 * POST payments {payment_provider, plan}: PLUS confirms an upgrade after the checkout (or resumes a cancelled
 * plan), STARTER switches to the free plan at the end of the paid period.
 */
export const paymentSchema = v.strictObject({
  payment_provider: v.picklist(PAYMENT_PROVIDERS, `Choose one of: ${PAYMENT_PROVIDERS.join(', ')}.`),
  plan: v.picklist(PLAN_CODES, `Choose one of: ${PLAN_CODES.join(', ')}.`),
});
export type PaymentInput = v.InferOutput<typeof paymentSchema>;

/** Answer of POST payments/create_checkout_session and POST payments/manage: where the browser goes next. */
export const redirectResponseSchema = v.object({ redirect_url: v.pipe(v.string(), v.url()) });
export type RedirectResponse = v.InferOutput<typeof redirectResponseSchema>;

/**
 * Answer of POST payments: the subscription as Stripe now reports it; `pending` when the plan asked for is not (yet)
 * in force, e.g. a checkout whose payment Stripe has not confirmed.
 */
export const paymentResponseSchema = v.object({ subscription: subscriptionSchema, pending: v.boolean() });
export type PaymentResponse = v.InferOutput<typeof paymentResponseSchema>;

/** Texts of billing answers and screens. */
export const BILLING_MESSAGES = {
  alreadyCancelled: 'You have cancelled your current subscription already.',
  notConfigured: 'Payments are not set up on this server.',
  noBillingAccount: 'You have no paid subscription to manage yet. Choose a plan first.',
  noPaidPlan: 'You are on the Free Plan already.',
  alreadySubscribed: 'You have a subscription already. Manage it under Settings → Billing.',
  unknownPrice: 'Choose one of the prices listed on the pricing page.',
  enterpriseContact: 'The Enterprise plan is priced individually: reach out to us.',
  providerUnavailable: 'The payment provider could not be reached. Try again later.',
} as const;
