/**
 * Today's portfolio value per wallet and exchange account (UTC day): the USD value of its non-spam holdings.
 * Run hourly, the last run of a day leaves that day's closing value. Inactive wallets are measured too: the
 * history leaves them out when it is read, so switching one back on brings its past back. Demo users' history
 * is generated rather than measured: the same run brings it up to today (see ensureDemoData).
 */
import { sql } from 'drizzle-orm';
import { ensureDemoData } from '../demo/seed-demo-data';
import { utcDay } from '../lib/fiat-rates';
import type { SyncDeps } from '../sync/sync-deps';

/** Upserts today's snapshot of every account with holdings; returns how many were written (demo users aside). */
export async function snapshotPortfolios(deps: Pick<SyncDeps, 'db' | 'now'>): Promise<number> {
  const now = deps.now();
  const result = await deps.db.execute(sql`
    insert into portfolio_snapshots (user_id, measured_on, account_key, wallet_id, cex_id, value_usd, created_at)
    select tb.user_id, ${utcDay(now)}::date,
           case when tb.wallet_id is not null then 'w:' || tb.wallet_id::text else 'c:' || tb.cex_id::text end,
           tb.wallet_id, tb.cex_id,
           coalesce(sum(tb.value_usd) filter (where not tb.is_spam), 0), ${now.toISOString()}::timestamptz
    from token_balances tb
    join users u on u.id = tb.user_id and not u.is_demo
    where tb.wallet_id is not null or tb.cex_id is not null
    group by tb.user_id, tb.wallet_id, tb.cex_id
    on conflict (user_id, measured_on, account_key)
      do update set value_usd = excluded.value_usd, created_at = excluded.created_at
    returning user_id`);
  // After the real users' snapshots, so a failure here never costs them theirs.
  await ensureDemoData(deps.db, now);
  // Both drivers answer with a `rows` array.
  return (result as { rows?: unknown[] }).rows?.length ?? 0;
}
