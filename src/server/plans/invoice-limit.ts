import { and, count, eq, gte, lt } from 'drizzle-orm';
import type { PlanLimitOut } from '../../shared/contract/primitives';
import type { Database } from '../db/database';
import { invoiceIssues } from '../db/schema';
import { currentPlan } from './current-plan';

/** The UTC calendar year containing `now`, as [start, end). */
function yearOf(now: Date): { from: Date; to: Date } {
  const year = now.getUTCFullYear();
  return { from: new Date(Date.UTC(year, 0, 1)), to: new Date(Date.UTC(year + 1, 0, 1)) };
}

/**
 * The invoice limit of `userId`'s plan (docs/plans.md: max_num_invoices per year, unlimited when empty): the
 * invoices issued in the current UTC calendar year, deleted or not (drafts never issued do not count). GET
 * invoices/limit, POST invoices and sending a draft share it.
 */
export async function invoiceLimit(db: Database, userId: string, now: Date): Promise<PlanLimitOut> {
  const { from, to } = yearOf(now);
  const [plan, [row]] = await Promise.all([
    currentPlan(db, userId, now),
    db
      .select({ n: count() })
      .from(invoiceIssues)
      .where(and(eq(invoiceIssues.userId, userId), gte(invoiceIssues.issuedAt, from), lt(invoiceIssues.issuedAt, to))),
  ]);
  const used = Number(row?.n ?? 0);
  return { limit: plan.maxNumInvoices, count: used, can_create: plan.maxNumInvoices === null || used < plan.maxNumInvoices };
}
