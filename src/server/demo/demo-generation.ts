/**
 * The whole demo data set of one UTC day: the market's daily prices and each demo wallet's rows, for a history
 * that ends on that day, with a fingerprint of all of it. The fingerprint changes when the day changes and when
 * anything the data is made from changes (the generators, the seed, the token list), so comparing it with the
 * stored one tells whether the stored data is still what the generator makes. Pure: no database, no clock.
 */
import { createHash } from 'node:crypto';
import type { Network } from '../../shared/enums';
import type { priceHistory } from '../db/schema';
import { utcDayStart } from './demo-calendar';
import { buildDemoWalletData, DEMO_SEED, demoMarket, demoPricePoints, type DemoWalletData } from './demo-dataset';

type NewPriceHistoryRow = typeof priceHistory.$inferInsert;

export interface DemoWalletRef {
  userId: string;
  walletId: string;
  address: string;
  network: Network;
}

export interface GeneratedDemoData {
  /** UTC midnight of the history's last day; every timestamp the data set carries is at or before it. */
  day: Date;
  prices: NewPriceHistoryRow[];
  wallets: { wallet: DemoWalletRef; data: DemoWalletData }[];
  /** SHA-256 (hex) of everything above. */
  fingerprint: string;
}

/** JSON with bigints as decimal strings (Dates become ISO strings through their toJSON). */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? item.toString() : item));
}

/** The demo data of the history ending on the UTC day `at` falls on; any time of that day gives the same result. */
export function generateDemoData(at: Date, wallets: readonly DemoWalletRef[]): GeneratedDemoData {
  const day = utcDayStart(at);
  const market = demoMarket(day);
  const prices: NewPriceHistoryRow[] = demoPricePoints(market).map((p) => ({
    tokenKey: p.tokenKey,
    resolution: 'day',
    bucketStart: p.bucketStart,
    priceUsd: p.priceUsd,
    source: 'demo',
    fetchedAt: day,
  }));
  // In wallet id order, so the fingerprint does not depend on the order the wallets were passed in.
  const built = [...wallets]
    .sort((a, b) => (a.walletId < b.walletId ? -1 : a.walletId > b.walletId ? 1 : 0))
    .map((wallet) => ({ wallet, data: buildDemoWalletData(market, { ...wallet }, day) }));
  const fingerprint = createHash('sha256').update(stableJson({ seed: DEMO_SEED, day, prices, wallets: built })).digest('hex');
  return { day, prices, wallets: built, fingerprint };
}
