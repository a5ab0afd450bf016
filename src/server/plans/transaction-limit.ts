import { sql } from 'drizzle-orm';
import type { PlanLimitOut } from '../../shared/contract/primitives';
import type { Database } from '../db/database';
import { currentPlan } from './current-plan';
import { executeRows } from '../lib/sql-rows';

/**
 * GET transactions/limit: the plan's per-wallet transaction limit against the fullest wallet or exchange
 * account. The sync stops loading a wallet at the limit and marks it (tx_limit_reached), so can_create is false
 * as soon as any wallet was cut short, even when its stored count equals the limit exactly. Counting stops one
 * past the limit, so a wallet with a million transactions costs no more than one at the limit.
 */
export async function transactionLimit(db: Database, userId: string, now: Date): Promise<PlanLimitOut> {
  const plan = await currentPlan(db, userId, now);
  const limit = plan.maxNumTransactions;
  const cap = limit === null ? sql`` : sql`limit ${limit + 1}`;
  const [counts, reached] = await Promise.all([
    executeRows<{ n: number | string }>(
      db,
      sql`select (select count(*) from (select 1 from transactions t where t.wallet_id = w.id ${cap}) c)::int as n
            from wallets w where w.user_id = ${userId}
          union all
          select (select count(*) from (select 1 from transactions t where t.cex_id = e.id ${cap}) c)::int as n
            from centralised_exchanges e where e.user_id = ${userId}`,
    ),
    executeRows<{ n: number | string }>(
      db,
      sql`select ((select count(*) from wallets where user_id = ${userId} and tx_limit_reached)
                + (select count(*) from centralised_exchanges where user_id = ${userId} and tx_limit_reached))::int as n`,
    ),
  ]);
  const fullest = counts.reduce((most, row) => Math.max(most, Number(row.n)), 0);
  const count = limit === null ? fullest : Math.min(fullest, limit);
  const cutShort = Number(reached[0]?.n ?? 0) > 0;
  return { limit, count, can_create: limit === null || (count < limit && !cutShort) };
}
