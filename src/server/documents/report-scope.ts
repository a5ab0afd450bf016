/**
 * What a report covers (docs/documents.md): the caller's document (404 for anyone else's), its wallets (every
 * wallet of the user when all_wallets, active or not) and exchange accounts, and its range as instants: from
 * the start of start_date to the start of the day after end_date, both days in the user's time zone (as the
 * transactions list reads its date filters).
 */
import { and, asc, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { Database } from '../db/database';
import { centralisedExchanges, documentExchanges, documents, documentWallets, transactions, wallets, type DocumentRow } from '../db/schema';
import { isUuid } from '../lib/ids';
import { startOfDay, startOfNextDay } from '../lib/zoned-day';
import { notFound } from '../http/api-error';

export interface ReportAccount {
  id: string;
  kind: 'wallet' | 'cex';
  name: string;
}

export interface ReportScope {
  document: DocumentRow;
  userId: string;
  timeZone: string;
  walletIds: string[];
  cexIds: string[];
  /** Names by wallet or exchange account id. */
  accounts: Map<string, ReportAccount>;
  /** Inclusive start instant; null for a document without a range (an invoice). */
  from: Date | null;
  /** Exclusive end instant. */
  until: Date | null;
}

/** The caller's document by path id; 404 when the id is malformed, unknown or someone else's. */
export async function ownDocument(db: Database, userId: string, id: string): Promise<DocumentRow> {
  if (!isUuid(id)) throw notFound();
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.id, id.toLowerCase()), eq(documents.userId, userId)));
  if (row === undefined) throw notFound();
  return row;
}

/** The accounts and range of the caller's report. */
export async function reportScope(db: Database, user: { id: string; timezone: string }, document: DocumentRow): Promise<ReportScope> {
  const walletRows = await db
    .select({ id: wallets.id, name: wallets.name })
    .from(wallets)
    .where(
      document.allWallets
        ? eq(wallets.userId, user.id)
        : and(
            eq(wallets.userId, user.id),
            inArray(
              wallets.id,
              db.select({ id: documentWallets.walletId }).from(documentWallets).where(eq(documentWallets.documentId, document.id)),
            ),
          ),
    )
    .orderBy(asc(wallets.name), asc(wallets.id));
  const cexRows = await db
    .select({ id: centralisedExchanges.id, exchange: centralisedExchanges.exchange })
    .from(centralisedExchanges)
    .innerJoin(documentExchanges, eq(documentExchanges.exchangeId, centralisedExchanges.id))
    .where(and(eq(centralisedExchanges.userId, user.id), eq(documentExchanges.documentId, document.id)))
    .orderBy(asc(centralisedExchanges.exchange), asc(centralisedExchanges.id));
  const accounts = new Map<string, ReportAccount>();
  for (const row of walletRows) accounts.set(row.id, { id: row.id, kind: 'wallet', name: row.name });
  for (const row of cexRows) accounts.set(row.id, { id: row.id, kind: 'cex', name: row.exchange });
  return {
    document,
    userId: user.id,
    timeZone: user.timezone,
    walletIds: walletRows.map((row) => row.id),
    cexIds: cexRows.map((row) => row.id),
    accounts,
    from: document.startDate === null ? null : startOfDay(document.startDate, user.timezone),
    until: document.endDate === null ? null : startOfNextDay(document.endDate, user.timezone),
  };
}

/** The report's own rows: the user's, of its accounts, not spam. Null when it covers no account. */
export function scopeConditions(scope: ReportScope): SQL[] | null {
  const owners: SQL[] = [];
  if (scope.walletIds.length > 0) owners.push(inArray(transactions.walletId, scope.walletIds));
  if (scope.cexIds.length > 0) owners.push(inArray(transactions.cexId, scope.cexIds));
  const owner = or(...owners);
  if (owner === undefined) return null;
  return [eq(transactions.userId, scope.userId), eq(transactions.isSpam, false), owner];
}
