/**
 * Sync cursors and the per-account lease. Each wallet or exchange account has one `account` row (status, last
 * error, retry schedule and the lease) and one row per source kind holding where the next incremental pass
 * starts. The lease makes sure one worker at a time syncs an account, whichever process the job landed in; a
 * worker that dies loses it when `locked_until` passes.
 */
import { and, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/database';
import { syncCursors, type SyncCursorRow, type SyncStatus } from '../db/schema';

export type SyncSubject = { walletId: string } | { cexId: string };

export const ACCOUNT_KIND = 'account';

export class LeaseLostError extends Error {
  override readonly name = 'LeaseLostError';
  constructor() {
    super('Another worker took over this sync.');
  }
}

function subjectWhere(subject: SyncSubject, kind: string): SQL {
  const owner = 'walletId' in subject ? eq(syncCursors.walletId, subject.walletId) : eq(syncCursors.cexId, subject.cexId);
  return and(owner, eq(syncCursors.kind, kind)) as SQL;
}

const subjectValues = (subject: SyncSubject) =>
  'walletId' in subject ? { walletId: subject.walletId, cexId: null } : { walletId: null, cexId: subject.cexId };

const conflictTarget = (subject: SyncSubject) =>
  'walletId' in subject ? [syncCursors.walletId, syncCursors.kind] : [syncCursors.cexId, syncCursors.kind];

export async function readCursor(db: Database, subject: SyncSubject, kind: string): Promise<SyncCursorRow | undefined> {
  const [row] = await db.select().from(syncCursors).where(subjectWhere(subject, kind)).limit(1);
  return row;
}

export interface CursorPosition {
  lastBlock?: bigint | null;
  lastTxid?: string | null;
  since?: Date | null;
}

/** Moves a source cursor (call inside the transaction that stores the rows it covers). */
export async function writeCursor(db: Database, subject: SyncSubject, kind: string, position: CursorPosition, now: Date): Promise<void> {
  await db
    .insert(syncCursors)
    .values({ ...subjectValues(subject), kind, ...position, status: 'DONE', updatedAt: now })
    .onConflictDoUpdate({ target: conflictTarget(subject), set: { ...position, updatedAt: now } });
}

/**
 * Takes the account's lease for `leaseMs`; false while any run holds it, this process's own included (two jobs
 * of one account running side by side in one worker must not both sync it).
 */
export async function acquireLease(db: Database, subject: SyncSubject, workerId: string, now: Date, leaseMs: number): Promise<boolean> {
  const until = new Date(now.getTime() + leaseMs);
  const rows = await db
    .insert(syncCursors)
    .values({ ...subjectValues(subject), kind: ACCOUNT_KIND, status: 'RUNNING', lockedBy: workerId, lockedUntil: until, updatedAt: now })
    .onConflictDoUpdate({
      target: conflictTarget(subject),
      set: { status: 'RUNNING', lockedBy: workerId, lockedUntil: until, updatedAt: now },
      setWhere: or(isNull(syncCursors.lockedUntil), lt(syncCursors.lockedUntil, now)),
    })
    .returning({ id: syncCursors.id });
  return rows.length > 0;
}

/** Extends the lease; throws LeaseLostError when another worker has taken it meanwhile. */
export async function renewLease(db: Database, subject: SyncSubject, workerId: string, now: Date, leaseMs: number): Promise<void> {
  const rows = await db
    .update(syncCursors)
    .set({ lockedUntil: new Date(now.getTime() + leaseMs) })
    .where(and(subjectWhere(subject, ACCOUNT_KIND), eq(syncCursors.lockedBy, workerId)))
    .returning({ id: syncCursors.id });
  if (rows.length === 0) throw new LeaseLostError();
}

export interface AccountOutcome {
  status: SyncStatus;
  lastError: string | null;
  /** Reset to 0 on success, incremented on failure. */
  failed: boolean;
  nextRunAt: Date;
}

/** Records how the run ended and gives the lease back. */
export async function finishRun(db: Database, subject: SyncSubject, workerId: string, now: Date, outcome: AccountOutcome): Promise<void> {
  await db
    .update(syncCursors)
    .set({
      status: outcome.status,
      lastError: outcome.lastError,
      attempts: outcome.failed ? sql`${syncCursors.attempts} + 1` : 0,
      nextRunAt: outcome.nextRunAt,
      lockedBy: null,
      lockedUntil: null,
      updatedAt: now,
    })
    .where(and(subjectWhere(subject, ACCOUNT_KIND), eq(syncCursors.lockedBy, workerId)));
}

/** Gives the lease back without recording an outcome (an interrupted run). */
export async function releaseLease(db: Database, subject: SyncSubject, workerId: string): Promise<void> {
  await db
    .update(syncCursors)
    .set({ lockedBy: null, lockedUntil: null, status: 'IDLE' })
    .where(and(subjectWhere(subject, ACCOUNT_KIND), eq(syncCursors.lockedBy, workerId)));
}

/** Asks for a sync soon: the due-work scan picks the account up even when no job could be sent. */
export async function markDue(db: Database, subject: SyncSubject, now: Date): Promise<void> {
  await db
    .insert(syncCursors)
    .values({ ...subjectValues(subject), kind: ACCOUNT_KIND, status: 'IDLE', nextRunAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: conflictTarget(subject), set: { nextRunAt: now, updatedAt: now } });
}
