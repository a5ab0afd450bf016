import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Subscription } from '../../src/shared/api-types';
import type { PricingPlan } from '../../src/shared/contract/plans';
import { cardAction, priceDisplay, subscriptionText, successText } from '../../src/app/features/pricing/pricing-rules';
import { parsePricingSearch } from '../../src/app/features/pricing/pricing-search';
import { annualPrice } from '../../src/server/config/plan-catalogue';

const plus: PricingPlan = {
  code: 'PLUS',
  name: 'Plus',
  monthly_price_usd: '19.00',
  annual_price_usd: '209.76',
  monthly_plan_stripe_id: 'price_m',
  annual_plan_stripe_id: 'price_y',
  max_num_wallets: 10,
  max_num_transactions: 100000,
  max_num_invoices: null,
};
const starter: PricingPlan = { ...plus, code: 'STARTER', name: 'Free Plan', monthly_price_usd: '0.00', annual_price_usd: '0.00', monthly_plan_stripe_id: null, annual_plan_stripe_id: null };
const free: Subscription = { plan: 'STARTER', cancelled_at: null, ends_at: null, next_billing_date: null, billing_interval: null, payment_failed: false };
const paid: Subscription = { ...free, plan: 'PLUS', next_billing_date: '2027-01-31T10:00:00.000Z', billing_interval: 'month' };
const cancelled: Subscription = { ...paid, cancelled_at: '2027-01-05T00:00:00.000Z', ends_at: '2027-01-31T10:00:00.000Z', next_billing_date: null };

describe('pricing rules', () => {
  it('shows euro prices per interval, the annual one also per month', () => {
    expect(priceDisplay(plus, 'month')).toEqual({ amount: '€19.00', per: '/month', note: null });
    expect(priceDisplay(plus, 'year')).toEqual({ amount: '€209.76', per: '/year', note: '€17.48 a month, billed yearly' });
    expect(priceDisplay(starter, 'year').note).toBeNull();
    expect(priceDisplay({ ...plus, monthly_price_usd: null }, 'month').amount).toBeNull();
  });

  it('the annual price is exactly twelve months less 8 percent, to the cent', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (cents) => {
        const monthly = (cents / 100).toFixed(2);
        const expected = Math.round((cents * 12 * 92) / 100); // integer cents, half up
        expect(annualPrice(monthly)).toBe((expected / 100).toFixed(2));
      }),
    );
  });

  it('picks what each card offers', () => {
    expect(cardAction(plus, free, 'year', true, false)).toEqual({ kind: 'checkout', priceId: 'price_y' });
    expect(cardAction(plus, free, 'month', false, false)).toEqual({ kind: 'unavailable' });
    expect(cardAction(plus, free, 'month', true, true)).toEqual({ kind: 'pending' });
    expect(cardAction(plus, paid, 'month', true, false)).toEqual({ kind: 'current' });
    expect(cardAction(plus, cancelled, 'month', true, false)).toEqual({ kind: 'resume' });
    expect(cardAction(starter, paid, 'month', true, false)).toEqual({ kind: 'switch-to-free' });
    expect(cardAction(starter, cancelled, 'month', true, false)).toEqual({ kind: 'free-from', date: 'Jan 31, 2027' });
    expect(cardAction(starter, free, 'month', true, false)).toEqual({ kind: 'current' });
    expect(cardAction({ ...plus, code: 'ENTERPRISE' }, free, 'month', false, false)).toEqual({ kind: 'contact' });
  });

  it('says the plan, the next billing date or the end date', () => {
    expect(subscriptionText(free)).toBe('You are on the Free Plan.');
    expect(subscriptionText(paid)).toBe('You are on the Plus plan, billed monthly. Next billing date: Jan 31, 2027.');
    expect(subscriptionText(cancelled)).toBe('Your Plus plan is cancelled and ends on Jan 31, 2027; then you move to the Free Plan.');
    expect(successText('Ledgerloop')).toBe('Congratulations! You are now a Ledgerloop PLUS member');
  });

  it('reads only the known payment returns from the URL', () => {
    expect(parsePricingSearch({ payment: 'success' })).toEqual({ payment: 'success' });
    expect(parsePricingSearch({ payment: 'cancelled' })).toEqual({ payment: 'cancelled' });
    expect(parsePricingSearch({ payment: 'paid' })).toEqual({});
  });
});
