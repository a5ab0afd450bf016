import { integer, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import type { PlanCode } from '../../../shared/enums';

/** Subscription plans. A null limit or price means unlimited / individually priced. Prices are euro. */
export const plans = pgTable('plans', {
  code: text('code').$type<PlanCode>().primaryKey(),
  name: text('name').notNull(),
  maxNumWallets: integer('max_num_wallets'),
  /** Per wallet. */
  maxNumTransactions: integer('max_num_transactions'),
  /** Per calendar year. */
  maxNumInvoices: integer('max_num_invoices'),
  monthlyPrice: numeric('monthly_price', { precision: 12, scale: 2 }),
  annualPrice: numeric('annual_price', { precision: 12, scale: 2 }),
  monthlyPlanStripeId: text('monthly_plan_stripe_id'),
  annualPlanStripeId: text('annual_plan_stripe_id'),
  sortOrder: integer('sort_order').notNull().default(0),
});

export type PlanRow = typeof plans.$inferSelect;
