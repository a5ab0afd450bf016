import { and, eq, inArray } from 'drizzle-orm';
import type { DocumentOut } from '../../shared/contract/documents';
import type { PatchReportInput, ReportInput } from '../../shared/schemas/document';
import type { Database } from '../db/database';
import { centralisedExchanges, documentExchanges, documents, documentWallets, wallets, type DocumentRow } from '../db/schema';
import { fieldError, fieldErrors, nonFieldError, notFound } from '../http/api-error';
import { documentViews } from '../invoices/invoice-view';
import type { Created } from '../labels/label-store';
import { reportDateBounds, reportDateErrors } from './report-dates';

export const QUICKBOOKS_NOT_CONNECTED = 'You are not authenticated to Quickbooks!';
export const NO_ACCOUNTS = 'Choose at least one wallet or exchange account.';
export const KIND_LOCKED = 'The report type cannot be changed.';
export const WALLETS_LOCKED = 'The wallets of a report cannot be changed.';
export const INVOICE_NOT_HERE = 'Invoices are edited through invoices/{id}.';

const unique = (ids: readonly string[]): string[] => [...new Set(ids.map((id) => id.toLowerCase()))];

/**
 * The ids when each is one of the user's wallets (or exchange accounts), locked against a concurrent delete
 * until the transaction ends; else the message naming the first that is not.
 */
async function ownIds(
  db: Database,
  userId: string,
  ids: readonly string[],
  field: 'wallets' | 'cex',
): Promise<{ ids: string[]; error?: string }> {
  const wanted = unique(ids);
  if (wanted.length === 0) return { ids: [] };
  const table = field === 'wallets' ? wallets : centralisedExchanges;
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.userId, userId), inArray(table.id, wanted)))
    .for('share');
  const found = new Set(rows.map((row) => row.id));
  const missing = wanted.find((id) => !found.has(id));
  const what = field === 'wallets' ? 'Wallet' : 'Exchange account';
  return missing === undefined ? { ids: wanted } : { ids: [], error: `${what} "${missing}" does not exist.` };
}

/**
 * Whether the integration a QUICKBOOKS_REPORT needs is connected for the user. This product offers no
 * accounting connection yet (docs/documents.md: a report of that kind is refused when not connected), so never.
 */
const accountingConnected = (): boolean => false;

async function viewOf(db: Database, row: DocumentRow, now: Date): Promise<DocumentOut> {
  const [view] = await documentViews(db, [row], now);
  if (view === undefined) throw new Error('A document view went missing.');
  return view;
}

async function documentByKey(db: Database, userId: string, key: string): Promise<DocumentRow | undefined> {
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.userId, userId), eq(documents.idempotencyKey, key)));
  return row;
}

/**
 * Creates a report (docs/reports.md) in one database transaction: no `wallets` means every wallet, an empty
 * list with exchange accounts means those accounts only; the range lies between the first activity and today.
 * With an idempotency key, a request repeating an earlier key answers with the document that request made.
 */
export async function createReport(
  db: Database,
  userId: string,
  input: ReportInput,
  now: Date,
  idempotencyKey?: string,
): Promise<Created<DocumentOut>> {
  return db.transaction(async (tx) => {
    if (idempotencyKey !== undefined) {
      const earlier = await documentByKey(tx, userId, idempotencyKey);
      if (earlier !== undefined) return { value: await viewOf(tx, earlier, now), replayed: true };
    }
    if (input.kind === 'QUICKBOOKS_REPORT' && !accountingConnected()) throw nonFieldError(QUICKBOOKS_NOT_CONNECTED);
    const allWallets = input.wallets === undefined || input.wallets === null;
    if (!allWallets && input.wallets?.length === 0 && input.cex.length === 0) throw fieldError('wallets', NO_ACCOUNTS);
    const walletIds = await ownIds(tx, userId, input.wallets ?? [], 'wallets');
    const exchangeIds = await ownIds(tx, userId, input.cex, 'cex');
    const errors: Record<string, string[]> = { ...reportDateErrors(await reportDateBounds(tx, userId, now), input) };
    if (walletIds.error !== undefined) errors.wallets = [walletIds.error];
    if (exchangeIds.error !== undefined) errors.cex = [exchangeIds.error];
    if (Object.keys(errors).length > 0) throw fieldErrors(errors);
    const [row] = await tx
      .insert(documents)
      .values({
        userId,
        kind: input.kind,
        name: input.name,
        startDate: input.start_date,
        endDate: input.end_date,
        allWallets,
        idempotencyKey: idempotencyKey ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: [documents.userId, documents.idempotencyKey] })
      .returning();
    if (row === undefined) {
      // A concurrent request with the same key made it first (and has committed).
      const earlier = idempotencyKey === undefined ? undefined : await documentByKey(tx, userId, idempotencyKey);
      if (earlier === undefined) throw new Error('A document insert conflicted without an idempotency key.');
      return { value: await viewOf(tx, earlier, now), replayed: true };
    }
    if (walletIds.ids.length > 0) {
      await tx.insert(documentWallets).values(walletIds.ids.map((walletId) => ({ documentId: row.id, walletId })));
    }
    if (exchangeIds.ids.length > 0) {
      await tx.insert(documentExchanges).values(exchangeIds.ids.map((exchangeId) => ({ documentId: row.id, exchangeId })));
    }
    return { value: await viewOf(tx, row, now), replayed: false };
  });
}

const sameIds = (a: readonly string[], b: readonly string[]): boolean => {
  const left = unique(a).sort();
  const right = unique(b).sort();
  return left.length === right.length && left.every((id, i) => id === right[i]);
};

/**
 * Changes one of the user's reports (404 for anyone else's or a missing one): its name and range. Kind, wallets
 * and exchange accounts are locked once made (docs/documents.md) and may be sent only unchanged; invoices are changed
 * through their own route.
 */
export async function updateReport(
  db: Database,
  userId: string,
  documentId: string,
  patch: PatchReportInput,
  now: Date,
): Promise<DocumentOut> {
  return db.transaction(async (tx) => {
    const own = and(eq(documents.id, documentId), eq(documents.userId, userId));
    const [row] = await tx.select().from(documents).where(own).for('update');
    if (row === undefined) throw notFound();
    if (row.kind === 'INVOICE') throw nonFieldError(INVOICE_NOT_HERE);
    const [view] = await documentViews(tx, [row], now);
    if (view === undefined) throw new Error('A document view went missing.');
    const locked: Record<string, string[]> = {};
    if (patch.kind !== undefined && patch.kind !== row.kind) locked.kind = [KIND_LOCKED];
    if (patch.wallets !== undefined) {
      const same = patch.wallets === null || view.wallets === null ? patch.wallets === view.wallets : sameIds(patch.wallets, view.wallets);
      if (!same) locked.wallets = [WALLETS_LOCKED];
    }
    if (patch.cex !== undefined && !sameIds(patch.cex, view.cex)) locked.cex = [WALLETS_LOCKED];
    if (Object.keys(locked).length > 0) throw fieldErrors(locked);
    if (patch.start_date !== undefined || patch.end_date !== undefined) {
      const bounds = await reportDateBounds(tx, userId, now);
      const dates = reportDateErrors(bounds, patch, { start_date: row.startDate, end_date: row.endDate });
      if (Object.keys(dates).length > 0) throw fieldErrors(dates);
    }
    const fields = Object.fromEntries(
      Object.entries({ name: patch.name, startDate: patch.start_date, endDate: patch.end_date }).filter(
        ([, value]) => value !== undefined,
      ),
    );
    if (Object.keys(fields).length === 0) return view;
    const [updated] = await tx
      .update(documents)
      .set({ ...fields, updatedAt: now })
      .where(own)
      .returning();
    if (updated === undefined) throw notFound();
    return viewOf(tx, updated, now);
  });
}

/** Deletes one of the user's documents of any kind, an invoice with its items (404 for anyone else's). */
export async function deleteDocument(db: Database, userId: string, documentId: string): Promise<void> {
  const deleted = await db
    .delete(documents)
    .where(and(eq(documents.id, documentId), eq(documents.userId, userId)))
    .returning({ id: documents.id });
  if (deleted.length === 0) throw notFound();
}
