import { sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import { portfolioEndpoints, type PortfolioHistory } from '../../shared/contract/portfolio';
import type { PlanCode } from '../../shared/enums';
import { Big, decimalToString, fromBaseUnits, toDecimal } from '../../shared/money';
import { authOf } from '../http/guards';
import type { Database } from '../db/database';
import { WHOLE_PORTFOLIO_KEY } from '../db/schema';
import type { AppEnv } from '../http/app-env';
import { route } from '../http/route';
import { currentPlan } from '../plans/current-plan';
import type { Services } from '../services';
import { userSyncState } from '../sync/user-sync-state';
import { fiatContext, utcDay } from '../lib/fiat-rates';
import { executeRows } from '../lib/sql-rows';
import { userHoldings } from '../holdings/holdings';

/** Plans that include the portfolio history (docs/chain-data.md: PLUS; ENTERPRISE has every PLUS feature). */
export const PREMIUM_PLANS: ReadonlySet<PlanCode> = new Set(['PLUS', 'ENTERPRISE']);
const dayBefore = (day: string, days: number): string =>
  utcDay(new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000));

/**
 * The portfolio's value at the end of each day from `first` to `last`: the sum of the day's account snapshots
 * of exchange accounts and active wallets (a deleted account's rows went with it), or, for a day measured
 * before snapshots were kept per account, the user's total of that day.
 */
async function dailyTotals(db: Database, userId: string, first: string, last: string) {
  return executeRows<{ day: string; value_usd: string }>(
    db,
    sql`select ps.measured_on::text as day,
               case when bool_or(ps.account_key <> ${WHOLE_PORTFOLIO_KEY})
                 then coalesce(sum(ps.value_usd) filter (
                        where ps.account_key <> ${WHOLE_PORTFOLIO_KEY} and (ps.wallet_id is null or w.is_active)), 0)
                 else sum(ps.value_usd) filter (where ps.account_key = ${WHOLE_PORTFOLIO_KEY})
               end::text as value_usd
          from portfolio_snapshots ps
          left join wallets w on w.id = ps.wallet_id
         where ps.user_id = ${userId} and ps.measured_on between ${first}::date and ${last}::date
         group by ps.measured_on
         order by ps.measured_on`,
  );
}

/**
 * GET portfolio-value-history {num_days}: the daily values of the last num_days days (the daily snapshots of
 * the active wallets and the exchange accounts, today's from the current holdings), each converted at its day's FX
 * rate. Only premium plans get the data points; others get premium_user false and an empty history.
 */
export function registerPortfolioRoutes(app: Hono<AppEnv>, s: Services): void {
  route(app, s, portfolioEndpoints.portfolioValueHistory, async (c, { query: { num_days: numDays } }) => {
    const { user } = authOf(c);
    const data = s.market;
    const today = utcDay(s.now());
    const [plan, fiat, sync] = await Promise.all([
      currentPlan(s.db, user.id, s.now()),
      data.fiat.context(user.fiatCurrency),
      userSyncState(s.db, user.id),
    ]);
    const premium = PREMIUM_PLANS.has(plan.code);
    const body: PortfolioHistory = {
      data_points: [],
      change_fiat: '0',
      fiat_currency: fiat.fiat,
      premium_user: premium,
      user_bal_sync: sync.user_bal_sync,
    };
    if (!premium) return body;

    const [snapshots, holdings] = await Promise.all([
      dailyTotals(s.db, user.id, dayBefore(today, numDays - 1), today),
      userHoldings(s.db, user.id),
    ]);
    const points = snapshots.map((row) => ({ day: row.day, usd: toDecimal(row.value_usd) }));
    if (points[points.length - 1]?.day !== today && (holdings.length > 0 || points.length > 0)) {
      let usd = new Big(0);
      for (const holding of holdings) {
        if (holding.priceUsd !== null) {
          usd = usd.plus(new Big(fromBaseUnits(holding.amount, holding.tokenDecimals)).times(holding.priceUsd));
        }
      }
      points.push({ day: today, usd });
    }
    const rates = await data.fiat.onDays(
      fiat.fiat,
      points.map((point) => point.day),
    );
    body.data_points = points.map((point) => {
      const rate = point.day === today ? undefined : rates.get(point.day);
      const context = rate === undefined ? fiat : fiatContext(fiat.fiat, rate);
      return { measured_on: point.day, value_fiat: context.value(point.usd) };
    });
    const first = body.data_points[0];
    const last = body.data_points[body.data_points.length - 1];
    if (first !== undefined && last !== undefined) {
      body.change_fiat = decimalToString(new Big(last.value_fiat).minus(first.value_fiat));
    }
    return body;
  });
}
