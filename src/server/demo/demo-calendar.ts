/**
 * Days of the demo history and the helpers the activity generators share. Day 0 is the first day; the last day
 * (`days - 1`) is the seed day itself, which carries prices and a snapshot but no transactions, so nothing is
 * ever dated after the moment the data was made.
 */
import type { DemoAssetSymbol } from './demo-assets';

export const DAY_MS = 86_400_000;

/** Number of days the demo history covers (two years; the last is the seed day). */
export const DEMO_HISTORY_DAYS = 730;

/** UTC midnight of the day `date` falls on. */
export function utcDayStart(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

/** yyyy-MM-dd of a UTC day. */
export const isoDay = (date: Date): string => date.toISOString().slice(0, 10);

export interface DemoCalendar {
  /** UTC midnight of day 0. */
  start: Date;
  days: number;
  dayStart(day: number): Date;
  /** A moment `second` seconds into `day`. */
  at(day: number, second: number): Date;
}

/** The calendar of a history that ends on the UTC day of `seedDate`. */
export function demoCalendar(seedDate: Date, days = DEMO_HISTORY_DAYS): DemoCalendar {
  const start = new Date(utcDayStart(seedDate).getTime() - (days - 1) * DAY_MS);
  const dayStart = (day: number) => new Date(start.getTime() + day * DAY_MS);
  return { start, days, dayStart, at: (day, second) => new Date(dayStart(day).getTime() + second * 1000) };
}

/** Daily USD prices (fixed-point, 8 decimals) of every demo asset. */
export class PriceBook {
  constructor(private readonly series: ReadonlyMap<DemoAssetSymbol, readonly bigint[]>) {}

  price(symbol: DemoAssetSymbol, day: number): bigint {
    const price = this.series.get(symbol)?.[day];
    if (price === undefined) throw new Error(`No demo price for ${symbol} on day ${String(day)}.`);
    return price;
  }

  seriesOf(symbol: DemoAssetSymbol): readonly bigint[] {
    return this.series.get(symbol) ?? [];
  }
}
