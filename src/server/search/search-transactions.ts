import { and, asc, desc, eq, gte, like, lt, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { formatAmount, fromBaseUnits } from '../../shared/money';
import type { SearchCategory } from '../../shared/data-types';
import type { Database } from '../db/database';
import { transactions } from '../db/schema';
import { containsPattern, prefixPattern } from './search-text';

type Item = SearchCategory['items'][number];

/**
 * How many of the user's latest transactions the symbol and address search looks through: it stays fast
 * however long the history is, and the transactions page (where a click leads) searches everything.
 */
export const RECENT_WINDOW = 5000;

/** A search text that can be the start of a transaction hash. */
const HASH_PREFIX = /^(0x)?[0-9a-f]{6,}$/i;

/** Spec §9 address display: first 4 characters, '...', last 7. */
export const shortHash = (hash: string): string => (hash.length <= 14 ? hash : `${hash.slice(0, 4)}...${hash.slice(-7)}`);

const columns = {
  id: transactions.id,
  txHash: transactions.txHash,
  direction: transactions.direction,
  amount: transactions.amount,
  tokenSymbol: transactions.tokenSymbol,
  tokenDecimals: transactions.tokenDecimals,
  createdAt: transactions.createdAt,
};

type Row = { [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] };

/** Newest first; the rows of one hash together, in log order (a swap's outgoing side first). */
const newestFirst = (t: { createdAt: SQLWrapper; txHash: SQLWrapper; logIndex: SQLWrapper; id: SQLWrapper }): SQL[] => [
  desc(t.createdAt),
  asc(t.txHash),
  asc(t.logIndex),
  asc(t.id),
];

function itemOf(row: Row): Item {
  let amount: string;
  try {
    amount = formatAmount(fromBaseUnits(BigInt(row.amount), row.tokenDecimals));
  } catch {
    amount = row.amount;
  }
  const sign = row.direction === 'INCOMING' ? '+' : '-';
  return { id: row.id, text: `${sign}${amount} ${row.tokenSymbol} · ${shortHash(row.txHash)}` };
}

/** Transactions whose hash starts with `prefix` (lower-case), through the (user, hash) index, newest first. */
async function byHashPrefix(db: Database, userId: string, prefix: string, limit: number): Promise<Row[]> {
  // Hex hashes sort between the prefix and the prefix followed by 'z' in every collation, so the range reads
  // the index; LIKE keeps the match exact.
  return db
    .select(columns)
    .from(transactions)
    .where(
      and(
        eq(transactions.userId, userId),
        gte(transactions.txHash, prefix),
        lt(transactions.txHash, `${prefix}z`),
        like(transactions.txHash, prefixPattern(prefix)),
        eq(transactions.isSpam, false),
      ),
    )
    .orderBy(...newestFirst(transactions))
    .limit(limit);
}

/** The hash prefixes a search text may stand for: as typed, and with `0x` when typed without it. */
function hashPrefixes(text: string): string[] {
  if (!HASH_PREFIX.test(text)) return [];
  const prefix = text.toLowerCase();
  return prefix.startsWith('0x') ? [prefix] : [prefix, `0x${prefix}`];
}

/** Among the latest RECENT_WINDOW transactions: token symbol, counterparty address or hash containing `text`. */
async function inRecent(db: Database, userId: string, text: string, limit: number): Promise<Row[]> {
  const recent = db
    .select({
      ...columns,
      logIndex: transactions.logIndex,
      fromAddress: transactions.fromAddress,
      toAddress: transactions.toAddress,
      isSpam: transactions.isSpam,
    })
    .from(transactions)
    .where(eq(transactions.userId, userId))
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(RECENT_WINDOW)
    .as('recent');
  const pattern = containsPattern(text);
  const counterparty = sql`case when ${recent.direction} = 'INCOMING' then ${recent.fromAddress} else ${recent.toAddress} end`;
  const match: SQL | undefined = or(
    sql`${recent.tokenSymbol} ilike ${pattern}`,
    sql`${counterparty} ilike ${pattern}`,
    sql`${recent.txHash} ilike ${pattern}`,
  );
  return db
    .select({
      id: recent.id,
      txHash: recent.txHash,
      direction: recent.direction,
      amount: recent.amount,
      tokenSymbol: recent.tokenSymbol,
      tokenDecimals: recent.tokenDecimals,
      createdAt: recent.createdAt,
    })
    .from(recent)
    .where(and(eq(recent.isSpam, false), match))
    .orderBy(...newestFirst(recent))
    .limit(limit);
}

/**
 * Up to `limit` of the user's transactions (spam left out) matching `text`: a hash prefix anywhere in the
 * history, else a token symbol, counterparty address or part of a hash among the latest transactions. One
 * item per hash (a swap's two sides count once), newest first.
 */
export async function searchTransactions(db: Database, userId: string, text: string, limit: number): Promise<Item[]> {
  const fetchLimit = limit * 2;
  const rows: Row[] = [];
  for (const prefix of hashPrefixes(text)) rows.push(...(await byHashPrefix(db, userId, prefix, fetchLimit)));
  if (rows.length < fetchLimit) rows.push(...(await inRecent(db, userId, text, fetchLimit)));
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
