/** Plans (docs/billing.md): the plan list and what the current plan still allows. */
import * as v from 'valibot';
import { PLAN_CODES } from '../enums';
import { endpoint } from './endpoint';
import { decimal } from './primitives';

/** One plan of GET subscription-plans. Prices are euro decimal strings (the `_usd` names are the API's). */
export const pricingPlanOut = v.object({
  code: v.picklist(PLAN_CODES),
  name: v.string(),
  monthly_price_usd: v.nullable(decimal),
  annual_price_usd: v.nullable(decimal),
  monthly_plan_stripe_id: v.nullable(v.string()),
  annual_plan_stripe_id: v.nullable(v.string()),
  max_num_wallets: v.nullable(v.number()),
  max_num_transactions: v.nullable(v.number()),
  max_num_invoices: v.nullable(v.number()),
});
export type PricingPlan = v.InferOutput<typeof pricingPlanOut>;

/** GET subscription-plans: the plans keyed by tier. */
export const subscriptionPlansOut = v.object({
  STARTER: pricingPlanOut,
  PLUS: pricingPlanOut,
  ENTERPRISE: pricingPlanOut,
});
export type SubscriptionPlans = v.InferOutput<typeof subscriptionPlansOut>;

/** GET wallets/limit, invoices/limit, transactions/limit: a null limit means unlimited. */
export const planLimitOut = v.object({ limit: v.nullable(v.number()), count: v.number(), can_create: v.boolean() });
export type PlanLimit = v.InferOutput<typeof planLimitOut>;

export const planEndpoints = {
  listPlans: endpoint({ method: 'GET', path: '/api/subscription-plans', access: 'public', response: subscriptionPlansOut }),
  invoicesLimit: endpoint({ method: 'GET', path: '/api/invoices/limit', access: 'user', response: planLimitOut }),
  transactionsLimit: endpoint({ method: 'GET', path: '/api/transactions/limit', access: 'user', response: planLimitOut }),
} as const;
