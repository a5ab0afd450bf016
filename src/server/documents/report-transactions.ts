/**
 * Transaction report data (docs/documents.md, docs/data-model.md): the report's transactions — its wallets and exchange
 * accounts, created within its days, spam left out — oldest first (created_at, then id), shown as the
 * transactions list shows them (amounts in whole tokens, value_fiat at the transaction's day in the user's fiat,
 * fees, labels).
 */
import { and, asc, count, gte, lt, type SQL } from 'drizzle-orm';
import type { TransactionReportRow } from '../../shared/contract/reports';
import type { Database } from '../db/database';
import { centralisedExchanges, transactions, wallets } from '../db/schema';
import type { FiatContext } from '../lib/fiat-rates';
import { listedColumns, ownerJoins, toListedTransaction, toTransactionViews, type ViewDeps } from '../transactions/transaction-view';
import { scopeConditions, type ReportScope } from './report-scope';

/** The WHERE clause of the report's transactions; null when it covers no account or has no range. */
function reportConditions(scope: ReportScope): SQL[] | null {
  const base = scopeConditions(scope);
  if (base === null || scope.from === null || scope.until === null) return null;
  return [...base, gte(transactions.createdAt, scope.from), lt(transactions.createdAt, scope.until)];
}

/** How many transactions the report has. */
export async function countReportTransactions(db: Database, scope: ReportScope): Promise<number> {
  const conditions = reportConditions(scope);
  if (conditions === null) return 0;
  const [row] = await db.select({ value: count() }).from(transactions).where(and(...conditions));
  return row?.value ?? 0;
}

/** One page of the report's transactions as rows (created_at, then id: a stable order for offsets). */
export async function reportTransactionRows(
  deps: ViewDeps,
  scope: ReportScope,
  fiat: FiatContext,
  page: { limit: number; offset: number },
): Promise<TransactionReportRow[]> {
  const conditions = reportConditions(scope);
  if (conditions === null) return [];
  const joins = ownerJoins(scope.userId);
  const rows = await deps.db
    .select(listedColumns)
    .from(transactions)
    .leftJoin(wallets, joins.wallet)
    .leftJoin(centralisedExchanges, joins.cex)
    .where(and(...conditions))
    .orderBy(asc(transactions.createdAt), asc(transactions.id))
    .limit(page.limit)
    .offset(page.offset);
  const views = await toTransactionViews(deps, scope.userId, rows.map(toListedTransaction), fiat);
  return views.map((view) => ({
    id: view.id,
    created_at: view.created_at,
    account: view.wallet?.name ?? view.cex?.exchange ?? '',
    network: view.network,
    direction: view.direction,
    token_symbol: view.token.symbol,
    amount: view.amount,
    value_fiat: view.value_fiat,
    fiat_currency: view.fiat_currency,
    fee: view.fee,
    from_address: view.from_address,
    to_address: view.to_address,
    tx_hash: view.tx_hash,
    labels: view.labels.map((label) => label.name),
  }));
}
