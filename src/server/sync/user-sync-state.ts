import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';

export interface UserSyncState {
  /** Every active wallet and exchange account has completed its first sync (true with none). */
  user_tx_sync: boolean;
  /** Every active wallet and exchange account has balances (synced once, or holdings stored). */
  user_bal_sync: boolean;
}

/** The sync flags of GET transactions, balances and portfolio-value-history for one user. */
export async function userSyncState(db: Database, userId: string): Promise<UserSyncState> {
  const result = await db.execute(sql`
    with accounts as (
      select w.is_synchronized as synced,
             exists (select 1 from token_balances tb where tb.wallet_id = w.id) as has_balances
      from wallets w where w.user_id = ${userId} and w.is_active
      union all
      select c.is_synchronized,
             exists (select 1 from token_balances tb where tb.cex_id = c.id)
      from centralised_exchanges c where c.user_id = ${userId}
    )
    select coalesce(bool_and(synced), true) as tx, coalesce(bool_and(synced or has_balances), true) as bal from accounts`);
  const row = (result as { rows?: { tx: boolean; bal: boolean }[] }).rows?.[0];
  return { user_tx_sync: row?.tx ?? true, user_bal_sync: row?.bal ?? true };
}
