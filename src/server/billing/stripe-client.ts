import Stripe from 'stripe';
import type { BillingConfig } from '../config/env';

/** The Stripe client of this server: the official library, at STRIPE_API_URL, over the app's fetch. */
export function createStripeClient(config: BillingConfig, fetchImpl: typeof fetch): Stripe {
  return new Stripe(config.secretKey, {
    host: config.api.host,
    port: config.api.port,
    protocol: config.api.protocol,
    httpClient: Stripe.createFetchHttpClient(fetchImpl),
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
  });
}

export type { Stripe };
