/**
 * Fills in the USD price and value of stored transactions at their own time, for rows stored without one: the
 * historical price of the token in the row's hour, from the price cache or, on a miss, from the price service
 * (and then cached, also when no source knows it, so it is asked again only after PRICE_RECHECK_MS). NFTs,
 * spam and tokens without a price source are marked as checked for good. An outage stops the run with what is
 * done kept; the job retries later.
 */
import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import type Big from 'big.js';
import { Big as BigDecimal, decimalToString } from '../../shared/money';
import type { Network } from '../../shared/enums';
import type { Database } from '../db/database';
import { priceHistory, transactions } from '../db/schema';
import { providerErrorIn } from './sync-errors';
import { tokenKey, type TokenRef } from '../providers/prices/types';
import type { SyncDeps } from './sync-deps';
import { usdValue } from './valuation';

export const PRICE_FILL_BATCH = 500;
export const PRICE_RECHECK_MS = 6 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

interface PendingRow {
  id: string;
  network: Network | null;
  tokenAddress: string | null;
  tokenSymbol: string;
  tokenDecimals: number;
  amount: string;
  createdAt: Date;
  nftId: string | null;
  isSpam: boolean;
}

export interface PriceFillResult {
  /** Rows given a price. */
  priced: number;
  /** Rows looked at. */
  checked: number;
  /** A full batch was taken: more rows may be waiting. */
  more: boolean;
}

async function pendingRows(db: Database, now: Date, limit: number): Promise<PendingRow[]> {
  const columns = {
    id: transactions.id,
    network: transactions.network,
    tokenAddress: transactions.tokenAddress,
    tokenSymbol: transactions.tokenSymbol,
    tokenDecimals: transactions.tokenDecimals,
    amount: transactions.amount,
    createdAt: transactions.createdAt,
    nftId: transactions.nftId,
    isSpam: transactions.isSpam,
  };
  // Demo users' sample data carries its own prices; it is never sent to a price source.
  const notDemo = sql`${transactions.userId} not in (select id from users where is_demo)`;
  const fresh = await db
    .select(columns)
    .from(transactions)
    .where(and(isNull(transactions.priceUsd), isNull(transactions.priceCheckedAt), notDemo))
    .limit(limit);
  if (fresh.length >= limit) return fresh;
  const again = await db
    .select(columns)
    .from(transactions)
    .where(and(isNull(transactions.priceUsd), lt(transactions.priceCheckedAt, new Date(now.getTime() - PRICE_RECHECK_MS)), notDemo))
    .orderBy(asc(transactions.priceCheckedAt))
    .limit(limit - fresh.length);
  return [...fresh, ...again];
}

function priceRef(deps: SyncDeps, row: PendingRow): TokenRef | null {
  if (row.nftId !== null || row.isSpam) return null;
  if (row.network === null) return deps.catalog.priceRefForAsset(row.tokenSymbol);
  return { network: row.network, address: (row.tokenAddress ?? 'native') as TokenRef['address'] };
}

async function cachedPrice(db: Database, key: string, bucket: Date): Promise<{ price: string | null; fetchedAt: Date } | undefined> {
  const [row] = await db
    .select({ price: priceHistory.priceUsd, fetchedAt: priceHistory.fetchedAt })
    .from(priceHistory)
    .where(and(eq(priceHistory.tokenKey, key), eq(priceHistory.resolution, 'hour'), eq(priceHistory.bucketStart, bucket)))
    .limit(1);
  return row;
}

async function writeRows(db: Database, updates: readonly { id: string; price: string | null; value: string | null }[], checkedAt: Date | 'never'): Promise<void> {
  if (updates.length === 0) return;
  const checked = checkedAt === 'never' ? sql`'infinity'::timestamptz` : sql`${checkedAt.toISOString()}::timestamptz`;
  const values = sql.join(
    updates.map((u) => sql`(${u.id}::uuid, ${u.price}::numeric, ${u.value}::numeric)`),
    sql`, `,
  );
  await db.execute(sql`
    update ${transactions} as t
    set price_usd = v.price, value_usd = v.value, price_checked_at = ${checked}
    from (values ${values}) as v(id, price, value)
    where t.id = v.id`);
}

export async function fillMissingPrices(deps: SyncDeps, batch = PRICE_FILL_BATCH): Promise<PriceFillResult> {
  const { db } = deps;
  const now = deps.now();
  const rows = await pendingRows(db, now, batch);
  const never: { id: string; price: null; value: null }[] = [];
  const groups = new Map<string, { ref: TokenRef; bucket: Date; rows: PendingRow[] }>();
  for (const row of rows) {
    const ref = priceRef(deps, row);
    if (ref === null) {
      never.push({ id: row.id, price: null, value: null });
      continue;
    }
    const bucket = new Date(Math.floor(row.createdAt.getTime() / HOUR_MS) * HOUR_MS);
    const key = `${tokenKey(ref)}@${bucket.toISOString()}`;
    const group = groups.get(key);
    if (group) group.rows.push(row);
    else groups.set(key, { ref, bucket, rows: [row] });
  }
  await writeRows(db, never, 'never');

  let priced = 0;
  let outage: unknown = null;
  for (const group of groups.values()) {
    const key = tokenKey(group.ref);
    const cached = await cachedPrice(db, key, group.bucket);
    let price: Big | null = null;
    if (cached?.price) {
      price = new BigDecimal(cached.price);
    } else if (!cached || cached.fetchedAt.getTime() < now.getTime() - PRICE_RECHECK_MS) {
      if (deps.prices === null) continue;
      try {
        price = await deps.prices.historicalPriceUsd(group.ref, group.rows[0]?.createdAt ?? group.bucket);
      } catch (error) {
        if (providerErrorIn(error) === null) throw error;
        outage = error;
        break;
      }
      const priceText = price ? decimalToString(price) : null;
      await db
        .insert(priceHistory)
        .values({ tokenKey: key, resolution: 'hour', bucketStart: group.bucket, priceUsd: priceText, source: 'price-service', fetchedAt: now })
        .onConflictDoUpdate({
          target: [priceHistory.tokenKey, priceHistory.resolution, priceHistory.bucketStart],
          set: { priceUsd: priceText, fetchedAt: now },
        });
    }
    const priceText = price ? decimalToString(price) : null;
    await writeRows(
      db,
      group.rows.map((row) => ({ id: row.id, price: priceText, value: price ? usdValue(BigInt(row.amount), row.tokenDecimals, price) : null })),
      now,
    );
    if (price) priced += group.rows.length;
  }
  if (outage !== null) throw outage;
  return { priced, checked: rows.length, more: rows.length >= batch };
}
