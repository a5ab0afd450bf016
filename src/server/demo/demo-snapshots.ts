/**
 * Daily portfolio values of a demo wallet, replayed from its transaction rows: at the end of every day of the
 * calendar, each fungible balance (incoming less outgoing less fees paid in that coin) times that day's price.
 */
import type { NewTransactionRow } from '../db/schema';
import { isoDay, type DemoCalendar } from './demo-calendar';
import { usdText, valueOf } from './demo-fixed';

export interface DailyValue {
  /** yyyy-MM-dd (UTC). */
  measuredOn: string;
  valueUsd: string;
}

export interface SnapshotInput {
  rows: readonly NewTransactionRow[];
  calendar: DemoCalendar;
  /** Token id of the coin fees are paid in. */
  nativeTokenId: string;
  /** The day's USD price (fixed-point, 8 decimals) of a token, by token id and day. */
  priceOf(tokenId: string, day: number): bigint;
}

export function dailyPortfolioValues(input: SnapshotInput): DailyValue[] {
  const ordered = [...input.rows].sort((a, b) => (a.createdAt?.getTime() ?? 0) - (b.createdAt?.getTime() ?? 0));
  const balances = new Map<string, { amount: bigint; decimals: number }>();
  const add = (tokenId: string, decimals: number, delta: bigint) => {
    const entry = balances.get(tokenId) ?? { amount: 0n, decimals };
    entry.amount += delta;
    balances.set(tokenId, entry);
  };
  const nativeDecimals = ordered.find((r) => r.tokenId === input.nativeTokenId)?.tokenDecimals ?? 18;

  const values: DailyValue[] = [];
  let next = 0;
  for (let day = 0; day < input.calendar.days; day += 1) {
    const dayEnd = input.calendar.dayStart(day + 1).getTime();
    for (; next < ordered.length; next += 1) {
      const row = ordered[next];
      if (row === undefined || (row.createdAt?.getTime() ?? 0) >= dayEnd) break;
      if (row.nftId === null || row.nftId === undefined) {
        const amount = BigInt(row.amount);
        add(row.tokenId, row.tokenDecimals, row.direction === 'INCOMING' ? amount : -amount);
      }
      if (row.fee !== null && row.fee !== undefined) add(input.nativeTokenId, nativeDecimals, -BigInt(row.fee));
    }
    let total = 0n;
    for (const [tokenId, { amount, decimals }] of balances) {
      if (amount !== 0n) total += valueOf(amount, decimals, input.priceOf(tokenId, day));
    }
    values.push({ measuredOn: isoDay(input.calendar.dayStart(day)), valueUsd: usdText(total) });
  }
  return values;
}
