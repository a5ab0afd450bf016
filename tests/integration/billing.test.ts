import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { authEndpoints } from '../../src/shared/contract/auth';
import { billingEndpoints } from '../../src/shared/contract/billing';
import { planEndpoints } from '../../src/shared/contract/plans';
import { userEndpoints } from '../../src/shared/contract/users';
import { walletEndpoints } from '../../src/shared/contract/wallets';
import type { User } from '../../src/shared/api-types';
import type { PublicConfig } from '../../src/shared/contract/auth';
import type { PlanLimit, SubscriptionPlans } from '../../src/shared/contract/plans';
import { portfolioEndpoints } from '../../src/shared/contract/portfolio';
import type { PaymentResponse, RedirectResponse } from '../../src/shared/schemas/billing';
import { stripeEvents, subscriptions, syncCursors, wallets } from '../../src/server/db/schema';
import type { AppEnv } from '../../src/server/http/app-env';
import { StripeStandIn } from '../fixtures/stripe-stand-in';
import { availableDrivers } from './helpers/drivers';
import { setupSuite } from './helpers/suite';
import { json, type TestClient } from './helpers/test-client';
import { newAccount, signInWithAddress, signInWithWallet } from './helpers/sign-in';

const SECRET_KEY = 'sk_test_billing_0123456789';
const WEBHOOK_SECRET = 'whsec_billing_test_secret';
const MONTHLY = 'price_plus_monthly';
const ANNUAL = 'price_plus_annual';
const DAY = 24 * 60 * 60 * 1000;

describe.each(availableDrivers())('billing with Stripe on %s', (kind) => {
  const suite = setupSuite(kind);
  let app: Hono<AppEnv>;
  let stripe: StripeStandIn;

  const deliver = async (payload: string, signature: string): Promise<number> =>
    (
      await app.request(billingEndpoints.stripeWebhook.path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json; charset=utf-8', 'Stripe-Signature': signature },
        body: payload,
      })
    ).status;

  beforeAll(async () => {
    stripe = new StripeStandIn({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      prices: [
        { id: MONTHLY, interval: 'month', unitAmount: 1900 },
        { id: ANNUAL, interval: 'year', unitAmount: 20976 },
      ],
      deliver: (payload, signature) => deliver(payload, signature),
      now: () => suite.clock.now(),
    });
    const url = await stripe.start();
    app = suite.makeApp({
      env: {
        STRIPE_SECRET_KEY: SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_PLUS_MONTHLY_PRICE_ID: MONTHLY,
        STRIPE_PLUS_ANNUAL_PRICE_ID: ANNUAL,
        STRIPE_API_URL: url,
        // Sessions outlive the billing periods the clock is moved across.
        SESSION_IDLE_HOURS: String(24 * 365),
        SESSION_MAX_DAYS: '365',
      },
    });
  });
  afterAll(async () => {
    await stripe.stop();
  });

  const me = async (client: TestClient): Promise<User> => json<User>(await client.get(userEndpoints.getUser.path));
  const walletLimit = async (client: TestClient) => json<PlanLimit>(await client.get(walletEndpoints.walletsLimit.path));
  const subscriptionRow = async (userId: string) =>
    (await suite.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0];
  const sessionIdOf = (redirect: RedirectResponse): string => redirect.redirect_url.split('/checkout/')[1] ?? '';

  /** A signed-in user who has paid a monthly PLUS checkout; returns the client, user and Stripe subscription id. */
  const subscriber = async (price = MONTHLY) => {
    const client = suite.client(app);
    const user = await signInWithWallet(client);
    const checkout = await client.post(billingEndpoints.createCheckoutSession.path, { price_id: price });
    expect(checkout.status).toBe(200);
    const subscription = await stripe.pay(sessionIdOf(await json<RedirectResponse>(checkout)));
    return { client, user, subscriptionId: subscription.id as string };
  };

  it('without Stripe settings the plans are listed, payments are off and every payment call says so', async () => {
    const plain = suite.client();
    const config = await json<PublicConfig>(await plain.get(authEndpoints.publicConfig.path));
    expect(config.billing_enabled).toBe(false);
    const plans = await json<SubscriptionPlans>(await plain.get(planEndpoints.listPlans.path));
    expect(plans.PLUS).toMatchObject({ monthly_price_usd: '19.00', annual_price_usd: '209.76', monthly_plan_stripe_id: null });
    await signInWithWallet(plain);
    for (const [path, body] of [
      [billingEndpoints.createCheckoutSession.path, { price_id: MONTHLY }],
      [billingEndpoints.manageBilling.path, undefined],
      [billingEndpoints.changePlan.path, { payment_provider: 'STRIPE', plan: 'STARTER' }],
    ] as const) {
      const response = await plain.post(path, body);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ detail: 'Payments are not set up on this server.' });
    }
  });

  it('lists the configured prices and price ids; the annual price is twelve months less 8 percent unless set', async () => {
    const client = suite.client(app);
    expect((await json<PublicConfig>(await client.get(authEndpoints.publicConfig.path))).billing_enabled).toBe(true);
    const plans = await json<SubscriptionPlans>(await client.get(planEndpoints.listPlans.path));
    expect(plans.PLUS).toMatchObject({
      monthly_price_usd: '19.00',
      annual_price_usd: '209.76',
      monthly_plan_stripe_id: MONTHLY,
      annual_plan_stripe_id: ANNUAL,
    });
    expect(plans.STARTER.monthly_plan_stripe_id).toBeNull();
    const priced = suite.makeApp({ env: { PLUS_MONTHLY_PRICE_EUR: '20', STRIPE_API_URL: stripe.url } });
    const other = await json<SubscriptionPlans>(await suite.client(priced).get(planEndpoints.listPlans.path));
    expect(other.PLUS).toMatchObject({ monthly_price_usd: '20.00', annual_price_usd: '220.80' });
    const fixed = suite.makeApp({ env: { PLUS_ANNUAL_PRICE_EUR: '199.99' } });
    expect((await json<SubscriptionPlans>(await suite.client(fixed).get(planEndpoints.listPlans.path))).PLUS.annual_price_usd).toBe('199.99');
  });

  it('refuses guests, sessionless and CSRF-less calls, and prices it does not sell', async () => {
    const guest = suite.client(app);
    await signInWithAddress(guest);
    expect((await guest.post(billingEndpoints.createCheckoutSession.path, { price_id: MONTHLY })).status).toBe(403);
    expect((await guest.post(billingEndpoints.manageBilling.path)).status).toBe(403);
    expect((await suite.client(app).post(billingEndpoints.createCheckoutSession.path, { price_id: MONTHLY })).status).toBe(401);
    const client = suite.client(app);
    await signInWithWallet(client);
    expect((await client.post(billingEndpoints.createCheckoutSession.path, { price_id: MONTHLY }, { csrf: false })).status).toBe(403);
    const unknown = await client.post(billingEndpoints.createCheckoutSession.path, { price_id: 'price_other' });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({ price_id: ['Choose one of the prices listed on the pricing page.'] });
    const bad = await client.post(billingEndpoints.changePlan.path, { payment_provider: 'PAYPAL', plan: 'plus' });
    expect(bad.status).toBe(400);
    expect(Object.keys((await bad.json()) as object)).toEqual(['payment_provider', 'plan']);
    expect(stripe.requests.filter((r) => r.path === '/v1/checkout/sessions')).toHaveLength(0);
  });

  it('a checkout creates the customer once; the plan waits for Stripe, then follows it with its limits', async () => {
    const client = suite.client(app);
    const user = await signInWithWallet(client);
    const first = await json<RedirectResponse>(await client.post(billingEndpoints.createCheckoutSession.path, { price_id: MONTHLY }));
    const second = await json<RedirectResponse>(await client.post(billingEndpoints.createCheckoutSession.path, { price_id: ANNUAL }));
    expect(first.redirect_url).toMatch(new RegExp(`^${stripe.url}/checkout/cs_test_`));
    const customer = (await subscriptionRow(user.id))?.stripeCustomerId;
    expect(customer).toMatch(/^cus_/);
    expect([...stripe.customers.values()].filter((c) => (c.metadata as Record<string, string>).user_id === user.id)).toHaveLength(1);
    const session = stripe.sessions.get(sessionIdOf(second));
    expect(session).toMatchObject({
      mode: 'subscription',
      customer,
      client_reference_id: user.id,
      success_url: 'http://localhost:8001/pricing?payment=success',
      cancel_url: 'http://localhost:8001/pricing?payment=cancelled',
    });

    // Back on /pricing before Stripe has a paid subscription: pending, still the free plan.
    const pending = await json<PaymentResponse>(await client.post(billingEndpoints.changePlan.path, { payment_provider: 'STRIPE', plan: 'PLUS' }));
    expect(pending).toMatchObject({ pending: true, subscription: { plan: 'STARTER' } });
    expect((await walletLimit(client)).limit).toBe(1);

    const [wallet] = await suite.db
      .insert(wallets)
      .values({ userId: user.id, name: 'W', address: newAccount().address, network: 'ETHEREUM' as const })
      .returning();
    const later = new Date(suite.clock.now().getTime() + DAY);
    await suite.db.insert(syncCursors).values({ walletId: wallet?.id, kind: 'account', status: 'IDLE', nextRunAt: later, updatedAt: later });
    const subscription = await stripe.pay(sessionIdOf(first));
    // The paid plan loads more transactions: the wallet is due for a sync at once.
    const [cursor] = await suite.db.select().from(syncCursors).where(eq(syncCursors.walletId, wallet?.id ?? ''));
    expect(cursor?.nextRunAt?.getTime()).toBe(suite.clock.now().getTime());
    const periodEnd = (subscription.items as { data: { current_period_end: number }[] }).data[0]?.current_period_end ?? 0;
    expect((await me(client)).subscription).toEqual({
      plan: 'PLUS',
      cancelled_at: null,
      ends_at: null,
      next_billing_date: new Date(periodEnd * 1000).toISOString(),
      billing_interval: 'month',
      payment_failed: false,
    });
    expect(await walletLimit(client)).toEqual({ limit: 10, count: 1, can_create: true });
    const history = await json<{ premium_user: boolean }>(await client.get(`${portfolioEndpoints.portfolioValueHistory.path}?num_days=7`));
    expect(history.premium_user).toBe(true);
    const confirmed = await json<PaymentResponse>(await client.post(billingEndpoints.changePlan.path, { payment_provider: 'STRIPE', plan: 'PLUS' }));
    expect(confirmed).toMatchObject({ pending: false, subscription: { plan: 'PLUS' } });
    // A subscriber cannot start a second subscription.
    const again = await client.post(billingEndpoints.createCheckoutSession.path, { price_id: ANNUAL });
    expect(again.status).toBe(400);
  });

  it('the upgrade confirm alone puts a paid plan in force when the webhook has not arrived', async () => {
    const client = suite.client(app);
    const user = await signInWithWallet(client);
    const checkout = await json<RedirectResponse>(await client.post(billingEndpoints.createCheckoutSession.path, { price_id: ANNUAL }));
    const deliverNothing = stripe.send.bind(stripe);
    stripe.send = () => Promise.resolve(200); // the webhook is late
    try {
      await stripe.pay(sessionIdOf(checkout));
    } finally {
      stripe.send = deliverNothing;
    }
    expect((await me(client)).subscription.plan).toBe('STARTER');
    const confirmed = await json<PaymentResponse>(await client.post(billingEndpoints.changePlan.path, { payment_provider: 'STRIPE', plan: 'PLUS' }));
    expect(confirmed).toMatchObject({ pending: false, subscription: { plan: 'PLUS', billing_interval: 'year' } });
    expect((await subscriptionRow(user.id))?.stripeStatus).toBe('active');
  });

  it('verifies signatures: a bad or missing one is 400 and changes nothing', async () => {
    const { client, subscriptionId } = await subscriber();
    const live = stripe.subscriptions.get(subscriptionId);
    if (live === undefined) throw new Error('no subscription');
    live.status = 'canceled';
    const event = { id: 'evt_forged', object: 'event', created: 1, type: 'customer.subscription.deleted', data: { object: live } };
    expect(await stripe.send(event, 'whsec_wrong')).toBe(400);
    const unsigned = await app.request(billingEndpoints.stripeWebhook.path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(event),
    });
    expect(unsigned.status).toBe(400);
    expect(await unsigned.json()).toEqual({ detail: 'Invalid Stripe signature.' });
    const tampered = await app.request(billingEndpoints.stripeWebhook.path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': 't=1,v1=00' },
      body: JSON.stringify(event),
    });
    expect(tampered.status).toBe(400);
    live.status = 'active';
    expect((await me(client)).subscription.plan).toBe('PLUS');
    expect(await suite.db.select().from(stripeEvents).where(eq(stripeEvents.id, 'evt_forged'))).toHaveLength(0);
  });

  it('cancels at the period end once, keeps the plan until then, and reverts to STARTER with its limits', async () => {
    const { client, user, subscriptionId } = await subscriber();
    await suite.db.insert(wallets).values(
      Array.from({ length: 3 }, () => ({ userId: user.id, name: 'W', address: newAccount().address, network: 'ETHEREUM' as const })),
    );
    const cancelled = await json<PaymentResponse>(await client.post(billingEndpoints.changePlan.path, { payment_provider: 'STRIPE', plan: 'STARTER' }));
    const endsAt = cancelled.subscription.ends_at;
    expect(cancelled).toMatchObject({ pending: false, subscription: { plan: 'PLUS', next_billing_date: null } });
    expect(cancelled.subscription.cancelled_at).not.toBeNull();
    expect(endsAt).not.toBeNull();
    expect(stripe.subscriptions.get(subscriptionId)?.cancel_at_period_end).toBe(true);
    const twice = await client.post(billingEndpoints.changePlan.path, { payment_provider: 'STRIPE', plan: 'STARTER' });
    expect(twice.status).toBe(400);
    expect(await twice.json()).toEqual({ non_field_errors: ['You have cancelled your current subscription already.'] });
    expect(await walletLimit(client)).toEqual({ limit: 10, count: 3, can_create: true });

    // The period ends: the free plan applies on the next read, before Stripe's event arrives.
    const start = suite.clock.now();
    try {
      suite.clock.set(new Date(new Date(endsAt ?? 0).getTime() + 1000));
      expect((await me(client)).subscription).toMatchObject({ plan: 'STARTER', cancelled_at: null, ends_at: null });
      expect(await walletLimit(client)).toEqual({ limit: 1, count: 3, can_create: false });
      await stripe.end(subscriptionId);
      expect((await me(client)).subscription.plan).toBe('STARTER');
      expect((await subscriptionRow(user.id))?.planCode).toBe('STARTER');
    } finally {
      suite.clock.set(start);
    }
    expect((await me(client)).subscription.plan).toBe('STARTER');
  });

  it('a cancelled plan can be resumed before its end', async () => {
    const { client, subscriptionId } = await subscriber();
    await client.post(billingEndpoints.changePlan.path, { payment_provider: 'STRIPE', plan: 'STARTER' });
    const resumed = await json<PaymentResponse>(await client.post(billingEndpoints.changePlan.path, { payment_provider: 'STRIPE', plan: 'PLUS' }));
    expect(resumed).toMatchObject({ pending: false, subscription: { plan: 'PLUS', cancelled_at: null, ends_at: null } });
    expect(stripe.subscriptions.get(subscriptionId)?.cancel_at_period_end).toBe(false);
  });

  it('renewals move the next billing date; a failed renewal is shown and the plan stays while Stripe retries', async () => {
    const { client, subscriptionId } = await subscriber();
    const before = (await me(client)).subscription.next_billing_date ?? '';
    await stripe.renew(subscriptionId);
    const renewed = (await me(client)).subscription;
    expect(new Date(renewed.next_billing_date ?? 0).getTime()).toBeGreaterThan(new Date(before).getTime() + 27 * DAY);
    await stripe.renew(subscriptionId, false);
    expect((await me(client)).subscription).toMatchObject({ plan: 'PLUS', payment_failed: true });
    await stripe.end(subscriptionId);
    expect((await me(client)).subscription).toMatchObject({ plan: 'STARTER', payment_failed: false });
  });

  it('a replayed event is acknowledged and changes nothing; events in any order end in Stripe state', async () => {
    const { client, user, subscriptionId } = await subscriber();
    const created = stripe.events.find(
      (e) => e.type === 'customer.subscription.created' && (e.data as { object: { id: string } }).object.id === subscriptionId,
    );
    if (created === undefined) throw new Error('no created event');
    await client.post(billingEndpoints.changePlan.path, { payment_provider: 'STRIPE', plan: 'STARTER' });
    const afterCancel = await subscriptionRow(user.id);
    // The created event again (a replay), then the same id again: nothing changes, one row per event id.
    expect(await stripe.send(created)).toBe(200);
    expect(await subscriptionRow(user.id)).toEqual(afterCancel);
    expect(await suite.db.select().from(stripeEvents).where(eq(stripeEvents.id, created.id as string))).toHaveLength(1);

    // Out of order: Stripe ends the subscription, then an old "updated" (still active) arrives after "deleted".
    const updated = stripe.events.filter(
      (e) => e.type === 'customer.subscription.updated' && (e.data as { object: { id: string } }).object.id === subscriptionId,
    );
    await stripe.end(subscriptionId);
    for (const event of updated) await stripe.send({ ...event, id: `${event.id as string}_late` });
    expect((await me(client)).subscription.plan).toBe('STARTER');

    // A new subscription, then a late event of the old one: the new one stays.
    const checkout = await json<RedirectResponse>(await client.post(billingEndpoints.createCheckoutSession.path, { price_id: MONTHLY }));
    const second = await stripe.pay(sessionIdOf(checkout));
    for (const event of updated) await stripe.send({ ...event, id: `${event.id as string}_later` });
    expect(await stripe.send({ ...created, id: 'evt_old_created_late' })).toBe(200);
    expect((await me(client)).subscription).toMatchObject({ plan: 'PLUS', cancelled_at: null });
    expect((await subscriptionRow(user.id))?.stripeSubscriptionId).toBe(second.id);
  });

  it('opens the billing portal for a customer, and says why for a user who never subscribed', async () => {
    const { client } = await subscriber();
    const portal = await json<RedirectResponse>(await client.post(billingEndpoints.manageBilling.path));
    expect(portal.redirect_url).toMatch(new RegExp(`^${stripe.url}/portal/bps_`));
    const portalCall = stripe.requests.filter((r) => r.path === '/v1/billing_portal/sessions').at(-1);
    expect(portalCall?.form.get('return_url')).toBe('http://localhost:8001/pricing');
    const newcomer = suite.client(app);
    await signInWithWallet(newcomer);
    const refused = await newcomer.post(billingEndpoints.manageBilling.path);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      non_field_errors: ['You have no paid subscription to manage yet. Choose a plan first.'],
    });
    const free = await newcomer.post(billingEndpoints.changePlan.path, { payment_provider: 'STRIPE', plan: 'STARTER' });
    expect(await free.json()).toEqual({ non_field_errors: ['You are on the Free Plan already.'] });
  });

  it('deleting the account cancels its Stripe subscription at once', async () => {
    const { client, subscriptionId } = await subscriber();
    expect((await client.delete(userEndpoints.deleteUser.path)).status).toBe(204);
    expect(stripe.subscriptions.get(subscriptionId)?.status).toBe('canceled');
    expect(stripe.requests.some((r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${subscriptionId}`)).toBe(true);
  });

  it('answers 502 without leaking the key when Stripe refuses the call', async () => {
    const broken = suite.makeApp({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_wrong_key',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_PLUS_MONTHLY_PRICE_ID: MONTHLY,
        STRIPE_PLUS_ANNUAL_PRICE_ID: ANNUAL,
        STRIPE_API_URL: stripe.url,
      },
    });
    const client = suite.client(broken);
    await signInWithWallet(client);
    const response = await client.post(billingEndpoints.createCheckoutSession.path, { price_id: MONTHLY });
    expect(response.status).toBe(502);
    const text = await response.text();
    expect(text).toBe(JSON.stringify({ detail: 'The payment provider could not be reached. Try again later.' }));
  });
});
