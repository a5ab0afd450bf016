import { eq } from 'drizzle-orm';
import type { PlanCode } from '../../shared/enums';
import type { Database } from '../db/database';
import { plans, subscriptions, type PlanRow, type SubscriptionRow } from '../db/schema';

/** Users without a subscription, or whose cancelled one has ended, are on the free plan. */
export const DEFAULT_PLAN: PlanCode = 'STARTER';

export interface EffectiveSubscription {
  plan: PlanCode;
  cancelledAt: Date | null;
  endsAt: Date | null;
}

export function effectiveSubscription(
  row: Pick<SubscriptionRow, 'planCode' | 'cancelledAt' | 'endsAt'> | null,
  now: Date,
): EffectiveSubscription {
  if (row === null || (row.endsAt !== null && row.endsAt.getTime() <= now.getTime())) {
    return { plan: DEFAULT_PLAN, cancelledAt: null, endsAt: null };
  }
  return { plan: row.planCode, cancelledAt: row.cancelledAt, endsAt: row.endsAt };
}

/** The plan row whose limits apply to `userId` at `now`. */
export async function currentPlan(db: Database, userId: string, now: Date): Promise<PlanRow> {
  const [subscription] = await db
    .select({
      planCode: subscriptions.planCode,
      cancelledAt: subscriptions.cancelledAt,
      endsAt: subscriptions.endsAt,
    })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .limit(1);
  const code = effectiveSubscription(subscription ?? null, now).plan;
  const [plan] = await db.select().from(plans).where(eq(plans.code, code)).limit(1);
  if (plan === undefined) throw new Error(`Plan ${code} is missing: the database was not seeded.`);
  return plan;
}
