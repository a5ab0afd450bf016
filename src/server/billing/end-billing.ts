import type { Database } from '../db/database';
import type { Logger } from '../logging/logger';
import type { Billing } from './billing';
import { callStripe } from './billing-errors';
import { storedStripeSubscription } from './stored-subscription';

/**
 * Before an account is deleted: its live Stripe subscription is cancelled at once, so nobody is charged for an
 * account that no longer exists. A Stripe failure stops the deletion (502).
 */
export async function endBillingOf(db: Database, logger: Logger, billing: Billing | null, userId: string): Promise<void> {
  const subscription = await storedStripeSubscription(db, userId);
  if (subscription === null) return;
  if (billing === null) {
    logger.warn('Deleting a user with a Stripe subscription while billing is off; cancel it in Stripe', { userId });
    return;
  }
  await callStripe(logger, 'cancellation', () => billing.stripe.subscriptions.cancel(subscription));
}
