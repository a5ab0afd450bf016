import { and, asc, count, eq, gte, lt } from 'drizzle-orm';
import type { Hono } from 'hono';
import { API } from '../../shared/api-paths';
import type { PlanLimit, PricingPlan, SubscriptionPlans } from '../../shared/api-types';
import { authOf, requireUser } from '../auth/guards';
import { centralisedExchanges, documents, plans, wallets, type PlanRow } from '../db/schema';
import type { AppEnv } from '../http/app-env';
import type { Services } from '../services';
import { transactionLimit } from '../data/transaction-limit';
import { currentPlan } from './current-plan';

const toPricingPlan = (plan: PlanRow): PricingPlan => ({
  code: plan.code,
  name: plan.name,
  monthly_price_usd: plan.monthlyPrice,
  annual_price_usd: plan.annualPrice,
  monthly_plan_stripe_id: plan.monthlyPlanStripeId,
  annual_plan_stripe_id: plan.annualPlanStripeId,
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

/** Start of the calendar year (UTC) containing `now`. */
const yearStart = (now: Date): Date => new Date(Date.UTC(now.getUTCFullYear(), 0, 1));

/** GET subscription-plans and the three limit calls, answered from real counts. */
export function registerPlanRoutes(app: Hono<AppEnv>, s: Services): void {
  app.get(API.subscriptionPlans, async (c) => {
    const rows = await s.db.select().from(plans).orderBy(asc(plans.sortOrder));
    const result = Object.fromEntries(rows.map((plan) => [plan.code, toPricingPlan(plan)])) as SubscriptionPlans;
    return c.json(result);
  });

  app.get(API.walletsLimit, requireUser, async (c) => {
    const userId = authOf(c).user.id;
    const [plan, [walletCount], [exchangeCount]] = await Promise.all([
      currentPlan(s.db, userId, s.now()),
      s.db.select({ n: count() }).from(wallets).where(eq(wallets.userId, userId)),
      s.db.select({ n: count() }).from(centralisedExchanges).where(eq(centralisedExchanges.userId, userId)),
    ]);
    return c.json(planLimit(plan.maxNumWallets, Number(walletCount?.n ?? 0) + Number(exchangeCount?.n ?? 0)));
  });

  app.get(API.invoicesLimit, requireUser, async (c) => {
    const userId = authOf(c).user.id;
    const now = s.now();
    const from = yearStart(now);
    const to = new Date(Date.UTC(from.getUTCFullYear() + 1, 0, 1));
    const [plan, [invoiceCount]] = await Promise.all([
      currentPlan(s.db, userId, now),
      s.db
        .select({ n: count() })
        .from(documents)
        .where(
          and(
            eq(documents.userId, userId),
            eq(documents.kind, 'INVOICE'),
            gte(documents.createdAt, from),
            lt(documents.createdAt, to),
          ),
        ),
    ]);
    return c.json(planLimit(plan.maxNumInvoices, Number(invoiceCount?.n ?? 0)));
  });

  app.get(API.transactionsLimit, requireUser, async (c) => {
    return c.json(await transactionLimit(s.db, authOf(c).user.id, s.now()));
  });
}
