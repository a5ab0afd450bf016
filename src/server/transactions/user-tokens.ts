import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { executeRows, toTextArray } from '../lib/sql-rows';

export interface UserToken {
  tokenId: string;
  symbol: string;
  name: string;
}

/**
 * Every token that appears in the user's transactions, one probe of the (user_id, token_id) index per token
 * (a loose index scan), so its cost follows the number of tokens, not of transactions.
 */
export async function userTokens(db: Database, userId: string): Promise<UserToken[]> {
  const rows = await executeRows<{ token_id: string | null }>(
    db,
    sql`with recursive seen(token_id) as (
          (select token_id from transactions where user_id = ${userId} order by token_id limit 1)
          union all
          select (select t.token_id from transactions t
                   where t.user_id = ${userId} and t.token_id > seen.token_id
                   order by t.token_id limit 1)
            from seen where seen.token_id is not null
        )
        select token_id from seen where token_id is not null`,
  );
  const ids = rows.map((row) => row.token_id).filter((id): id is string => id !== null);
  if (ids.length === 0) return [];
  const named = await executeRows<{ token_id: string; token_symbol: string; token_name: string }>(
    db,
    sql`select ids.token_id, t.token_symbol, t.token_name
          from unnest(${toTextArray(ids)}::text[]) as ids(token_id)
          cross join lateral (
            select token_symbol, token_name from transactions
             where user_id = ${userId} and token_id = ids.token_id
             order by created_at desc limit 1
          ) t`,
  );
  return named.map((row) => ({ tokenId: row.token_id, symbol: row.token_symbol, name: row.token_name }));
}
