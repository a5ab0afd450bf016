import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/database';
import { transactions, wallets } from '../db/schema';

/** The user's wallets switched off in the account menu (is_active false): left out of lists and totals. */
export async function inactiveWalletIds(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: wallets.id })
    .from(wallets)
    .where(and(eq(wallets.userId, userId), eq(wallets.isActive, false)));
  return rows.map((row) => row.id);
}

/** Transactions of exchange accounts and of wallets other than `walletIds`; undefined when none is excluded. */
export function excludingWallets(walletIds: readonly string[]): SQL | undefined {
  if (walletIds.length === 0) return undefined;
  return sql`(${transactions.walletId} is null or ${transactions.walletId} not in (${sql.join(
    walletIds.map((id) => sql`${id}`),
    sql`, `,
  )}))`;
}
