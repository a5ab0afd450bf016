import { describe, expect, it } from 'vitest';
import { annualPrice, PLAN_CATALOGUE } from '../../src/server/config/plan-catalogue';
import { effectiveSubscription } from '../../src/server/plans/current-plan';
import { planLimit } from '../../src/server/plans/plan-routes';

describe('plan catalogue', () => {
  it('prices the annual plan as twelve months less 8 percent, to the cent', () => {
    expect(annualPrice('19.00')).toBe('209.76');
    expect(annualPrice('0.00')).toBe('0.00');
    expect(annualPrice('9.99')).toBe('110.29');
    expect(annualPrice('0.01')).toBe('0.11');
  });

  it('holds STARTER, PLUS and ENTERPRISE with their limits', () => {
    expect(PLAN_CATALOGUE.map((plan) => plan.code)).toEqual(['STARTER', 'PLUS', 'ENTERPRISE']);
    expect(PLAN_CATALOGUE[0]).toMatchObject({ name: 'Free Plan', maxNumWallets: 1, maxNumTransactions: 1000, maxNumInvoices: 10, monthlyPrice: '0.00' });
    expect(PLAN_CATALOGUE[1]).toMatchObject({ maxNumWallets: 10, maxNumTransactions: 100000, maxNumInvoices: null, monthlyPrice: '19.00', annualPrice: '209.76' });
    expect(PLAN_CATALOGUE[2]).toMatchObject({ maxNumWallets: null, maxNumTransactions: null, maxNumInvoices: null, monthlyPrice: null, annualPrice: null });
  });
});

describe('limits and subscriptions', () => {
  it('can create while under the limit, always when unlimited', () => {
    expect(planLimit(1, 0)).toEqual({ limit: 1, count: 0, can_create: true });
    expect(planLimit(1, 1)).toEqual({ limit: 1, count: 1, can_create: false });
    expect(planLimit(1, 5)).toEqual({ limit: 1, count: 5, can_create: false });
    expect(planLimit(null, 5000)).toEqual({ limit: null, count: 5000, can_create: true });
  });

  it('falls back to STARTER without a subscription or after it ended', () => {
    const now = new Date('2030-06-01T00:00:00Z');
    expect(effectiveSubscription(null, now).plan).toBe('STARTER');
    const cancelled = new Date('2030-05-01T00:00:00Z');
    const stripe = { nextBillingAt: new Date('2030-06-02T00:00:00Z'), billingInterval: 'month' as const, stripeStatus: 'active' };
    expect(
      effectiveSubscription({ planCode: 'PLUS', cancelledAt: cancelled, endsAt: new Date('2030-06-02T00:00:00Z'), ...stripe }, now),
    ).toEqual({
      plan: 'PLUS',
      cancelled_at: cancelled.toISOString(),
      ends_at: '2030-06-02T00:00:00.000Z',
      next_billing_date: null,
      billing_interval: 'month',
      payment_failed: false,
    });
    expect(effectiveSubscription({ planCode: 'PLUS', cancelledAt: null, endsAt: null, ...stripe, stripeStatus: 'past_due' }, now)).toMatchObject({
      plan: 'PLUS',
      next_billing_date: '2030-06-02T00:00:00.000Z',
      payment_failed: true,
    });
    expect(effectiveSubscription({ planCode: 'PLUS', cancelledAt: cancelled, endsAt: now, ...stripe }, now)).toEqual({
      plan: 'STARTER',
      cancelled_at: null,
      ends_at: null,
      next_billing_date: null,
      billing_interval: null,
      payment_failed: false,
    });
    const none = { nextBillingAt: null, billingInterval: null, stripeStatus: null };
    expect(effectiveSubscription({ planCode: 'ENTERPRISE', cancelledAt: null, endsAt: null, ...none }, now).plan).toBe('ENTERPRISE');
  });
});
