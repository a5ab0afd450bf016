import { and, asc, desc } from 'drizzle-orm';
import { directionSign, formatAmount, fromBaseUnits } from '../../shared/money';
import type { SearchCategory } from '../../shared/contract/search';
import { allConditions, transactionConditions } from '../transactions/transaction-filters';
import type { Database } from '../db/database';
import { transactions } from '../db/schema';

type Item = SearchCategory['items'][number];

/** docs/search.md address display: first 4 characters, '...', last 7. */
export const shortHash = (hash: string): string => (hash.length <= 14 ? hash : `${hash.slice(0, 4)}...${hash.slice(-7)}`);

const columns = {
  id: transactions.id,
  txHash: transactions.txHash,
  direction: transactions.direction,
  amount: transactions.amount,
  tokenSymbol: transactions.tokenSymbol,
  tokenDecimals: transactions.tokenDecimals,
};

type Row = { [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] };

export function itemOf(row: Row): Item {
  let amount: string;
  try {
    amount = formatAmount(fromBaseUnits(BigInt(row.amount), row.tokenDecimals));
  } catch {
    amount = row.amount;
  }
  amount = amount.replace(/^-/, '');
  const sign = directionSign(amount, row.direction === 'INCOMING');
  return { id: row.id, text: `${sign}${amount} ${row.tokenSymbol} · ${shortHash(row.txHash)}` };
}

/**
 * Up to `limit` of the user's transactions matching `text`, found exactly as the transactions list's `search`
 * finds them (its filter conditions, spam hidden), so the list a result leads to shows it. One item per hash
 * (a swap's two sides count once), newest first; the rows of one hash in log order.
 */
export async function searchTransactions(db: Database, userId: string, text: string, limit: number): Promise<Item[]> {
  const list = await transactionConditions(
    db,
    { userId, timeZone: 'UTC' },
    { search: text, show_spam: false, token__in: [], labels: [] },
  );
  if (list === null || list.searchBranches?.length === 0) return [];
  const rows = await db
    .select(columns)
    .from(transactions)
    .where(and(...allConditions(list)))
    .orderBy(desc(transactions.createdAt), asc(transactions.txHash), asc(transactions.logIndex), asc(transactions.id))
    .limit(limit * 2);
  const seen = new Set<string>();
  const items: Item[] = [];
  for (const row of rows) {
    const hash = row.txHash.toLowerCase();
    if (seen.has(hash)) continue;
    seen.add(hash);
    items.push(itemOf(row));
    if (items.length === limit) break;
  }
  return items;
}
