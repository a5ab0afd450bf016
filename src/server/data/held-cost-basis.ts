/**
 * Unrealised gain of a holding from its FIFO cost basis over the stored transactions.
 *
 * Under FIFO, outflows always consume the oldest lots, so the lots still held are the newest inflows: walking
 * the inflows from the newest back until they cover the amount held finds them, and the oldest of those is
 * partly consumed. Reading only those rows (newest first, through the (user, token, time) index) gives the
 * same cost basis as running FIFO over the whole history, at a cost that follows the number of lots held,
 * not the number of transactions. The lots then go through the shared `fifoCostBasis` and `unrealizedGain`.
 *
 * Holdings the stored inflows do not explain (history beyond the plan's limit, coins held before tracking
 * began) have no known cost: the gain is then null, never guessed. Lot prices are USD at the transaction's
 * time, converted at that day's FX rate (the current one when the day has none).
 */
import { and, desc, eq, type SQL } from 'drizzle-orm';
import { fifoCostBasis, unrealizedGain, type CostBasisEvent } from '../../shared/cost-basis';
import { Big, decimalToString, roundHalfUp, toDecimal } from '../../shared/money';
import type { Database } from '../db/database';
import { transactions } from '../db/schema';
import { utcDay, valueDecimals, type FiatContext, type FiatRates } from './fiat-rates';
import type { Holding } from './holdings';

/** The first read is small (most holdings are covered by their latest few inflows), later ones larger. */
const FIRST_BATCH = 20;
const BATCH = 500;
/** Lots read at most per token; a holding needing more is treated as having no known cost. */
const MAX_LOTS = 10_000;

interface Lot {
  amount: bigint;
  priceUsd: string | null;
  at: Date;
}

/** The newest inflows covering `held` base units, newest first, and whether they cover it. */
async function newestInflows(
  db: Database,
  userId: string,
  tokenId: string,
  scope: SQL | undefined,
  held: bigint,
): Promise<{ lots: Lot[]; covered: bigint }> {
  const lots: Lot[] = [];
  let covered = 0n;
  for (let offset = 0; covered < held && offset < MAX_LOTS; ) {
    const size = offset === 0 ? FIRST_BATCH : BATCH;
    const rows = await db
      .select({ amount: transactions.amount, priceUsd: transactions.priceUsd, at: transactions.createdAt })
      .from(transactions)
      .where(
        and(
          eq(transactions.userId, userId),
          eq(transactions.tokenId, tokenId),
          eq(transactions.direction, 'INCOMING'),
          eq(transactions.isSpam, false),
          eq(transactions.isError, false),
          scope,
        ),
      )
      .orderBy(desc(transactions.createdAt), desc(transactions.id))
      .limit(size)
      .offset(offset);
    offset += size;
    for (const row of rows) {
      const amount = BigInt(row.amount);
      if (amount <= 0n) continue;
      lots.push({ amount, priceUsd: row.priceUsd, at: row.at });
      covered += amount;
      if (covered >= held) break;
    }
    if (rows.length < size) break;
  }
  return { lots, covered };
}

export interface GainInput {
  db: Database;
  userId: string;
  /** Condition leaving out inactive wallets' rows (undefined: none inactive). */
  scope: SQL | undefined;
  fiat: FiatContext;
  fiatRates: FiatRates;
}

/** Unrealised gain of `holding` in the answer's fiat, or null when a price it needs is unknown. */
export async function unrealizedGainOf(input: GainInput, holding: Holding): Promise<string | null> {
  if (holding.priceUsd === null || holding.amount <= 0n) return null;
  const { lots, covered } = await newestInflows(input.db, input.userId, holding.tokenId, input.scope, holding.amount);
  if (covered < holding.amount) return null;
  const oldestFirst = [...lots].reverse();
  const rates = await input.fiatRates.onDays(
    input.fiat.fiat,
    oldestFirst.map((lot) => utcDay(lot.at)),
  );
  const priceFiat = (lot: Lot): string | null => {
    if (lot.priceUsd === null) return null;
    const rate = rates.get(utcDay(lot.at)) ?? input.fiat.rate;
    return toDecimal(lot.priceUsd).times(rate).toFixed();
  };
  const events: CostBasisEvent[] = [];
  oldestFirst.forEach((lot, index) => {
    events.push({ kind: 'in', amount: lot.amount, priceFiat: priceFiat(lot), at: lot.at });
    // The part of the oldest lot already sold: consumed before every newer lot.
    if (index === 0 && covered > holding.amount) {
      events.push({ kind: 'out', amount: covered - holding.amount, priceFiat: null, at: lot.at });
    }
  });
  const position = fifoCostBasis(events, holding.tokenDecimals);
  const currentPrice = new Big(holding.priceUsd).times(input.fiat.rate);
  const gain = unrealizedGain(position, currentPrice);
  return gain === null ? null : decimalToString(roundHalfUp(gain, valueDecimals(input.fiat.fiat)));
}
