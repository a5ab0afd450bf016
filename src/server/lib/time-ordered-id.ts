import { randomFillSync } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';

/** Random bytes for 256 ids, drawn in one call: one system call per id costs more than the id itself. */
const pool = new Uint8Array(16 * 256);
let used = pool.length;

function nextRandom(): Uint8Array {
  if (used === pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  used += 16;
  return pool.subarray(used - 16, used);
}

/**
 * A UUID v7: the time in its leading bits, so that rows inserted together land together at the end of a key
 * index instead of on random pages of it.
 */
export const timeOrderedId = (): string => uuidv7({ rng: nextRandom });
