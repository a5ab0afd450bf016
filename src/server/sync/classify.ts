/**
 * Kinds that span several rows of one transaction: a SWAP (the wallet sends one token and receives another in
 * the same transaction; every such row gets kind SWAP and the other side as swapped_amount / swapped_token) and
 * an AXIE_BREED (Axie Infinity's breed call on Ronin; every row of the transaction gets the kind, the native row
 * carries the AXS and SLP spent).
 */
import { toFunctionSelector } from 'viem';
import type { Network } from '../../shared/enums';
import type { StoredTokenRef, TransactionDirection, TransactionKind } from '../db/schema';

export interface Leg {
  txHash: string;
  logIndex: number;
  direction: TransactionDirection;
  amount: bigint;
  token: StoredTokenRef;
  isSpam: boolean;
  isError: boolean;
  isNft: boolean;
  method: string | null;
}

export interface LegKind {
  kind: TransactionKind;
  swappedAmount: bigint | null;
  swappedToken: StoredTokenRef | null;
  axieBreedAxsCost: bigint | null;
  axieBreedSlpCost: bigint | null;
}

const TRANSFER: LegKind = { kind: 'TRANSFER', swappedAmount: null, swappedToken: null, axieBreedAxsCost: null, axieBreedSlpCost: null };

/** Axie Infinity's breed methods as explorers name them, and their selectors. */
const BREED_NAME = /^breedAxies\b/i;
export const AXIE_BREED_SELECTORS: ReadonlySet<string> = new Set([
  toFunctionSelector('breedAxies(uint256,uint256)'),
  toFunctionSelector('breedAxies(uint256,uint256,uint256)'),
]);
/** AXS and SLP on Ronin (lower-case). */
export const RONIN_AXS = '0x97a9107c1793bc407d6f527b77e7fff4d812bece';
export const RONIN_SLP = '0xa8754b9fa15fc18bb59458815510e40a12cd2014';

function isBreed(network: Network, legs: readonly Leg[]): boolean {
  if (network !== 'RONIN') return false;
  return legs.some((leg) => leg.method !== null && (BREED_NAME.test(leg.method) || AXIE_BREED_SELECTORS.has(leg.method.toLowerCase())));
}

const movesValue = (leg: Leg) => !leg.isSpam && !leg.isError && !leg.isNft && leg.amount > 0n;

/** The kind of every leg, keyed `${txHash}:${logIndex}`; legs of several transactions may be mixed. */
export function classifyLegs(network: Network, legs: readonly Leg[]): Map<string, LegKind> {
  const byHash = new Map<string, Leg[]>();
  for (const leg of legs) {
    const list = byHash.get(leg.txHash);
    if (list) list.push(leg);
    else byHash.set(leg.txHash, [leg]);
  }
  const result = new Map<string, LegKind>();
  for (const [hash, group] of byHash) {
    const sorted = [...group].sort((a, b) => a.logIndex - b.logIndex);
    if (isBreed(network, sorted)) {
      const spent = (address: string) =>
        sorted
          .filter((leg) => leg.direction === 'OUTGOING' && !leg.isError && leg.token.address === address)
          .reduce((sum, leg) => sum + leg.amount, 0n);
      const axs = spent(RONIN_AXS);
      const slp = spent(RONIN_SLP);
      for (const leg of sorted) {
        const carriesCost = leg.token.address === null && leg.direction === 'OUTGOING';
        result.set(`${hash}:${String(leg.logIndex)}`, {
          ...TRANSFER,
          kind: 'AXIE_BREED',
          axieBreedAxsCost: carriesCost ? axs : null,
          axieBreedSlpCost: carriesCost ? slp : null,
        });
      }
      continue;
    }
    const moving = sorted.filter(movesValue);
    for (const leg of sorted) {
      let kind = TRANSFER;
      if (movesValue(leg)) {
        const other = moving.find((o) => o.direction !== leg.direction && o.token.id !== leg.token.id);
        if (other) kind = { ...TRANSFER, kind: 'SWAP', swappedAmount: other.amount, swappedToken: other.token };
      }
      result.set(`${hash}:${String(leg.logIndex)}`, kind);
    }
  }
  return result;
}

export function sameKind(a: LegKind, b: LegKind): boolean {
  return (
    a.kind === b.kind &&
    a.swappedAmount === b.swappedAmount &&
    (a.swappedToken?.id ?? null) === (b.swappedToken?.id ?? null) &&
    a.axieBreedAxsCost === b.axieBreedAxsCost &&
    a.axieBreedSlpCost === b.axieBreedSlpCost
  );
}
