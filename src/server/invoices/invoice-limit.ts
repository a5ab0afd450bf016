import { and, count, eq, gte, lt } from 'drizzle-orm';
import type { PlanLimit } from '../../shared/api-types';
import type { Database } from '../db/database';
import { documents } from '../db/schema';
import { currentPlan } from '../plans/current-plan';

/** The UTC calendar year containing `now`, as [start, end). */
function yearOf(now: Date): { from: Date; to: Date } {
  const year = now.getUTCFullYear();
  return { from: new Date(Date.UTC(year, 0, 1)), to: new Date(Date.UTC(year + 1, 0, 1)) };
}

/**
 * The invoice limit of `userId`'s plan (spec §3 Limits: max_num_invoices per year, unlimited when empty): the
 * INVOICE documents created in the current UTC calendar year. GET invoices/limit and POST invoices share it.
 */
export async function invoiceLimit(db: Database, userId: string, now: Date): Promise<PlanLimit> {
  const { from, to } = yearOf(now);
  const [plan, [row]] = await Promise.all([
    currentPlan(db, userId, now),
    db
      .select({ n: count() })
      .from(documents)
      .where(and(eq(documents.userId, userId), eq(documents.kind, 'INVOICE'), gte(documents.createdAt, from), lt(documents.createdAt, to))),
  ]);
  const used = Number(row?.n ?? 0);
  return { limit: plan.maxNumInvoices, count: used, can_create: plan.maxNumInvoices === null || used < plan.maxNumInvoices };
}
