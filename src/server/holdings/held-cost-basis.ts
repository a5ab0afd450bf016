/**
 * Unrealised gain of holdings from their FIFO cost basis over the stored transactions.
 *
 * Under FIFO, outflows always consume the oldest lots, so the lots still held are the newest inflows: walking
 * the inflows from the newest back until they cover the amount held finds them, and the oldest of those is
 * partly consumed (only `held − newer lots` of it is still held). Reading only those rows (newest first, from
 * the inflow index alone, transactions_user_token_inflow_idx) gives the same cost basis as running FIFO over the
 * whole history (`fifoCostBasis` in src/shared/cost-basis.ts), at a cost that follows the number of lots held,
 * not the number of transactions.
 *
 * The database does the walk and the sums for every holding of a page in one statement: per token, the newest
 * inflows up to a row budget, their running total, and over the lots needed the exact cost (amount × USD price
 * × the FX rate of the lot's day, numeric arithmetic without rounding). A token whose lots the budget did not
 * reach is asked again with a budget sized from what the first rows brought in (most holdings are covered by
 * their latest few inflows, most others in one more statement).
 *
 * Holdings the stored inflows do not explain (history beyond the plan's limit, coins held before tracking
 * began, more than MAX_LOTS inflows) have no known cost, and a held lot without a price leaves the cost
 * unknown: the gain is then null, never guessed. Lot prices are USD at the transaction's time, converted at
 * that day's stored FX rate (the latest within a week before it, as FiatRates.onDays), or the current one when
 * the day has none.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { Big, decimalToString, fromBaseUnits, roundHalfUp, toDecimal } from '../../shared/money';
import type { Database } from '../db/database';
import { transactions } from '../db/schema';
import { valueDecimals, type FiatContext } from '../lib/fiat-rates';
import type { Holding } from './holdings';
import { executeRows, toTextArray } from '../lib/sql-rows';

/** Inflow rows read per token by the first statement; later ones read what the coverage so far suggests. */
const FIRST_BUDGET = 32;
/** Inflow rows read at most per token: a holding needing more lots has no known cost. */
const MAX_LOTS = 10_020;

/**
 * The next row budget of a token whose first `read` inflows brought in `covered` of the `held` base units:
 * enough rows at that pace with a quarter to spare, at least twice as many as before, at most MAX_LOTS.
 */
export function nextBudget(read: number, covered: bigint, held: bigint): number {
  const paced = covered > 0n ? Number((held * BigInt(read) * 5n) / (covered * 4n)) + FIRST_BUDGET : MAX_LOTS;
  return Math.min(MAX_LOTS, Math.max(read * 2, paced));
}

/** How far back a stored FX rate stands for a lot's day (as FiatRates.onDays). */
const STALE_RATE_DAYS = 7;

export interface GainInput {
  db: Database;
  userId: string;
  /** Condition leaving out inactive wallets' rows (undefined: none inactive). */
  scope: SQL | undefined;
  fiat: FiatContext;
}

interface LotSums {
  i: number | string;
  /** Inflow rows read (at most the budget) when uncovered (every row read is then a needed lot). */
  rows_read: number | string | bigint | null;
  /** Base units the needed lots bring in (at least the holding when covered). */
  covered: string | null;
  /** Σ held part × USD price × FX rate over the needed lots, in base units × fiat. */
  cost: string | null;
  unpriced: boolean | null;
}

/** The FX rate of a lot's day in the answer's fiat: 1 for USD, else the stored rate or the current one. */
function lotRate(fiat: FiatContext): SQL {
  if (fiat.fiat === 'USD') return sql`1::numeric`;
  return sql`coalesce((
      select case when f.per_usd > 0 then f.per_usd end from fx_rates f
       where f.currency = ${fiat.fiat}
         and f.day <= (lots.created_at at time zone 'UTC')::date
         and f.day >= (lots.created_at at time zone 'UTC')::date - ${STALE_RATE_DAYS}::int
       order by f.day desc limit 1), ${fiat.rate.toFixed()}::numeric)`;
}

/**
 * Per holding (by position in `held`), the sums over the newest inflows that cover it within `budget` rows. The
 * budget is a plain limit (not one per row of the outer query), so the planner sizes the statement by it.
 */
async function lotSums(input: GainInput, held: readonly Holding[], positions: readonly number[], budget: number): Promise<LotSums[]> {
  const newest = input.db
    .select({ amount: transactions.amount, priceUsd: transactions.priceUsd, createdAt: transactions.createdAt, id: transactions.id })
    .from(transactions)
    .where(
      and(
        eq(transactions.userId, input.userId),
        sql`${transactions.tokenId} = h.token_id`,
        // Written out (not as parameters) so that they match the inflow index's predicate in every plan.
        sql`${transactions.direction} = 'INCOMING' and not ${transactions.isSpam} and not ${transactions.isError}`,
        input.scope,
      ),
    )
    .orderBy(sql`${transactions.createdAt} desc`, sql`${transactions.id} desc`)
    .limit(budget);
  const holdings = positions.map((p) => held[p] as Holding);
  return executeRows<LotSums & Record<string, unknown>>(
    input.db,
    sql`select h.i,
               max(lots.rows_read) as rows_read,
               max(lots.upto)::text as covered,
               sum(least(lots.amount, h.held - (lots.upto - lots.amount)) * lots.price_usd * ${lotRate(input.fiat)})
                 filter (where lots.amount > 0)::text as cost,
               bool_or(lots.price_usd is null and lots.amount > 0) as unpriced
          from unnest(${`{${positions.join(',')}}`}::int[], ${toTextArray(holdings.map((h) => h.tokenId))}::text[],
                      ${`{${holdings.map((h) => h.amount.toString()).join(',')}}`}::numeric[]) as h(i, token_id, held)
          left join lateral (
            select walked.* from (
              select greatest(r.amount, 0) as amount, r.price_usd, r.created_at,
                     sum(greatest(r.amount, 0)) over newest_first as upto,
                     row_number() over newest_first as rows_read
                from ${newest} as r(amount, price_usd, created_at, id)
              window newest_first as (order by r.created_at desc, r.id desc rows unbounded preceding)
            ) as walked
             where walked.upto - walked.amount < h.held
          ) as lots on true
         group by h.i`,
  );
}

/**
 * Unrealised gain of each holding in the answer's fiat (in the given order), or null where a price it needs is
 * unknown or the stored inflows do not cover it.
 */
export async function unrealizedGains(input: GainInput, holdings: readonly Holding[]): Promise<(string | null)[]> {
  const gains: (string | null)[] = holdings.map(() => null);
  let pending = holdings.flatMap((holding, i) => (holding.priceUsd !== null && holding.amount > 0n ? [i] : []));
  let budget = FIRST_BUDGET;
  while (pending.length > 0) {
    const sums = await lotSums(input, holdings, pending, budget);
    const next: number[] = [];
    let nextRows = 0;
    for (const row of sums) {
      const i = Number(row.i);
      const holding = holdings[i];
      if (holding === undefined || holding.priceUsd === null) continue;
      const covered = BigInt(row.covered ?? '0');
      if (covered < holding.amount) {
        // Uncovered: all inflows were read (no known cost), or the budget ran out first (read more).
        if (Number(row.rows_read ?? 0) >= budget && budget < MAX_LOTS) {
          next.push(i);
          nextRows = Math.max(nextRows, nextBudget(budget, covered, holding.amount));
        }
        continue;
      }
      if (row.unpriced === true || row.cost === null) continue;
      const cost = toDecimal(row.cost).times(new Big(`1e-${String(holding.tokenDecimals)}`));
      const value = new Big(fromBaseUnits(holding.amount, holding.tokenDecimals)).times(toDecimal(holding.priceUsd)).times(input.fiat.rate);
      gains[i] = decimalToString(roundHalfUp(value.minus(cost), valueDecimals(input.fiat.fiat)));
    }
    pending = next;
    budget = nextRows;
  }
  return gains;
}
