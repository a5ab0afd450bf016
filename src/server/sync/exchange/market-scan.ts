/**
 * Market scans: asking the exchange for the account's trades in markets it is not known to use. Binance serves
 * trades only per market, so nothing else finds a coin bought and sold again that the account never held at a
 * sync, deposited or withdrew.
 *
 * - The full scan (cursor `trade-scan`) reads every spot market the exchange lists, halted ones included, once
 *   per account: on the first syncs, and on the next syncs of an account synced before scans existed.
 * - An asset scan (cursor `trade-scan:<ASSET>`) reads the markets whose base or quote is that asset; it is queued
 *   when the asset's balance moved in a way the stored history does not explain (balance-reconciliation.ts), at
 *   most once per ASSET_RESCAN_MS for each asset.
 *
 * A scan reads each market's whole history (from trade id 0: Binance's myTrades, weight 20). A market with trades
 * gets its rows and its `trades:<market>` cursor, so every later sync reads it from there. A run reads at most
 * MARKETS_PER_RUN markets (Binance lists about 3,000 spot markets: 60,000 weight in all, so a full scan is spread
 * over runs that follow each other SCAN_FOLLOW_UP_MS apart); the scan cursor keeps the last market read
 * (`last_txid`, markets in symbol order) and is committed every COMMIT_EVERY markets, so a run that stops resumes
 * after it. `since` is when the scan finished (null while it is under way). Markets already known are skipped.
 */
import { and, eq, like, or } from 'drizzle-orm';
import type { Exchange } from '../../../shared/enums';
import type { Database } from '../../db/database';
import { syncCursors } from '../../db/schema';
import type { ExchangeClient, ExchangeMarket, ExchangeTrade } from '../../providers/exchanges';
import { isProviderError } from '../../providers/http/provider-error';
import { commitPage, type RunContext } from '../run-context';
import { writeCursor, type SyncSubject } from '../sync-cursors';
import { tradeRows } from './exchange-rows';
import { EXCHANGE_HISTORY_START, nextSince, storeRows } from './exchange-store';

export const FULL_SCAN = 'trade-scan';
const ASSET_SCAN_PREFIX = `${FULL_SCAN}:`;
export const assetScanKind = (asset: string): string => `${ASSET_SCAN_PREFIX}${asset.toUpperCase()}`;

/** Markets a run reads at most (200 myTrades requests: 4,000 Binance weight). */
export const MARKETS_PER_RUN = 200;
/** Markets between two commits of a scan's position. */
const COMMIT_EVERY = 25;
/** How soon the next run follows one that left a scan unfinished. */
export const SCAN_FOLLOW_UP_MS = 60_000;
/** An asset's markets are scanned again at most this often. */
export const ASSET_RESCAN_MS = 7 * 24 * 60 * 60 * 1000;

export interface ScanState {
  kind: string;
  /** null: the full scan. */
  asset: string | null;
  /** The last market read. */
  last: string | null;
  /** When the scan finished; null while under way. */
  finishedAt: Date | null;
}

export async function readScans(db: Database, subject: SyncSubject & { cexId: string }): Promise<ScanState[]> {
  const rows = await db
    .select({ kind: syncCursors.kind, last: syncCursors.lastTxid, since: syncCursors.since })
    .from(syncCursors)
    .where(and(eq(syncCursors.cexId, subject.cexId), or(eq(syncCursors.kind, FULL_SCAN), like(syncCursors.kind, `${ASSET_SCAN_PREFIX}%`))));
  return rows.map((row) => ({
    kind: row.kind,
    asset: row.kind === FULL_SCAN ? null : row.kind.slice(ASSET_SCAN_PREFIX.length),
    last: row.last,
    finishedAt: row.since,
  }));
}

/** Queues a scan of each asset's markets unless one is under way or finished within ASSET_RESCAN_MS. */
export async function queueAssetScans(ctx: RunContext, scans: readonly ScanState[], assets: readonly string[]): Promise<string[]> {
  const now = ctx.deps.now();
  const queued: string[] = [];
  for (const asset of assets) {
    const kind = assetScanKind(asset);
    const state = scans.find((scan) => scan.kind === kind);
    if (state && (state.finishedAt === null || now.getTime() - state.finishedAt.getTime() < ASSET_RESCAN_MS)) continue;
    await writeCursor(ctx.deps.db, ctx.subject, kind, { lastTxid: null, since: null }, now);
    queued.push(asset.toUpperCase());
  }
  return queued;
}

/** A market's whole history; a market the exchange no longer knows (listed a moment ago) has none. */
async function tradesOf(client: ExchangeClient, symbol: string): Promise<ExchangeTrade[]> {
  try {
    return await client.fetchTrades([symbol], null);
  } catch (error) {
    if (isProviderError(error) && error.kind === 'not_found') return [];
    throw error;
  }
}

export interface ScanResult {
  /** False when the plan's limit cut the rows short. */
  complete: boolean;
  /** A scan is unfinished: the next run should follow soon. */
  pending: boolean;
}

/**
 * Runs the unfinished scans (the full scan first, then asset scans by asset) for up to MARKETS_PER_RUN markets.
 * `known` holds the markets read from their own cursors in this run; markets found with trades join it.
 */
export async function runScans(ctx: RunContext, client: ExchangeClient, exchange: Exchange, known: Set<string>): Promise<ScanResult> {
  const subject = ctx.subject as SyncSubject & { cexId: string };
  const scans = await readScans(ctx.deps.db, subject);
  const full = scans.find((scan) => scan.asset === null) ?? { kind: FULL_SCAN, asset: null, last: null, finishedAt: null };
  const open = [full, ...scans.filter((scan) => scan.asset !== null).sort((a, b) => (a.kind < b.kind ? -1 : 1))].filter(
    (scan) => scan.finishedAt === null,
  );
  if (open.length === 0) return { complete: true, pending: false };

  const markets = await client.fetchMarkets();
  const save = (scan: ScanState, last: string | null, finished: boolean) =>
    commitPage(ctx, (db) => writeCursor(db, ctx.subject, scan.kind, { lastTxid: last, since: finished ? ctx.deps.now() : null }, ctx.deps.now()));
  let budget = MARKETS_PER_RUN;
  for (const scan of open) {
    const inScope = (market: ExchangeMarket) => scan.asset === null || market.base === scan.asset || market.quote === scan.asset;
    const todo = markets.filter((market) => inScope(market) && (scan.last === null || market.symbol > scan.last));
    let last = scan.last;
    let unsaved = 0;
    for (const market of todo) {
      if (!known.has(market.symbol)) {
        if (budget === 0) {
          await save(scan, last, false);
          return { complete: true, pending: true };
        }
        budget -= 1;
        const trades = await tradesOf(client, market.symbol);
        if (trades.length > 0) {
          const rows = trades.flatMap((trade) => tradeRows(ctx.owner, exchange, ctx.deps.catalog, trade));
          const start = EXCHANGE_HISTORY_START[exchange];
          if (!(await storeRows(ctx, rows, `trades:${market.symbol}`, nextSince(trades, start, ctx.deps.now())))) {
            await save(scan, last, false);
            return { complete: false, pending: false };
          }
          known.add(market.symbol);
        }
      }
      last = market.symbol;
      unsaved += 1;
      if (unsaved >= COMMIT_EVERY) {
        await save(scan, last, false);
        unsaved = 0;
      }
    }
    await save(scan, last, true);
  }
  return { complete: true, pending: false };
}
