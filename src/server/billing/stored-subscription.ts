import { eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { subscriptions } from '../db/schema';
import { LIVE_STATUSES } from './stripe-subscription';

/** The id of the user's live Stripe subscription, else null. */
export async function storedStripeSubscription(db: Database, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: subscriptions.stripeSubscriptionId, status: subscriptions.stripeStatus })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .limit(1);
  return row?.id != null && row.status !== null && LIVE_STATUSES.has(row.status) ? row.id : null;
}
