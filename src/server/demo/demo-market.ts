/**
 * The demo's synthetic market: one USD price per asset and day, generated from the seed. Each series follows a
 * piecewise-linear trend through fixed waypoints (bull and bear phases), with daily noise and a pull back
 * towards the trend. Prices are fixed-point bigints (8 decimals); the random draws are integers.
 */
import { usd } from './demo-fixed';
import type { Prng } from './prng';

export interface MarketSeriesSpec {
  /** Trend waypoints in USD (decimal strings), spread evenly over the period (at least two). */
  waypoints: readonly string[];
  /** Typical daily move in basis points (one standard deviation). */
  dailyVolatilityBp: number;
  /** Share of the gap to the trend closed each day, in basis points of that gap. */
  reversionBp: number;
}

const MAX_DAILY_MOVE_BP = 2500;

/** Trend value at `day` of a period of `days` days. */
function trendAt(waypoints: readonly bigint[], day: number, days: number): bigint {
  const segments = waypoints.length - 1;
  const span = BigInt(Math.max(1, days - 1));
  const position = BigInt(day * segments);
  const index = Math.min(segments - 1, Number(position / span));
  const from = waypoints[index] ?? 0n;
  const to = waypoints[index + 1] ?? from;
  return from + ((to - from) * (position - BigInt(index) * span)) / span;
}

/** Roughly normal integer noise with the given standard deviation (sum of four uniform draws). */
function noiseBp(prng: Prng, deviationBp: number): number {
  // Four uniforms on [-a, a] have a standard deviation of a * sqrt(4/3); a = 0.866 sigma.
  const a = Math.max(1, Math.round((deviationBp * 866) / 1000));
  return prng.int(-a, a) + prng.int(-a, a) + prng.int(-a, a) + prng.int(-a, a);
}

/** `days` daily USD prices (fixed-point, 8 decimals), day 0 first. */
export function generatePriceSeries(spec: MarketSeriesSpec, days: number, prng: Prng): bigint[] {
  if (spec.waypoints.length < 2) throw new Error('A price series needs at least two waypoints.');
  const waypoints = spec.waypoints.map(usd);
  const prices: bigint[] = [];
  let price = waypoints[0] ?? 0n;
  if (price <= 0n) throw new Error('A price series must start above zero.');
  for (let day = 0; day < days; day += 1) {
    if (day > 0) {
      const gapBp = Number(((trendAt(waypoints, day, days) - price) * 10_000n) / price);
      const pullBp = Math.round((gapBp * spec.reversionBp) / 10_000);
      const moveBp = Math.max(-MAX_DAILY_MOVE_BP, Math.min(MAX_DAILY_MOVE_BP, noiseBp(prng, spec.dailyVolatilityBp) + pullBp));
      price = (price * BigInt(10_000 + moveBp)) / 10_000n;
    }
    prices.push(price);
  }
  return prices;
}

/** A series that tracks `base` within a small spread (a wrapped or pegged asset), e.g. WBTC against BTC. */
export function generateTrackingSeries(base: readonly bigint[], spreadBp: number, prng: Prng): bigint[] {
  return base.map((price) => (price * BigInt(10_000 + prng.int(-spreadBp, spreadBp))) / 10_000n);
}
