/**
 * The blocks in which an account's nonce or balance changed, found by bisection over the account's state
 * (eth_getTransactionCount and eth_getBalance at past blocks) instead of reading every block: a few requests
 * per active block whatever the length of the chain. An ordinary account's balance only falls through its own
 * transactions, which raise its nonce, so equal nonce and balance at both ends of a stretch mean nothing
 * reached it in between. (A contract account can receive and pass on value unseen; for those this finds less.)
 *
 * Split points lie on a fixed grid (multiples of the largest power of two inside the stretch), so scans of the
 * same account from different starting blocks, or to a later head, share the states they read.
 */
import type { Address, PublicClient } from 'viem';
import { LruCache } from '../http/lru-cache';
import { isRefusedByNode } from './rpc-errors';

export interface AccountState {
  nonce: number;
  balance: bigint;
}

export interface AccountStates {
  /** The account's state after `block`; a node that no longer keeps that state refuses (see isRefusedByNode). */
  at(block: bigint): Promise<AccountState>;
}

export type ActivityEvent =
  /** Something happened to the account in this block. */
  | { type: 'active'; block: bigint }
  /** Nothing happened up to and including this block (since the previous event). */
  | { type: 'quiet'; through: bigint };

/** States read from a node; `cache` (shared across scans) keeps them for `cacheTtlMs` (default ten minutes). */
export function createAccountStates(
  client: PublicClient,
  address: Address,
  cache?: { store: LruCache<Promise<AccountState>>; prefix: string; ttlMs?: number },
): AccountStates {
  return {
    at(block) {
      const key = cache ? `${cache.prefix}:${address.toLowerCase()}:${block.toString()}` : '';
      const hit = cache?.store.get(key);
      if (hit) return hit;
      const read = Promise.all([
        client.getTransactionCount({ address, blockNumber: block }),
        client.getBalance({ address, blockNumber: block }),
      ]).then(([nonce, balance]) => ({ nonce, balance }));
      if (cache) {
        cache.store.set(key, read, cache.ttlMs ?? 600_000);
        read.catch(() => cache.store.delete(key));
      }
      return read;
    },
  };
}

const same = (a: AccountState, b: AccountState) => a.nonce === b.nonce && a.balance === b.balance;

/** The grid point strictly inside (lo, hi) with the most trailing zero bits; hi - lo must be at least 2. */
export function alignedSplit(lo: bigint, hi: bigint): bigint {
  let step = 1n << BigInt(hi.toString(2).length);
  while (step > 1n) {
    step >>= 1n;
    const point = ((hi - 1n) / step) * step;
    if (point > lo) return point;
  }
  return hi - 1n;
}

/** Events for the blocks in (lo, hi], in block order; `atLo` and `atHi` are the states after lo and hi. */
export async function* accountActivity(
  states: AccountStates,
  lo: bigint,
  atLo: AccountState,
  hi: bigint,
  atHi: AccountState,
): AsyncGenerator<ActivityEvent> {
  if (hi <= lo) return;
  if (same(atLo, atHi)) {
    yield { type: 'quiet', through: hi };
    return;
  }
  if (hi - lo === 1n) {
    yield { type: 'active', block: hi };
    return;
  }
  const mid = alignedSplit(lo, hi);
  const atMid = await states.at(mid);
  yield* accountActivity(states, lo, atLo, mid, atMid);
  yield* accountActivity(states, mid, atMid, hi, atHi);
}

/** Whether the node still keeps the account's state after `block`; failures to reach it are thrown. */
export async function keepsState(states: AccountStates, block: bigint): Promise<boolean> {
  try {
    await states.at(block);
    return true;
  } catch (error) {
    if (isRefusedByNode(error)) return false;
    throw error;
  }
}

/** The oldest block in (refused, kept] whose state the node keeps (pruned nodes drop old states). */
export async function oldestKeptState(states: AccountStates, refused: bigint, kept: bigint): Promise<bigint> {
  let low = refused;
  let high = kept;
  while (high - low > 1n) {
    const mid = (low + high) / 2n;
    if (await keepsState(states, mid)) high = mid;
    else low = mid;
  }
  return high;
}
