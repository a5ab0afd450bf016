import { eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import Stripe from 'stripe';
import { billingEndpoints } from '../../shared/contract/billing';
import { stripeEvents } from '../db/schema';
import type { AppEnv } from '../http/app-env';
import { ApiError } from '../http/api-error';
import { route } from '../http/route';
import type { Services } from '../services';
import type { Billing } from './billing';
import { billingNotConfigured } from './billing-errors';
import { applyStripeSubscription, userIdForCustomer } from './billing-store';

export const INVALID_SIGNATURE = 'Invalid Stripe signature.';

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : value.id;

/** The subscription an event is about, with the user id its sender attached, or null for other events. */
function subscriptionRefOf(event: Stripe.Event): { subscriptionId: string; userId: string | null } | null {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      const subscriptionId = session.mode === 'subscription' ? idOf(session.subscription) : null;
      return subscriptionId === null
        ? null
        : { subscriptionId, userId: session.client_reference_id ?? session.metadata?.user_id ?? null };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.paused':
    case 'customer.subscription.resumed':
      return { subscriptionId: event.data.object.id, userId: event.data.object.metadata?.user_id ?? null };
    case 'invoice.payment_failed':
    case 'invoice.paid':
    case 'invoice.payment_succeeded': {
      const subscriptionId = idOf(event.data.object.parent?.subscription_details?.subscription);
      return subscriptionId === null ? null : { subscriptionId, userId: null };
    }
    default:
      return null;
  }
}

/** Re-reads the subscription from Stripe, so deliveries in any order end in Stripe's current state. */
async function handleEvent(s: Services, billing: Billing, event: Stripe.Event): Promise<void> {
  const ref = subscriptionRefOf(event);
  if (ref === null) return;
  let subscription: Stripe.Subscription;
  try {
    subscription = await billing.stripe.subscriptions.retrieve(ref.subscriptionId);
  } catch (error) {
    // A subscription Stripe no longer has: the event's own copy is the last word.
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404 && event.data.object.object === 'subscription') {
      subscription = event.data.object;
    } else throw error;
  }
  const customer = idOf(subscription.customer);
  const userId = await userIdForCustomer(s.db, customer, ref.userId ?? subscription.metadata?.user_id);
  if (userId === null) {
    s.logger.warn('Stripe event for an unknown customer; ignored', { event: event.id, type: event.type });
    return;
  }
  await applyStripeSubscription(s, billing.prices, userId, subscription, s.now());
}

/**
 * POST payments/webhook: Stripe's events, verified by their signature over the raw body (no session, no CSRF
 * token). Each event id is handled once; a failure answers 500 and Stripe delivers it again.
 */
export function registerStripeWebhookRoutes(app: Hono<AppEnv>, s: Services): void {
  route(app, s, billingEndpoints.stripeWebhook, async (c) => {
    const billing = s.billing;
    if (billing === null) throw billingNotConfigured();
    const signature = c.req.header('stripe-signature');
    const payload = await c.req.text();
    let event: Stripe.Event;
    try {
      if (signature === undefined) throw new Error('missing signature');
      event = billing.stripe.webhooks.constructEvent(payload, signature, billing.config.webhookSecret);
    } catch {
      throw new ApiError(400, { detail: INVALID_SIGNATURE });
    }
    const [seen] = await s.db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, event.id));
    if (seen !== undefined) return { received: true, duplicate: true };
    try {
      await handleEvent(s, billing, event);
    } catch (error) {
      s.logger.error('Stripe event handling failed', { event: event.id, type: event.type, error });
      throw new ApiError(500, { detail: 'The event could not be handled; Stripe will deliver it again.' });
    }
    await s.db
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type, createdAt: new Date(event.created * 1000), processedAt: s.now() })
      .onConflictDoNothing({ target: stripeEvents.id });
    return { received: true };
  });
}
