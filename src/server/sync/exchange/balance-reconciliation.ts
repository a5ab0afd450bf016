/**
 * Which assets' balances moved between two syncs in a way the stored history does not explain. The balances a
 * run read are stored as the account's holdings, and cursor `balances` keeps when they were read; the next run
 * compares, per asset, the change since then with the sum of the rows stored for that span (incoming minus
 * outgoing minus fees) and of the conversions read in this run. A difference means activity the stored markets
 * do not cover: typically a trade in a market the account was not known to use (a coin bought and sold again
 * between the two syncs), but also flows no history reports (savings subscriptions, rewards, a withdrawal still
 * pending), so the caller spends a bounded scan on it.
 */
import { and, eq, gt, isNotNull, lte, sql } from 'drizzle-orm';
import type { Exchange } from '../../../shared/enums';
import type { Database } from '../../db/database';
import { tokenBalances, transactions } from '../../db/schema';
import type { ExchangeBalance, ExchangeConversion } from '../../providers/exchanges';
import { readCursor, writeCursor, type SyncSubject } from '../sync-cursors';

/** Cursor kind whose `since` is when the stored holdings were read from the exchange. */
export const BALANCES_CURSOR = 'balances';

export interface PreviousBalances {
  /** When they were read. */
  at: Date;
  /** Base units per asset (assets not held are absent). */
  amounts: Map<string, bigint>;
}

const assetOf = (exchange: Exchange, tokenId: string | null): string | null =>
  tokenId?.startsWith(`${exchange}:`) ? tokenId.slice(exchange.length + 1) : null;

/** The holdings stored by the last successful run, or null before the first one. */
export async function readPreviousBalances(db: Database, subject: SyncSubject & { cexId: string }, exchange: Exchange): Promise<PreviousBalances | null> {
  const cursor = await readCursor(db, subject, BALANCES_CURSOR);
  if (!cursor?.since) return null;
  const rows = await db.select({ tokenId: tokenBalances.tokenId, amount: tokenBalances.amount }).from(tokenBalances).where(eq(tokenBalances.cexId, subject.cexId));
  const amounts = new Map<string, bigint>();
  for (const row of rows) {
    const asset = assetOf(exchange, row.tokenId);
    if (asset) amounts.set(asset, BigInt(row.amount));
  }
  return { at: cursor.since, amounts };
}

/** Records when the holdings just stored were read (call after storing them). */
export async function markBalancesRead(db: Database, subject: SyncSubject, readAt: Date, now: Date): Promise<void> {
  await writeCursor(db, subject, BALANCES_CURSOR, { since: readAt }, now);
}

function add(map: Map<string, bigint>, asset: string | null, amount: bigint): void {
  if (asset === null) return;
  map.set(asset, (map.get(asset) ?? 0n) + amount);
}

export interface ReconcileInput {
  exchange: Exchange;
  cexId: string;
  previous: PreviousBalances;
  current: readonly ExchangeBalance[];
  currentAt: Date;
  /** Conversions read in this run (those within the span count). */
  conversions: readonly ExchangeConversion[];
}

/** Assets whose change between the two readings differs from what the stored rows and conversions add up to. */
export async function unexplainedAssets(db: Database, input: ReconcileInput): Promise<string[]> {
  const { exchange, previous, currentAt } = input;
  const span = and(eq(transactions.cexId, input.cexId), gt(transactions.createdAt, previous.at), lte(transactions.createdAt, currentAt));
  const explained = new Map<string, bigint>();
  const moved = await db
    .select({ tokenId: transactions.tokenId, direction: transactions.direction, total: sql<string>`sum(${transactions.amount})` })
    .from(transactions)
    .where(span)
    .groupBy(transactions.tokenId, transactions.direction);
  for (const row of moved) {
    const amount = BigInt(row.total);
    if (row.direction === 'INCOMING') add(explained, assetOf(exchange, row.tokenId), amount);
    else if (row.direction === 'OUTGOING') add(explained, assetOf(exchange, row.tokenId), -amount);
  }
  const fees = await db
    .select({ tokenId: transactions.feeTokenId, total: sql<string>`sum(${transactions.fee})` })
    .from(transactions)
    .where(and(span, isNotNull(transactions.fee), isNotNull(transactions.feeTokenId)))
    .groupBy(transactions.feeTokenId);
  for (const row of fees) add(explained, assetOf(exchange, row.tokenId), -BigInt(row.total));
  for (const conversion of input.conversions) {
    const at = conversion.timestamp.getTime();
    if (at <= previous.at.getTime() || at > currentAt.getTime()) continue;
    add(explained, conversion.from.asset.toUpperCase(), -conversion.from.amount);
    add(explained, conversion.to.asset.toUpperCase(), conversion.to.amount);
    if (conversion.fee) add(explained, conversion.fee.asset.toUpperCase(), -conversion.fee.amount);
  }

  const current = new Map(input.current.map((balance) => [balance.asset.toUpperCase(), balance.total]));
  const assets = new Set([...previous.amounts.keys(), ...current.keys(), ...explained.keys()]);
  return [...assets]
    .filter((asset) => (current.get(asset) ?? 0n) - (previous.amounts.get(asset) ?? 0n) !== (explained.get(asset) ?? 0n))
    .sort();
}
