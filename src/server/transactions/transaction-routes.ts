import { and, eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { transactionEndpoints, type TransactionPage } from '../../shared/contract/transactions';
import { authOf } from '../http/guards';
import { transactions } from '../db/schema';
import { notFound } from '../http/api-error';
import type { AppEnv } from '../http/app-env';
import { route } from '../http/route';
import { setTransactionLabels } from '../labels/transaction-labels';
import type { Services } from '../services';
import { txSyncFlag, userSyncState } from '../sync/user-sync-state';
import { isUuid } from '../lib/ids';
import { allConditions, transactionConditions } from './transaction-filters';
import { cappedCount, cappedCountWith, cappedTotal, listPage } from './transaction-list';
import { monthCountScope } from './transaction-month-counts';
import { loadTransactionRows, toTransactionViews } from './transaction-view';

/** The URL of the page after this one: the same query with the offset moved on. */
function nextPageUrl(publicUrl: string, requestUrl: string, offset: number): string {
  const url = new URL(requestUrl);
  const params = new URLSearchParams(url.search);
  params.set('offset', String(offset));
  return `${publicUrl}${url.pathname}?${params.toString()}`;
}

/** GET transactions (the user's, filtered and paged), GET transactions/limit and PATCH transactions/{id} {labels, is_spam}. */
export function registerTransactionRoutes(app: Hono<AppEnv>, s: Services): void {
  route(app, s, transactionEndpoints.listTransactions, async (c, { query }) => {
    const { user } = authOf(c);
    const data = s.market;
    // The page and its count need only the filters; the fiat context is read meanwhile. The sync flag is read
    // with the count (or on its own where no count statement runs).
    const listing = async () => {
      const list = await transactionConditions(s.db, { userId: user.id, timeZone: user.timezone }, query);
      if (list === null) return null;
      const request = {
        userId: user.id,
        conditions: allConditions(list),
        ordering: query.ordering,
        limit: query.limit,
        offset: query.offset,
        monthCounts: monthCountScope(user.id, query),
      };
      if (query.labels.length > 0 && list.searchBranches === null) {
        // A label's ids are read in full for the page anyway: the page's statement counts them too.
        const [listed, sync] = await Promise.all([listPage(s.db, { ...request, countAll: true }), userSyncState(s.db, user.id)]);
        const total =
          listed.total !== undefined ? cappedTotal(listed.total) : query.offset > 0 ? await cappedCount(s.db, list) : cappedTotal(0);
        return { listed, total, txSync: sync.user_tx_sync };
      }
      const [listed, counted] = await Promise.all([listPage(s.db, request), cappedCountWith(s.db, list, txSyncFlag(user.id))]);
      return { listed, total: counted.total, txSync: counted.also };
    };
    const [result, fiat] = await Promise.all([listing(), data.fiat.context(user.fiatCurrency)]);
    let page: TransactionPage;
    if (result === null) {
      const sync = await userSyncState(s.db, user.id);
      page = { results: [], count: 0, count_capped: false, next: null, user_tx_sync: sync.user_tx_sync };
    } else {
      const { listed: { rows, hasMore }, total, txSync } = result;
      const results = await toTransactionViews({ db: s.db, now: s.now, fiatRates: data.fiat, tokens: data.tokens }, user.id, rows, fiat);
      page = {
        results,
        count: Math.max(total.count, query.offset + results.length),
        count_capped: total.capped,
        next: hasMore ? nextPageUrl(s.config.publicUrl, c.req.url, query.offset + query.limit) : null,
        user_tx_sync: txSync,
      };
    }
    return page;
  });


  route(app, s, transactionEndpoints.updateTransaction, async (c, { params, body: input }) => {
    const { id } = params;
    if (!isUuid(id)) throw notFound();
    const { user } = authOf(c);
    const data = s.market;
    await s.db.transaction(async (tx) => {
      if (input.is_spam !== undefined) {
        const [own] = await tx
          .update(transactions)
          .set({ isSpam: input.is_spam })
          .where(and(eq(transactions.id, id), eq(transactions.userId, user.id)))
          .returning({ id: transactions.id });
        if (own === undefined) throw notFound();
      }
      if (input.labels !== undefined) await setTransactionLabels(tx, user.id, id, input.labels);
    });
    const rows = await loadTransactionRows(s.db, user.id, [id]);
    if (rows.length === 0) throw notFound();
    const fiat = await data.fiat.context(user.fiatCurrency);
    const [view] = await toTransactionViews({ db: s.db, now: s.now, fiatRates: data.fiat, tokens: data.tokens }, user.id, rows, fiat);
    if (view === undefined) throw notFound();
    return view;
  });
}
