import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/database';
import { preparedStatement } from '../lib/prepared';

export interface UserSyncState {
  /** Every active wallet and exchange account has completed its first sync (true with none). */
  user_tx_sync: boolean;
  /** Every active wallet and exchange account has balances (synced once, or holdings stored). */
  user_bal_sync: boolean;
}

/** The user's active wallets and exchange accounts: whether each has synced, and whether it has balances. */
const accountsOf = (userId: unknown) => sql`(
        select w.is_synchronized as synced,
               exists (select 1 from token_balances tb where tb.wallet_id = w.id) as has_balances
        from wallets w where w.user_id = ${userId} and w.is_active
        union all
        select c.is_synchronized,
               exists (select 1 from token_balances tb where tb.cex_id = c.id)
        from centralised_exchanges c where c.user_id = ${userId}
      ) as accounts`;

/** `user_tx_sync` of `userId` as one value, for a statement that reads it with other things. */
export const txSyncFlag = (userId: string): SQL<boolean> =>
  sql<boolean>`(select coalesce(bool_and(accounts.synced), true) from ${accountsOf(userId)})`;

const syncStateStatement = (db: Database) =>
  db
    .select({
      tx: sql<boolean>`coalesce(bool_and(accounts.synced), true)`,
      bal: sql<boolean>`coalesce(bool_and(accounts.synced or accounts.has_balances), true)`,
    })
    .from(accountsOf(sql.placeholder('userId')))
    .prepare('user_sync_state');

/** The sync flags of GET transactions, balances and portfolio-value-history for one user. */
export async function userSyncState(db: Database, userId: string): Promise<UserSyncState> {
  const [row] = await preparedStatement(db, 'user_sync_state', syncStateStatement).execute({ userId });
  return { user_tx_sync: row?.tx ?? true, user_bal_sync: row?.bal ?? true };
}
