/**
 * Daily FX rates for the days users' transactions happened on, in the fiat currencies users chose: what turns
 * a transaction's USD value at its time into the user's fiat at that time. Newest days first, a bounded number
 * per run; days no source has a rate for (weekends before the ECB fixing) are left to the readers' fallback to
 * the nearest earlier rate. An outage stops the run with what is stored kept.
 */
import { sql } from 'drizzle-orm';
import { FIAT_CURRENCIES, type FiatCurrency } from '../../shared/enums';
import { decimalToString } from '../../shared/money';
import { fxRates } from '../db/schema';
import { providerErrorIn } from './sync-errors';
import type { SyncDeps } from './sync-deps';
import { utcDay } from './portfolio-snapshot';

export const FX_DAYS_PER_RUN = 60;

const isFiat = (value: string): value is FiatCurrency => (FIAT_CURRENCIES as readonly string[]).includes(value);

/** Stores missing daily rates; returns how many were stored. */
export async function fillFxRates(deps: SyncDeps, daysPerRun = FX_DAYS_PER_RUN): Promise<number> {
  if (deps.prices === null) return 0;
  const { db } = deps;
  const today = utcDay(deps.now());
  const fiatRows = await db.execute(sql`
    select distinct fiat_currency as fiat from users
    where fiat_currency <> 'USD' and not is_demo
      and (exists (select 1 from wallets w where w.user_id = users.id) or exists (select 1 from centralised_exchanges c where c.user_id = users.id))`);
  const fiats = ((fiatRows as { rows?: { fiat: string }[] }).rows ?? []).map((row) => row.fiat).filter(isFiat);
  let stored = 0;
  for (const fiat of fiats) {
    const dayRows = await db.execute(sql`
      select day from (
        select ${today}::date as day
        union
        select distinct (t.created_at at time zone 'UTC')::date from transactions t
        join users u on u.id = t.user_id and u.fiat_currency = ${fiat} and not u.is_demo
      ) d
      where not exists (select 1 from fx_rates f where f.currency = ${fiat} and f.day = d.day)
      order by day desc
      limit ${daysPerRun}`);
    const days = ((dayRows as { rows?: { day: string | Date }[] }).rows ?? []).map((row) => (row.day instanceof Date ? utcDay(row.day) : String(row.day).slice(0, 10)));
    for (const day of days) {
      let rate;
      try {
        rate = await deps.prices.usdRate(fiat, day === today ? undefined : new Date(`${day}T12:00:00Z`));
      } catch (error) {
        if (providerErrorIn(error) === null) throw error;
        deps.logger.warn('FX rates unavailable; trying again later', { fiat, day });
        return stored;
      }
      if (!rate) continue;
      await db
        .insert(fxRates)
        .values({ day, currency: fiat, perUsd: decimalToString(rate), fetchedAt: deps.now() })
        .onConflictDoUpdate({ target: [fxRates.day, fxRates.currency], set: { perUsd: decimalToString(rate), fetchedAt: deps.now() } });
      stored += 1;
    }
  }
  return stored;
}
