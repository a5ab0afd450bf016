import { describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import { ConfigError, loadConfig } from '../../src/server/config/env';
import { replacesStored, stateOfSubscription } from '../../src/server/billing/stripe-subscription';

const stripeEnv = {
  SECRET_KEY: 'x'.repeat(40),
  STRIPE_SECRET_KEY: 'sk_test_1',
  STRIPE_WEBHOOK_SECRET: 'whsec_1',
  STRIPE_PLUS_MONTHLY_PRICE_ID: 'price_m',
  STRIPE_PLUS_ANNUAL_PRICE_ID: 'price_y',
};

const subscription = (overrides: Partial<Stripe.Subscription> = {}): Stripe.Subscription =>
  ({
    id: 'sub_1',
    object: 'subscription',
    customer: 'cus_1',
    status: 'active',
    created: 1_800_000_000,
    cancel_at_period_end: false,
    cancel_at: null,
    canceled_at: null,
    metadata: {},
    items: { data: [{ current_period_end: 1_802_600_000, price: { id: 'price_m', recurring: { interval: 'month' } } }] },
    ...overrides,
  }) as unknown as Stripe.Subscription;

describe('billing configuration', () => {
  it('is off without Stripe settings, on with all of them, and refuses a partial set', () => {
    expect(loadConfig({ SECRET_KEY: stripeEnv.SECRET_KEY }).billing).toBeNull();
    const config = loadConfig({ ...stripeEnv, STRIPE_API_URL: 'http://127.0.0.1:12111' });
    expect(config.billing).toEqual({
      secretKey: 'sk_test_1',
      webhookSecret: 'whsec_1',
      prices: { monthly: 'price_m', annual: 'price_y' },
      api: { host: '127.0.0.1', port: 12111, protocol: 'http' },
    });
    expect(loadConfig(stripeEnv).billing?.api).toEqual({ host: 'api.stripe.com', port: 443, protocol: 'https' });
    expect(() => loadConfig({ ...stripeEnv, STRIPE_WEBHOOK_SECRET: '' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...stripeEnv, PLUS_MONTHLY_PRICE_EUR: '19.999' })).toThrow(/PLUS_MONTHLY_PRICE_EUR/);
    expect(loadConfig({ ...stripeEnv, PLUS_MONTHLY_PRICE_EUR: '25' }).plusPrices).toEqual({ monthly: '25.00', annual: '276.00' });
  });
});

describe('Stripe subscription state', () => {
  const priced = { plan: 'PLUS' as const, interval: 'month' as const };

  it('a live subscription puts its plan in force with the next billing date; cancelling moves it to ends_at', () => {
    expect(stateOfSubscription(subscription(), priced)).toMatchObject({
      planCode: 'PLUS',
      cancelledAt: null,
      endsAt: null,
      nextBillingAt: new Date(1_802_600_000_000),
    });
    const cancelling = stateOfSubscription(subscription({ cancel_at_period_end: true, canceled_at: 1_801_000_000 }), priced);
    expect(cancelling).toMatchObject({
      planCode: 'PLUS',
      cancelledAt: new Date(1_801_000_000_000),
      endsAt: new Date(1_802_600_000_000),
      nextBillingAt: null,
    });
    expect(stateOfSubscription(subscription({ status: 'canceled' }), priced)).toMatchObject({ planCode: 'STARTER', endsAt: null });
    expect(stateOfSubscription(subscription({ status: 'unpaid' }), priced).planCode).toBe('STARTER');
    expect(stateOfSubscription(subscription({ status: 'past_due' }), priced).planCode).toBe('PLUS');
  });

  it('only the stored subscription or a newer live one replaces what is stored', () => {
    const stored = { stripeSubscriptionId: 'sub_1', stripeStatus: 'active', stripeCreatedAt: new Date(1_800_000_000_000) };
    expect(replacesStored(stored, subscription({ status: 'canceled' }))).toBe(true);
    expect(replacesStored(stored, subscription({ id: 'sub_old', status: 'canceled', created: 1 }))).toBe(false);
    expect(replacesStored(stored, subscription({ id: 'sub_old', created: 1 }))).toBe(false);
    expect(replacesStored(stored, subscription({ id: 'sub_new', created: 1_900_000_000 }))).toBe(true);
    expect(replacesStored({ ...stored, stripeStatus: 'canceled' }, subscription({ id: 'sub_x', created: 1 }))).toBe(true);
    expect(replacesStored(null, subscription({ status: 'incomplete' }))).toBe(false);
  });
});
