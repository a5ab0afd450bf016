import Stripe from 'stripe';
import { BILLING_MESSAGES } from '../../shared/schemas/billing';
import { ApiError } from '../http/api-error';
import type { Logger } from '../logging/logger';

/** 503 while payments are not set up on this server. */
export const billingNotConfigured = (): ApiError => new ApiError(503, { detail: BILLING_MESSAGES.notConfigured });

/**
 * Runs a Stripe call; a Stripe failure is logged (type, code and message: never the key) and answered 502 with a
 * plain message.
 */
export async function callStripe<T>(logger: Logger, what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError)) throw error;
    logger.warn(`Stripe ${what} failed`, { type: error.type, code: error.code, status: error.statusCode, message: error.message });
    throw new ApiError(502, { detail: BILLING_MESSAGES.providerUnavailable });
  }
}
