import { and, asc, desc, eq, getTableColumns, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { WalletOrdering, WalletOut } from '../../shared/contract/wallets';
import type { Database } from '../db/database';
import { documents, documentWallets, wallets, type WalletRow } from '../db/schema';
import type { FiatContext } from '../lib/fiat-rates';
import { holdingsOf, toWalletTokens, totalValue } from '../holdings/holdings';
import { containsPattern } from '../lib/search-text';
import { timestampOf } from '../lib/sql-dates';

const orderBy = (ordering: WalletOrdering): SQL[] => {
  switch (ordering) {
    case 'name':
      return [asc(sql`lower(${wallets.name})`), asc(wallets.createdAt), asc(wallets.id)];
    case '-name':
      return [desc(sql`lower(${wallets.name})`), desc(wallets.createdAt), desc(wallets.id)];
    case 'created_at':
      return [asc(wallets.createdAt), asc(wallets.id)];
    case '-created_at':
      return [desc(wallets.createdAt), desc(wallets.id)];
  }
};

export interface WalletQuery {
  ordering?: WalletOrdering;
  /** Matched against name and address, ignoring case. */
  search?: string | undefined;
  /** Only these wallets (still the user's only). */
  ids?: readonly string[];
}

type WalletWithDates = WalletRow & { firstTransactionAt: Date | null; latestTransactionAt: Date | null };

/** The user's wallets with holdings, documents and transaction dates, in the answer's fiat. */
export async function loadWalletDetails(
  db: Database,
  userId: string,
  query: WalletQuery,
  fiat: FiatContext,
): Promise<WalletOut[]> {
  const filters: SQL[] = [eq(wallets.userId, userId)];
  if (query.search !== undefined && query.search !== '') {
    const pattern = containsPattern(query.search);
    const match = or(ilike(wallets.name, pattern), ilike(wallets.address, pattern));
    if (match !== undefined) filters.push(match);
  }
  if (query.ids !== undefined) {
    if (query.ids.length === 0) return [];
    filters.push(inArray(wallets.id, [...query.ids]));
  }
  // Each date is one probe of the (wallet_id, created_at) index.
  const rows: WalletWithDates[] = await db
    .select({
      ...getTableColumns(wallets),
      firstTransactionAt: timestampOf(sql`(select min(t.created_at) from transactions t where t.wallet_id = ${wallets.id})`),
      latestTransactionAt: timestampOf(sql`(select max(t.created_at) from transactions t where t.wallet_id = ${wallets.id})`),
    })
    .from(wallets)
    .where(and(...filters))
    .orderBy(...orderBy(query.ordering ?? 'name'));
  if (rows.length === 0) return [];

  const ids = rows.map((row) => row.id);
  const [holdings, linked] = await Promise.all([
    holdingsOf(db, userId, { walletIds: ids }),
    db
      .select({ walletId: documentWallets.walletId, id: documents.id, name: documents.name })
      .from(documentWallets)
      .innerJoin(documents, eq(documents.id, documentWallets.documentId))
      .where(and(inArray(documentWallets.walletId, ids), eq(documents.userId, userId)))
      .orderBy(asc(documents.createdAt), asc(documents.id)),
  ]);

  return rows.map((row) => {
    const tokens = toWalletTokens(
      holdings.filter((holding) => holding.walletId === row.id),
      fiat,
    );
    const lastActivity = latest(row.lastActivity, row.latestTransactionAt);
    return {
      id: row.id,
      name: row.name,
      address: row.address,
      network: row.network,
      is_active: row.isActive,
      is_synchronized: row.isSynchronized,
      sync_error: row.syncError,
      total_balance: totalValue(tokens),
      fiat_currency: fiat.fiat,
      tokens,
      last_activity: lastActivity?.toISOString() ?? null,
      first_transaction_at: row.firstTransactionAt?.toISOString() ?? null,
      wallet_documents: linked.filter((doc) => doc.walletId === row.id).map((doc) => ({ id: doc.id, name: doc.name })),
      created_at: row.createdAt.toISOString(),
    };
  });
}

function latest(a: Date | null, b: Date | null): Date | null {
  if (a === null) return b;
  if (b === null) return a;
  return a.getTime() >= b.getTime() ? a : b;
}
