/**
 * One sync run of one account: its dependencies, whose rows it writes, how many more the plan allows, and how
 * each page is committed (rows, cursor and lease renewal in one database transaction, so a run killed at any
 * point resumes from the last committed page).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import type { SyncDeps } from './sync-deps';
import { renewLease, type SyncSubject } from './sync-cursors';
import type { RowOwner } from './transaction-draft';

export class SyncAbortedError extends Error {
  override readonly name = 'SyncAbortedError';
  constructor() {
    super('The sync was interrupted.');
  }
}

export interface SyncRunOptions {
  /** Aborting stops the run between pages, as a killed worker would (tests). */
  signal?: AbortSignal;
  /** Called after each committed page. */
  onPageStored?: () => void;
}

export interface RunContext {
  deps: SyncDeps;
  subject: SyncSubject;
  owner: RowOwner;
  /** Rows the plan still allows (Infinity: unlimited). */
  remaining: number;
  limitReached: boolean;
  options: SyncRunOptions;
}

export function checkAborted(ctx: RunContext): void {
  if (ctx.options.signal?.aborted === true) throw new SyncAbortedError();
}

/** Runs `store` in a transaction that also renews the lease; then reports the page and honours an abort. */
export async function commitPage(ctx: RunContext, store: (tx: Database) => Promise<void>): Promise<void> {
  checkAborted(ctx);
  const { deps } = ctx;
  await deps.db.transaction(async (tx) => {
    // A page lost to a crash right after commit is fetched again (cursor and rows commit together, inserts are
    // idempotent), so the commit need not wait for the disk.
    await tx.execute(sql`set local synchronous_commit to off`);
    await store(tx);
    await renewLease(tx, ctx.subject, deps.workerId, deps.now(), deps.leaseMs);
  });
  ctx.options.onPageStored?.();
  checkAborted(ctx);
}

/** Takes `counted` off the remaining allowance; a page cut short means more transactions exist than allowed. */
export function consume(ctx: RunContext, counted: number, truncated: boolean): void {
  ctx.remaining -= counted;
  if (truncated) ctx.limitReached = true;
}
