import { asc, count, eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { planEndpoints, type PlanLimit, type PricingPlan, type SubscriptionPlans } from '../../shared/contract/plans';
import { walletEndpoints } from '../../shared/contract/wallets';
import { authOf } from '../http/guards';
import { centralisedExchanges, plans, wallets, type PlanRow } from '../db/schema';
import type { AppEnv } from '../http/app-env';
import { route } from '../http/route';
import type { Config } from '../config/env';
import type { Services } from '../services';
import { transactionLimit } from './transaction-limit';
import { invoiceLimit } from './invoice-limit';
import { currentPlan } from './current-plan';

/**
 * A plan as GET subscription-plans lists it: PLUS at the configured euro prices and Stripe price ids (the
 * `_usd` names are the API's; the amounts are euro), the others as stored; no price id while billing is off.
 */
const toPricingPlan = (plan: PlanRow, config: Config): PricingPlan => ({
  code: plan.code,
  name: plan.name,
  monthly_price_usd: plan.code === 'PLUS' ? config.plusPrices.monthly : plan.monthlyPrice,
  annual_price_usd: plan.code === 'PLUS' ? config.plusPrices.annual : plan.annualPrice,
  monthly_plan_stripe_id: config.billing === null ? null : plan.code === 'PLUS' ? config.billing.prices.monthly : plan.monthlyPlanStripeId,
  annual_plan_stripe_id: config.billing === null ? null : plan.code === 'PLUS' ? config.billing.prices.annual : plan.annualPlanStripeId,
  max_num_wallets: plan.maxNumWallets,
  max_num_transactions: plan.maxNumTransactions,
  max_num_invoices: plan.maxNumInvoices,
});

/** {limit, count, can_create}: null limit means unlimited. */
export const planLimit = (limit: number | null, used: number): PlanLimit => ({
  limit,
  count: used,
  can_create: limit === null || used < limit,
});

/** GET subscription-plans and GET wallets/limit, answered from real counts. */
export function registerPlanRoutes(app: Hono<AppEnv>, s: Services): void {
  route(app, s, planEndpoints.listPlans, async () => {
    const rows = await s.db.select().from(plans).orderBy(asc(plans.sortOrder));
    return Object.fromEntries(rows.map((plan) => [plan.code, toPricingPlan(plan, s.config)])) as SubscriptionPlans;
  });

  route(app, s, walletEndpoints.walletsLimit, async (c) => {
    const userId = authOf(c).user.id;
    const [plan, [walletCount], [exchangeCount]] = await Promise.all([
      currentPlan(s.db, userId, s.now()),
      s.db.select({ n: count() }).from(wallets).where(eq(wallets.userId, userId)),
      s.db.select({ n: count() }).from(centralisedExchanges).where(eq(centralisedExchanges.userId, userId)),
    ]);
    return planLimit(plan.maxNumWallets, Number(walletCount?.n ?? 0) + Number(exchangeCount?.n ?? 0));
  });

  route(app, s, planEndpoints.invoicesLimit, async (c) => invoiceLimit(s.db, authOf(c).user.id, s.now()));

  route(app, s, planEndpoints.transactionsLimit, async (c) => transactionLimit(s.db, authOf(c).user.id, s.now()));
}
