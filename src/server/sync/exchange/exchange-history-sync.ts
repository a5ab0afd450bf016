/**
 * An exchange account's history: deposits and withdrawals from their `since` cursors (never past a transfer
 * still pending, so it is stored once completed), then trades per market from each market's cursor. Rows and
 * cursor move in one transaction per batch.
 *
 * Binance serves trades only per market, so which markets to read is the hard part. Each sync reads:
 * - every market with a `trades:<market>` cursor (once read, a market is read on every sync from its cursor);
 * - the markets between assets the account holds now, held at the previous sync, deposited or withdrew, or
 *   converted (dust turned into BNB and Convert trades since the previous sync, cursor `conversions`): a coin
 *   bought and sold again that left dust, or came from a Convert, is found through them;
 * - market scans (market-scan.ts): every spot market once per account (spread over the first runs), and the
 *   markets of an asset whose balance moved between two syncs in a way the stored history does not explain
 *   (balance-reconciliation.ts): a coin bought with USDT and fully sold again between two syncs changes USDT.
 */
import type { Exchange } from '../../../shared/enums';
import { and, eq, like } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { syncCursors } from '../../db/schema';
import type { ExchangeBalance, ExchangeClient, ExchangeConversion } from '../../providers/exchanges';
import { commitPage, type RunContext } from '../run-context';
import { readCursor, writeCursor, type SyncSubject } from '../sync-cursors';
import { readPreviousBalances, unexplainedAssets } from './balance-reconciliation';
import { tradeRows, transferRow } from './exchange-rows';
import { EXCHANGE_HISTORY_START, nextSince, storeRows } from './exchange-store';
import { queueAssetScans, readScans, runScans } from './market-scan';

export { EXCHANGE_HISTORY_START } from './exchange-store';

const TRADES_PREFIX = 'trades:';
const CONVERSIONS_CURSOR = 'conversions';

export interface ExchangeHistoryInput {
  exchange: Exchange;
  /** The balances this run read, and when (before reading any history). */
  balances: readonly ExchangeBalance[];
  balancesAt: Date;
}

export interface ExchangeHistoryResult {
  complete: boolean;
  /** Assets the history touched (candidates for trade markets and balances). */
  assets: Set<string>;
  /** A market scan is unfinished: the next run should follow soon. */
  scanPending: boolean;
}

/** Markets with a trade cursor, and where each continues. */
async function knownMarkets(db: Database, cexId: string): Promise<Map<string, Date | null>> {
  const rows = await db
    .select({ kind: syncCursors.kind, since: syncCursors.since })
    .from(syncCursors)
    .where(and(eq(syncCursors.cexId, cexId), like(syncCursors.kind, `${TRADES_PREFIX}%`)));
  return new Map(rows.map((row) => [row.kind.slice(TRADES_PREFIX.length), row.since]));
}

/**
 * Dust and Convert conversions since the cursor. The first sync only starts the cursor (the full market scan
 * covers the past); the cursor never passes the time this run's balances were read, so the next run's
 * reconciliation sees every conversion after them.
 */
async function readConversions(ctx: RunContext, client: ExchangeClient, balancesAt: Date): Promise<ExchangeConversion[]> {
  const cursor = await readCursor(ctx.deps.db, ctx.subject, CONVERSIONS_CURSOR);
  if (!cursor?.since) {
    await commitPage(ctx, (db) => writeCursor(db, ctx.subject, CONVERSIONS_CURSOR, { since: balancesAt }, ctx.deps.now()));
    return [];
  }
  const records = await client.fetchConversions(cursor.since);
  const next = nextSince(records, cursor.since, ctx.deps.now());
  const since = new Date(Math.min(next.getTime(), balancesAt.getTime()));
  await commitPage(ctx, (db) => writeCursor(db, ctx.subject, CONVERSIONS_CURSOR, { since }, ctx.deps.now()));
  return records;
}

export async function syncExchangeHistory(ctx: RunContext, client: ExchangeClient, input: ExchangeHistoryInput): Promise<ExchangeHistoryResult> {
  const { exchange } = input;
  const { catalog, db } = ctx.deps;
  const subject = ctx.subject as SyncSubject & { cexId: string };
  const assets = new Set(input.balances.map((balance) => balance.asset.toUpperCase()));
  const incomplete = { complete: false, assets, scanPending: false };
  for (const kind of ['deposits', 'withdrawals'] as const) {
    const cursor = await readCursor(db, ctx.subject, kind);
    const since = cursor?.since ?? EXCHANGE_HISTORY_START[exchange];
    const records = kind === 'deposits' ? await client.fetchDeposits(since) : await client.fetchWithdrawals(since);
    for (const record of records) assets.add(record.asset.toUpperCase());
    const rows = records.flatMap((record) => transferRow(ctx.owner, exchange, catalog, record) ?? []);
    if (!(await storeRows(ctx, rows, kind, nextSince(records, since, ctx.deps.now())))) return incomplete;
  }

  const previous = await readPreviousBalances(db, subject, exchange);
  for (const asset of previous?.amounts.keys() ?? []) assets.add(asset);
  const conversions = await readConversions(ctx, client, input.balancesAt);
  for (const conversion of conversions) {
    assets.add(conversion.from.asset.toUpperCase());
    assets.add(conversion.to.asset.toUpperCase());
  }

  const cursors = await knownMarkets(db, subject.cexId);
  const symbols = [...new Set([...cursors.keys(), ...(await client.tradeSymbolsFor([...assets]))])].sort();
  for (const symbol of symbols) {
    const since = cursors.get(symbol) ?? null;
    const trades = await client.fetchTrades([symbol], since);
    const rows = trades.flatMap((trade) => tradeRows(ctx.owner, exchange, catalog, trade));
    const next = nextSince(trades, since ?? EXCHANGE_HISTORY_START[exchange], ctx.deps.now());
    if (!(await storeRows(ctx, rows, `${TRADES_PREFIX}${symbol}`, next))) return incomplete;
  }

  if (previous) {
    const unexplained = await unexplainedAssets(db, {
      exchange,
      cexId: subject.cexId,
      previous,
      current: input.balances,
      currentAt: input.balancesAt,
      conversions,
    });
    const queued = await queueAssetScans(ctx, await readScans(db, subject), unexplained);
    if (queued.length > 0) ctx.deps.logger.info('Exchange balances moved beyond the stored history; scanning their markets', { cexId: subject.cexId, assets: queued });
  }

  const scan = await runScans(ctx, client, exchange, new Set(symbols));
  return { complete: scan.complete, assets, scanPending: scan.pending };
}
