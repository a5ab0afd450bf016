/**
 * Daily FX rates for the days users' transactions happened on and their portfolio history shows, in the fiat
 * currencies users chose: what turns a USD value at its time into the user's fiat at that time. Until a day's rate is stored, the
 * transactions of that day show no fiat value (never one at another day's rate).
 *
 * Currencies the ECB fixes come as a time series, a year of days per request, so a user who switches currency
 * has the whole history valued within one run; each day gets the latest fixing on or before it (weekends and
 * holidays the working day before, as the single-day answer gives). Other currencies (the crypto fiats, those
 * priced through cross rates) are asked day by day, newest first, a bounded number per run. An outage stops the
 * run with what is stored kept.
 */
import { sql } from 'drizzle-orm';
import type Big from 'big.js';
import { FIAT_CURRENCIES, type FiatCurrency } from '../../shared/enums';
import { decimalToString } from '../../shared/money';
import type { Database } from '../db/database';
import { fxRates } from '../db/schema';
import { utcDay } from '../lib/fiat-rates';
import { providerErrorIn } from './sync-errors';
import type { SyncDeps } from './sync-deps';

/** Days asked one by one per currency and run. */
export const FX_DAYS_PER_RUN = 60;
/** Days of a currency with a time series filled per run. */
export const FX_SERIES_DAYS_PER_RUN = 3700;
/** Days per time-series request. */
export const FX_SERIES_SPAN_DAYS = 366;
/** How far before a range's first day a series starts, so its first days find the fixing before them. */
const SERIES_LOOKBACK_DAYS = 10;

const isFiat = (value: string): value is FiatCurrency => (FIAT_CURRENCIES as readonly string[]).includes(value);

const shiftDay = (day: string, days: number): string => utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000));

const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? [];

/**
 * Days (newest first, up to today) with transactions or portfolio points of users paying in `fiat` and no
 * stored rate.
 */
async function missingDays(db: Database, fiat: FiatCurrency, today: string, limit: number): Promise<string[]> {
  const rows = await db.execute(sql`
    select day from (
      select ${today}::date as day
      union
      select distinct (t.created_at at time zone 'UTC')::date from transactions t
      join users u on u.id = t.user_id and u.fiat_currency = ${fiat} and not u.is_demo
      union
      select distinct p.measured_on from portfolio_snapshots p
      join users u on u.id = p.user_id and u.fiat_currency = ${fiat} and not u.is_demo
    ) d
    where d.day <= ${today}::date and not exists (select 1 from fx_rates f where f.currency = ${fiat} and f.day = d.day)
    order by day desc
    limit ${limit}`);
  return rowsOf<{ day: string | Date }>(rows).map((row) => (row.day instanceof Date ? utcDay(row.day) : String(row.day).slice(0, 10)));
}

async function store(deps: SyncDeps, fiat: FiatCurrency, day: string, rate: Big): Promise<void> {
  const perUsd = decimalToString(rate);
  await deps.db
    .insert(fxRates)
    .values({ day, currency: fiat, perUsd, fetchedAt: deps.now() })
    .onConflictDoUpdate({ target: [fxRates.day, fxRates.currency], set: { perUsd, fetchedAt: deps.now() } });
}

/**
 * Fills `days` (past days, newest first) from time series; returns how many were stored, or null when `fiat`
 * has no series.
 */
async function fillFromSeries(deps: SyncDeps, fiat: FiatCurrency, days: readonly string[]): Promise<number | null> {
  const prices = deps.prices;
  if (prices === null || days.length === 0) return 0;
  const ascending = [...days].sort();
  let stored = 0;
  for (let start = 0; start < ascending.length; ) {
    const first = ascending[start] ?? '';
    const spanEnd = shiftDay(first, FX_SERIES_SPAN_DAYS - 1);
    let end = start;
    while (end + 1 < ascending.length && (ascending[end + 1] ?? '') <= spanEnd) end += 1;
    const last = ascending[end] ?? first;
    const series = await prices.usdRateSeries(fiat, shiftDay(first, -SERIES_LOOKBACK_DAYS), last);
    if (series === null) return null;
    const fixings = [...series.entries()].sort(([a], [b]) => a.localeCompare(b));
    let index = 0;
    let latest: Big | undefined;
    for (const day of ascending.slice(start, end + 1)) {
      while (index < fixings.length && (fixings[index]?.[0] ?? '') <= day) {
        latest = fixings[index]?.[1];
        index += 1;
      }
      if (latest === undefined) continue;
      await store(deps, fiat, day, latest);
      stored += 1;
    }
    start = end + 1;
  }
  return stored;
}

/** Stores missing daily rates; returns how many were stored. */
export async function fillFxRates(deps: SyncDeps, daysPerRun = FX_DAYS_PER_RUN): Promise<number> {
  if (deps.prices === null) return 0;
  const prices = deps.prices;
  const today = utcDay(deps.now());
  const fiatRows = await deps.db.execute(sql`
    select distinct fiat_currency as fiat from users
    where fiat_currency <> 'USD' and not is_demo
      and (exists (select 1 from wallets w where w.user_id = users.id) or exists (select 1 from centralised_exchanges c where c.user_id = users.id))`);
  const fiats = rowsOf<{ fiat: string }>(fiatRows).map((row) => row.fiat).filter(isFiat);
  let stored = 0;
  for (const fiat of fiats) {
    try {
      let days = await missingDays(deps.db, fiat, today, FX_SERIES_DAYS_PER_RUN);
      const past = days.filter((day) => day !== today);
      const fromSeries = await fillFromSeries(deps, fiat, past);
      if (fromSeries !== null) {
        stored += fromSeries;
        days = days.filter((day) => day === today);
      }
      for (const day of days.slice(0, daysPerRun)) {
        const rate = await prices.usdRate(fiat, day === today ? undefined : new Date(`${day}T12:00:00Z`));
        if (!rate) continue;
        await store(deps, fiat, day, rate);
        stored += 1;
      }
    } catch (error) {
      if (providerErrorIn(error) === null) throw error;
      deps.logger.warn('FX rates unavailable; trying again later', { fiat });
      return stored;
    }
  }
  return stored;
}
