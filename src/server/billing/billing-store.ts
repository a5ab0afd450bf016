import { and, eq, isNull } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Database } from '../db/database';
import { centralisedExchanges, subscriptions, users, wallets } from '../db/schema';
import type { JobDispatch } from '../jobs/job-dispatch';
import type { Logger } from '../logging/logger';
import { enqueueExchangeSync, enqueueWalletSync } from '../sync/enqueue';
import { pricedPlanOf, replacesStored, stateOfSubscription, type PricedPlan } from './stripe-subscription';

/** The user's subscription row, created on the free plan when missing. */
async function ensureRow(db: Database, userId: string, now: Date): Promise<void> {
  await db
    .insert(subscriptions)
    .values({ userId, planCode: 'STARTER', startedAt: now })
    .onConflictDoNothing({ target: subscriptions.userId });
}

export async function storedCustomerId(db: Database, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ customer: subscriptions.stripeCustomerId })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .limit(1);
  return row?.customer ?? null;
}

/**
 * The user's Stripe customer, created once: concurrent first checkouts send the same idempotency key, so Stripe
 * answers both with one customer, and only the first id is stored.
 */
export async function ensureCustomer(
  db: Database,
  stripe: Stripe,
  user: { id: string; email: string; signedEmail: string | null; firstName: string; lastName: string },
  now: Date,
): Promise<string> {
  const existing = await storedCustomerId(db, user.id);
  if (existing !== null) return existing;
  const email = user.signedEmail ?? (user.email === '' ? undefined : user.email);
  const name = `${user.firstName} ${user.lastName}`.trim();
  const customer = await stripe.customers.create(
    { ...(email === undefined ? {} : { email }), ...(name === '' ? {} : { name }), metadata: { user_id: user.id } },
    { idempotencyKey: `ledgerloop-customer-${user.id}` },
  );
  await ensureRow(db, user.id, now);
  await db
    .update(subscriptions)
    .set({ stripeCustomerId: customer.id })
    .where(and(eq(subscriptions.userId, user.id), isNull(subscriptions.stripeCustomerId)));
  return (await storedCustomerId(db, user.id)) ?? customer.id;
}

/** The user a Stripe customer belongs to: the stored customer id, else the user id the objects carry. */
export async function userIdForCustomer(
  db: Database,
  customerId: string | null,
  metadataUserId: string | null | undefined,
): Promise<string | null> {
  if (customerId !== null) {
    const [row] = await db
      .select({ userId: subscriptions.userId })
      .from(subscriptions)
      .where(eq(subscriptions.stripeCustomerId, customerId))
      .limit(1);
    if (row !== undefined) return row.userId;
  }
  if (metadataUserId === null || metadataUserId === undefined || !/^[0-9a-f-]{36}$/i.test(metadataUserId)) return null;
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, metadataUserId)).limit(1);
  return user?.id ?? null;
}

/**
 * Stores what Stripe reports of one of the user's subscriptions, when it may replace the stored state (see
 * replacesStored). Runs under a row lock, so concurrent deliveries apply one after the other.
 */
export async function applyStripeSubscription(
  { db, logger, jobs }: { db: Database; logger: Logger; jobs: JobDispatch },
  prices: ReadonlyMap<string, PricedPlan>,
  userId: string,
  subscription: Stripe.Subscription,
  now: Date,
): Promise<void> {
  const priced = pricedPlanOf(subscription, prices);
  if (priced === null) {
    logger.warn('Stripe subscription sells no plan of this server; ignored', { subscription: subscription.id });
    return;
  }
  await ensureRow(db, userId, now);
  const raised = await db.transaction(async (tx) => {
    const [stored] = await tx
      .select({
        planCode: subscriptions.planCode,
        stripeSubscriptionId: subscriptions.stripeSubscriptionId,
        stripeStatus: subscriptions.stripeStatus,
        stripeCreatedAt: subscriptions.stripeCreatedAt,
        customer: subscriptions.stripeCustomerId,
      })
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId))
      .for('update');
    if (!replacesStored(stored ?? null, subscription)) return false;
    const customer = typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id;
    const state = stateOfSubscription(subscription, priced);
    await tx
      .update(subscriptions)
      .set({
        ...state,
        ...(stored?.customer === null ? { stripeCustomerId: customer } : {}),
        ...(state.planCode !== 'STARTER' && stored?.stripeSubscriptionId !== subscription.id ? { startedAt: now } : {}),
      })
      .where(eq(subscriptions.userId, userId));
    return stored?.planCode === 'STARTER' && state.planCode !== 'STARTER';
  });
  if (raised) await syncAccountsOf({ db, logger, jobs }, userId, now);
}

/**
 * A paid plan loads more transactions per wallet: every wallet and exchange account of the user is synced again
 * at once rather than at its next turn.
 */
async function syncAccountsOf(
  { db, logger, jobs }: { db: Database; logger: Logger; jobs: JobDispatch },
  userId: string,
  now: Date,
): Promise<void> {
  try {
    const services = { db, jobs, now: () => now };
    const [walletRows, exchangeRows] = await Promise.all([
      db.select({ id: wallets.id }).from(wallets).where(eq(wallets.userId, userId)),
      db.select({ id: centralisedExchanges.id }).from(centralisedExchanges).where(eq(centralisedExchanges.userId, userId)),
    ]);
    for (const { id } of walletRows) await enqueueWalletSync(services, id);
    for (const { id } of exchangeRows) await enqueueExchangeSync(services, id);
  } catch (error) {
    logger.warn('Could not queue the syncs after a plan upgrade; they run at their next turn', { userId, error });
  }
}
