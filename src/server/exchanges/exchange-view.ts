import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ExchangeAccount } from '../../shared/contract/exchanges';
import type { Database } from '../db/database';
import { centralisedExchanges } from '../db/schema';
import type { FiatContext } from '../lib/fiat-rates';
import { holdingsOf, toWalletTokens, totalValue } from '../holdings/holdings';
import { timestampOf } from '../lib/sql-dates';

/** The user's exchange accounts (all, or the given ones) with holdings in the answer's fiat, oldest first. */
export async function loadExchangeAccounts(
  db: Database,
  userId: string,
  fiat: FiatContext,
  ids?: readonly string[],
): Promise<ExchangeAccount[]> {
  const filters: SQL[] = [eq(centralisedExchanges.userId, userId)];
  if (ids !== undefined) {
    if (ids.length === 0) return [];
    filters.push(inArray(centralisedExchanges.id, [...ids]));
  }
  const rows = await db
    .select({
      id: centralisedExchanges.id,
      exchange: centralisedExchanges.exchange,
      apiKeyHint: centralisedExchanges.apiKeyHint,
      isSynchronized: centralisedExchanges.isSynchronized,
      lastError: centralisedExchanges.lastError,
      lastActivity: centralisedExchanges.lastActivity,
      createdAt: centralisedExchanges.createdAt,
      latestTransactionAt: timestampOf(
        sql`(select max(t.created_at) from transactions t where t.cex_id = ${centralisedExchanges.id})`,
      ),
    })
    .from(centralisedExchanges)
    .where(and(...filters))
    .orderBy(asc(centralisedExchanges.createdAt), asc(centralisedExchanges.id));
  if (rows.length === 0) return [];
  const accountIds = rows.map((row) => row.id);
  const holdings = await holdingsOf(db, userId, { cexIds: accountIds });
  return rows.map((row) => {
    const tokens = toWalletTokens(
      holdings.filter((holding) => holding.cexId === row.id),
      fiat,
    );
    const lastActivity = [row.lastActivity, row.latestTransactionAt]
      .filter((date): date is Date => date instanceof Date)
      .sort((a, b) => b.getTime() - a.getTime())[0];
    return {
      id: row.id,
      exchange: row.exchange,
      api_key_hint: row.apiKeyHint,
      is_synchronized: row.isSynchronized,
      sync_error: row.lastError,
      total_balance: totalValue(tokens),
      fiat_currency: fiat.fiat,
      tokens,
      last_activity: lastActivity?.toISOString() ?? null,
      created_at: row.createdAt.toISOString(),
    };
  });
}
