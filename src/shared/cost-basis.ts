/**
 * FIFO cost basis of one token position.
 *
 * Inflows open lots at their fiat price; outflows consume the oldest lots first. The realised gain of an outflow
 * is its proceeds (amount × its fiat price) less the cost of the lot parts it consumed.
 *
 * Documented behaviour:
 * - Events are processed in time order; events at the same instant keep the order they were given in
 *   (the result may depend on that order, as it does for any FIFO).
 * - An outflow larger than the holdings empties them and the excess is reported as `unmatchedOutflow`
 *   (typically coins received before tracking began): the position never goes negative, and the excess has no
 *   cost basis and no realised gain.
 * - A missing fiat price is never guessed: a lot without a price contributes no cost, an outflow without a price
 *   contributes no realised gain, and the result says so (`missingPriceEvents`, `costBasisComplete`,
 *   `realizedGainComplete`).
 * All fiat arithmetic is exact (big.js); amounts are bigint base units.
 */
import { Big, decimalToString, fromBaseUnits, toDecimal, type DecimalInput } from './money';

export interface CostBasisEvent {
  kind: 'in' | 'out';
  /** Base units, at least 0. */
  amount: bigint;
  /** Fiat price of one whole token at the event's time, as a decimal string; null when unknown. */
  priceFiat: string | null;
  at: Date;
}

export interface FifoLot {
  /** Base units of the lot not yet consumed. */
  amount: bigint;
  /** Base units the lot was opened with. */
  originalAmount: bigint;
  priceFiat: string | null;
  acquiredAt: Date;
  /** Cost of the unconsumed part (amount × price), or null without a price. */
  costFiat: string | null;
}

export interface FifoPosition {
  decimals: number;
  /** Base units held: inflows less outflows, never below zero. */
  remaining: bigint;
  /** Cost of the unconsumed lots that have a price. */
  costBasisFiat: string;
  /** Realised gain of the outflows, where both sides had a price. */
  realizedGainFiat: string;
  /** Unconsumed lots, oldest first. */
  lots: FifoLot[];
  /** Outflow that found no holdings (base units). */
  unmatchedOutflow: bigint;
  /** Number of events whose price was missing. */
  missingPriceEvents: number;
  /** Every unconsumed lot has a price. */
  costBasisComplete: boolean;
  /** Every consumed lot part and every outflow had a price. */
  realizedGainComplete: boolean;
}

export class CostBasisError extends Error {
  override readonly name = 'CostBasisError';
}

interface OpenLot {
  amount: bigint;
  originalAmount: bigint;
  price: Big | null;
  priceFiat: string | null;
  acquiredAt: Date;
}

function parsePrice(price: string | null): Big | null {
  if (price === null) return null;
  const value = toDecimal(price);
  if (value.lt(0)) throw new CostBasisError(`A fiat price cannot be negative: "${price}".`);
  return value;
}

function valueOf(units: bigint, decimals: number, price: Big): Big {
  return new Big(fromBaseUnits(units, decimals)).times(price);
}

/** FIFO cost basis of a position from its inflows and outflows (see the module comment for the rules). */
export function fifoCostBasis(events: readonly CostBasisEvent[], decimals: number): FifoPosition {
  const ordered = events
    .map((event, index) => ({ event, index }))
    .sort((a, b) => a.event.at.getTime() - b.event.at.getTime() || a.index - b.index)
    .map(({ event }) => event);

  const lots: OpenLot[] = [];
  let realized = new Big(0);
  let realizedComplete = true;
  let unmatchedOutflow = 0n;
  let missingPriceEvents = 0;

  for (const event of ordered) {
    if (event.amount < 0n) throw new CostBasisError('Event amounts must not be negative.');
    if (Number.isNaN(event.at.getTime())) throw new CostBasisError('Event time is not a valid date.');
    const price = parsePrice(event.priceFiat);
    if (price === null) missingPriceEvents += 1;
    if (event.amount === 0n) continue;

    if (event.kind === 'in') {
      lots.push({
        amount: event.amount,
        originalAmount: event.amount,
        price,
        priceFiat: event.priceFiat,
        acquiredAt: event.at,
      });
      continue;
    }

    let toConsume = event.amount;
    while (toConsume > 0n && lots.length > 0) {
      const lot = lots[0];
      if (!lot) break;
      const taken = lot.amount < toConsume ? lot.amount : toConsume;
      if (price !== null && lot.price !== null) {
        realized = realized.plus(valueOf(taken, decimals, price).minus(valueOf(taken, decimals, lot.price)));
      } else {
        realizedComplete = false;
      }
      lot.amount -= taken;
      toConsume -= taken;
      if (lot.amount === 0n) lots.shift();
    }
    if (toConsume > 0n) unmatchedOutflow += toConsume;
  }

  let costBasis = new Big(0);
  let costComplete = true;
  let remaining = 0n;
  const outLots: FifoLot[] = lots.map((lot) => {
    remaining += lot.amount;
    let costFiat: string | null = null;
    if (lot.price === null) {
      costComplete = false;
    } else {
      const cost = valueOf(lot.amount, decimals, lot.price);
      costBasis = costBasis.plus(cost);
      costFiat = decimalToString(cost);
    }
    return {
      amount: lot.amount,
      originalAmount: lot.originalAmount,
      priceFiat: lot.priceFiat,
      acquiredAt: lot.acquiredAt,
      costFiat,
    };
  });

  return {
    decimals,
    remaining,
    costBasisFiat: decimalToString(costBasis),
    realizedGainFiat: decimalToString(realized),
    lots: outLots,
    unmatchedOutflow,
    missingPriceEvents,
    costBasisComplete: costComplete,
    realizedGainComplete: realizedComplete,
  };
}

/**
 * Unrealised gain of a position at the current fiat price: value of the remaining holdings less their cost
 * basis. Null when the current price is unknown or some remaining lot has no price (never guessed).
 */
export function unrealizedGain(
  position: Pick<FifoPosition, 'decimals' | 'remaining' | 'costBasisFiat' | 'costBasisComplete'>,
  currentPriceFiat: DecimalInput | null,
): string | null {
  if (currentPriceFiat === null || !position.costBasisComplete) return null;
  const price = toDecimal(currentPriceFiat);
  const value = valueOf(position.remaining, position.decimals, price);
  return decimalToString(value.minus(toDecimal(position.costBasisFiat)));
}
