import type Stripe from 'stripe';
import type { BillingConfig } from '../config/env';
import { createStripeClient } from './stripe-client';
import { priceCatalogue, type PricedPlan } from './stripe-subscription';

/** Billing as the routes use it: the Stripe client, the settings and the prices this server sells. */
export interface Billing {
  stripe: Stripe;
  config: BillingConfig;
  prices: ReadonlyMap<string, PricedPlan>;
}

export function createBilling(config: BillingConfig | null, fetchImpl: typeof fetch): Billing | null {
  if (config === null) return null;
  return { stripe: createStripeClient(config, fetchImpl), config, prices: priceCatalogue(config) };
}
