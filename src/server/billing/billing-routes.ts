import type { Hono } from 'hono';
import { billingEndpoints } from '../../shared/contract/billing';
import { BILLING_MESSAGES } from '../../shared/schemas/billing';
import { authOf } from '../http/guards';
import type { AppEnv } from '../http/app-env';
import { fieldError, nonFieldError } from '../http/api-error';
import { route } from '../http/route';
import { loadSubscription } from '../plans/current-plan';
import type { Services } from '../services';
import type { Billing } from './billing';
import { billingNotConfigured, callStripe } from './billing-errors';
import { applyStripeSubscription, ensureCustomer, storedCustomerId } from './billing-store';
import { storedStripeSubscription } from './stored-subscription';

const pricingUrl = (s: Services, query: string): string => `${s.config.publicUrl}/pricing?${query}`;

/** POST payments/create_checkout_session, POST payments/manage and POST payments (docs/billing.md). */
export function registerBillingRoutes(app: Hono<AppEnv>, s: Services): void {
  const billingOf = (): Billing => {
    if (s.billing === null) throw billingNotConfigured();
    return s.billing;
  };

  route(app, s, billingEndpoints.createCheckoutSession, async (c, { body }) => {
    const billing = billingOf();
    const { user } = authOf(c);
    const { price_id } = body;
    if (!billing.prices.has(price_id)) throw fieldError('price_id', BILLING_MESSAGES.unknownPrice);
    const current = await loadSubscription(s.db, user.id, s.now());
    if (current.plan !== 'STARTER') throw nonFieldError(BILLING_MESSAGES.alreadySubscribed);
    const customer = await callStripe(s.logger, 'customer creation', () =>
      ensureCustomer(s.db, billing.stripe, user, s.now()),
    );
    const session = await callStripe(s.logger, 'checkout', () =>
      billing.stripe.checkout.sessions.create({
        mode: 'subscription',
        customer,
        client_reference_id: user.id,
        line_items: [{ price: price_id, quantity: 1 }],
        success_url: pricingUrl(s, 'payment=success'),
        cancel_url: pricingUrl(s, 'payment=cancelled'),
        metadata: { user_id: user.id },
        subscription_data: { metadata: { user_id: user.id } },
      }),
    );
    if (session.url === null) throw nonFieldError(BILLING_MESSAGES.providerUnavailable);
    return { redirect_url: session.url };
  });

  route(app, s, billingEndpoints.manageBilling, async (c) => {
    const billing = billingOf();
    const customer = await storedCustomerId(s.db, authOf(c).user.id);
    if (customer === null) throw nonFieldError(BILLING_MESSAGES.noBillingAccount);
    const session = await callStripe(s.logger, 'billing portal', () =>
      billing.stripe.billingPortal.sessions.create({ customer, return_url: `${s.config.publicUrl}/pricing` }),
    );
    return { redirect_url: session.url };
  });

  route(app, s, billingEndpoints.changePlan, async (c, { body }) => {
    const billing = billingOf();
    const { user } = authOf(c);
    const { plan } = body;
    if (plan === 'ENTERPRISE') throw fieldError('plan', BILLING_MESSAGES.enterpriseContact);
    const apply = async (subscription: Parameters<typeof applyStripeSubscription>[3]) =>
      applyStripeSubscription(s, billing.prices, user.id, subscription, s.now());

    if (plan === 'STARTER') {
      const current = await loadSubscription(s.db, user.id, s.now());
      if (current.plan === 'STARTER') throw nonFieldError(BILLING_MESSAGES.noPaidPlan);
      if (current.cancelled_at !== null) throw nonFieldError(BILLING_MESSAGES.alreadyCancelled);
      const stored = await storedStripeSubscription(s.db, user.id);
      if (stored === null) throw nonFieldError(BILLING_MESSAGES.noBillingAccount);
      await apply(
        await callStripe(s.logger, 'cancellation', () =>
          billing.stripe.subscriptions.update(stored, { cancel_at_period_end: true }),
        ),
      );
    } else {
      // Confirms a checkout (Stripe's list of the customer's subscriptions is the word on it), or resumes a plan
      // cancelled for the end of its period.
      const customer = await storedCustomerId(s.db, user.id);
      if (customer !== null) {
        const list = await callStripe(s.logger, 'subscription list', () =>
          billing.stripe.subscriptions.list({ customer, status: 'all', limit: 20 }),
        );
        for (const subscription of [...list.data].sort((a, b) => a.created - b.created)) await apply(subscription);
      }
      const current = await loadSubscription(s.db, user.id, s.now());
      const stored = await storedStripeSubscription(s.db, user.id);
      if (current.plan === plan && current.cancelled_at !== null && stored !== null) {
        await apply(
          await callStripe(s.logger, 'resumption', () =>
            billing.stripe.subscriptions.update(stored, { cancel_at_period_end: false }),
          ),
        );
      }
    }
    const subscription = await loadSubscription(s.db, user.id, s.now());
    return {
      subscription,
      pending: plan !== 'STARTER' && (subscription.plan !== plan || subscription.cancelled_at !== null),
    };
  });
}
