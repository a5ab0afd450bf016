import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';

export interface DueAccounts {
  walletIds: string[];
  cexIds: string[];
}

/**
 * Wallets and exchange accounts whose next sync is due (never synced, or next_run_at passed) and that no worker
 * holds; demo users' data is generated, not synced.
 */
export async function dueAccounts(db: Database, now: Date): Promise<DueAccounts> {
  const at = now.toISOString();
  const result = await db.execute(sql`
    select 'wallet' as kind, w.id
    from wallets w
    join users u on u.id = w.user_id and not u.is_demo
    left join sync_cursors c on c.wallet_id = w.id and c.kind = 'account'
    where c.id is null or ((c.next_run_at is null or c.next_run_at <= ${at}::timestamptz)
      and (c.locked_until is null or c.locked_until < ${at}::timestamptz))
    union all
    select 'cex', x.id
    from centralised_exchanges x
    join users u on u.id = x.user_id and not u.is_demo
    left join sync_cursors c on c.cex_id = x.id and c.kind = 'account'
    where c.id is null or ((c.next_run_at is null or c.next_run_at <= ${at}::timestamptz)
      and (c.locked_until is null or c.locked_until < ${at}::timestamptz))`);
  const rows = (result as { rows?: { kind: string; id: string }[] }).rows ?? [];
  return {
    walletIds: rows.filter((row) => row.kind === 'wallet').map((row) => row.id),
    cexIds: rows.filter((row) => row.kind === 'cex').map((row) => row.id),
  };
}
