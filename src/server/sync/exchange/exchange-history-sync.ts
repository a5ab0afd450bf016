/**
 * An exchange account's history: deposits and withdrawals from their `since` cursors (never past a transfer
 * still pending, so it is stored once completed), then trades per market from each market's cursor. The markets
 * are those between assets the account holds or has moved. Rows and cursor move in one transaction per batch.
 */
import type { Exchange } from '../../../shared/enums';
import type { ExchangeClient } from '../../providers/exchanges';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { transactions, type NewTransactionRow } from '../../db/schema';
import { cutAtLimit, insertTransactionRows } from '../transaction-store';
import { commitPage, consume, type RunContext } from '../run-context';
import { readCursor, writeCursor } from '../sync-cursors';
import { tradeRows, transferRow } from './exchange-rows';

/** Where an exchange's history starts when nothing is stored yet. */
export const EXCHANGE_HISTORY_START: Record<Exchange, Date> = {
  BINANCE: new Date('2017-07-01T00:00:00Z'),
};

/** Rows per committed batch. */
const BATCH_ROWS = 1000;

async function storeRows(ctx: RunContext, rows: readonly NewTransactionRow[], cursorKind: string, since: Date | null): Promise<boolean> {
  for (let start = 0; start < Math.max(rows.length, 1); start += BATCH_ROWS) {
    const batch = rows.slice(start, start + BATCH_ROWS);
    const last = start + BATCH_ROWS >= rows.length;
    let truncated = false;
    await commitPage(ctx, async (db) => {
      const fresh = await newRows(db, ctx.owner.cexId ?? '', batch);
      const { kept, truncated: cut } = cutAtLimit(fresh, ctx.remaining, (row) => row.isSpam === true);
      const result = await insertTransactionRows(db, kept);
      consume(ctx, result.counted, cut);
      truncated = cut;
      if (last && !cut && since !== null) await writeCursor(db, ctx.subject, cursorKind, { since }, ctx.deps.now());
    });
    if (truncated) return false;
  }
  return true;
}

/** Rows not stored yet (a cursor's own time is fetched again, so the first records repeat). */
async function newRows(db: Database, cexId: string, rows: readonly NewTransactionRow[]): Promise<NewTransactionRow[]> {
  const ids = rows.flatMap((row) => (row.externalId ? [row.externalId] : []));
  if (ids.length === 0) return [...rows];
  const stored = await db
    .select({ externalId: transactions.externalId })
    .from(transactions)
    .where(and(eq(transactions.cexId, cexId), inArray(transactions.externalId, ids)));
  const known = new Set(stored.map((row) => row.externalId));
  return rows.filter((row) => !known.has(row.externalId ?? null));
}

/** How far back a later pass looks again, for records that show up in the history late. */
const SETTLE_MS = 24 * 60 * 60 * 1000;

/**
 * The next `since` for transfers: the earliest still-pending one (so it is stored once completed), else the
 * latest seen or a day ago, whichever is later.
 */
function nextSince(records: readonly { timestamp: Date; status?: string }[], current: Date, now: Date): Date {
  const pending = records.filter((record) => record.status === 'pending').map((record) => record.timestamp.getTime());
  if (pending.length > 0) return new Date(Math.min(...pending));
  const latest = records.reduce((max, record) => Math.max(max, record.timestamp.getTime()), current.getTime());
  return new Date(Math.max(latest, now.getTime() - SETTLE_MS));
}

export interface ExchangeHistoryResult {
  complete: boolean;
  /** Assets the history touched (candidates for trade markets and balances). */
  assets: Set<string>;
}

export async function syncExchangeHistory(ctx: RunContext, client: ExchangeClient, exchange: Exchange, heldAssets: readonly string[]): Promise<ExchangeHistoryResult> {
  const { catalog } = ctx.deps;
  const assets = new Set(heldAssets.map((asset) => asset.toUpperCase()));
  for (const kind of ['deposits', 'withdrawals'] as const) {
    const cursor = await readCursor(ctx.deps.db, ctx.subject, kind);
    const since = cursor?.since ?? EXCHANGE_HISTORY_START[exchange];
    const records = kind === 'deposits' ? await client.fetchDeposits(since) : await client.fetchWithdrawals(since);
    for (const record of records) assets.add(record.asset.toUpperCase());
    const rows = records.flatMap((record) => transferRow(ctx.owner, exchange, catalog, record) ?? []);
    if (!(await storeRows(ctx, rows, kind, nextSince(records, since, ctx.deps.now())))) return { complete: false, assets };
  }
  const symbols = await client.tradeSymbolsFor([...assets]);
  for (const symbol of symbols) {
    const kind = `trades:${symbol}`;
    const cursor = await readCursor(ctx.deps.db, ctx.subject, kind);
    const since = cursor?.since ?? EXCHANGE_HISTORY_START[exchange];
    const trades = await client.fetchTrades([symbol], since);
    const rows = trades.flatMap((trade) => tradeRows(ctx.owner, exchange, catalog, trade));
    if (!(await storeRows(ctx, rows, kind, nextSince(trades, since, ctx.deps.now())))) return { complete: false, assets };
  }
  return { complete: true, assets };
}
