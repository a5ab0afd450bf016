/** Billing (docs/billing.md): checkout, the billing portal, plan changes and Stripe's webhook. */
import * as v from 'valibot';
import {
  checkoutSessionSchema,
  paymentResponseSchema,
  paymentSchema,
  redirectResponseSchema,
} from '../schemas/billing';
import { endpoint } from './endpoint';

export const billingEndpoints = {
  createCheckoutSession: endpoint({
    method: 'POST',
    path: '/api/payments/create_checkout_session',
    access: 'full',
    body: checkoutSessionSchema,
    response: redirectResponseSchema,
  }),
  manageBilling: endpoint({ method: 'POST', path: '/api/payments/manage', access: 'full', response: redirectResponseSchema }),
  changePlan: endpoint({
    method: 'POST',
    path: '/api/payments',
    access: 'full',
    body: paymentSchema,
    response: paymentResponseSchema,
  }),
  /** Stripe's events, verified by their signature over the raw body (no session, no CSRF token, no JSON check). */
  stripeWebhook: endpoint({
    method: 'POST',
    path: '/api/payments/webhook',
    access: 'signed',
    response: v.object({ received: v.boolean(), duplicate: v.optional(v.boolean()) }),
  }),
} as const;
