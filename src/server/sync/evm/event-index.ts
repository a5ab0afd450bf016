/**
 * The `log_index` of a stored chain transaction, which with wallet, network and hash makes each row unique:
 * - -1 (NATIVE_LOG_INDEX): the native value and fee of the transaction itself (EVM normal transaction, Bitcoin);
 * - >= 0: a token transfer's event log index; entry p > 0 of an ERC-1155 batch (entries ordered by token id)
 *   uses logIndex + BATCH_STRIDE * p;
 * - <= -2: an internal (trace) value transfer: -2 - traceIndex, where traceIndex is a 30-bit FNV-1a hash of
 *   the explorer's trace id (e.g. `0_1_2`), stable whichever page or run delivers it;
 * - >= UNINDEXED_BASE: a token transfer whose source gives no log index: UNINDEXED_BASE plus the hash of its
 *   token, sender, recipient, amount and token id (modulo 10^9).
 */
import { NATIVE_LOG_INDEX } from '../../db/schema';

export { NATIVE_LOG_INDEX };
export const BATCH_STRIDE = 1_000_000;

export function fnv1a30(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash & 0x3fffffff;
}

export function internalLogIndex(traceId: string): number {
  return -2 - fnv1a30(traceId);
}

export const UNINDEXED_BASE = 1_000_000_000;

export function unindexedLogIndex(identity: string): number {
  return UNINDEXED_BASE + (fnv1a30(identity) % 1_000_000_000);
}

export function batchLogIndex(logIndex: number, position: number): number {
  return logIndex + BATCH_STRIDE * position;
}
