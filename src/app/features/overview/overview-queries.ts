/** Query-options factories of the dashboard (docs/overview.md, docs/data-model.md), one per call. */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { holdingsEndpoints } from '../../../shared/contract/holdings';
import { nftEndpoints, type NftItem } from '../../../shared/contract/nft';
import { portfolioEndpoints } from '../../../shared/contract/portfolio';
import { transactionEndpoints } from '../../../shared/contract/transactions';
import { documentEndpoints, type DocumentOut } from '../../../shared/contract/documents';
import type { InvoiceState } from '../../../shared/enums';
import type { User } from '../../../shared/api-types';
import { api } from '../../lib/api-client';
import { awaitFirstAnswers } from '../../lib/first-answers';
import { invoicesLimitQuery } from '../../lib/invoice-limit-query';
import { DATA_POLL_MS } from '../../lib/live-polling';
import { nftListParams, type NftFilter } from './nft-list-model';
import { hasPortfolioHistory } from './overview-rules';
import type { NftSummary } from './overview-types';

/** Dashboard sizes (docs/overview.md): Last Activity 3, documents 2 per state, fungible top 7, NFT preview 5. */
export const LAST_ACTIVITY_SIZE = 3;
export const DASHBOARD_DOCUMENTS_PER_STATE = 2;
export const FUNGIBLE_TOP = 7;
export const FUNGIBLE_PAGE_SIZE = 10;
export const NFT_PREVIEW = 5;
export const PORTFOLIO_INTERVALS = [7, 30, 60] as const;
export type PortfolioInterval = (typeof PORTFOLIO_INTERVALS)[number];
export const DEFAULT_PORTFOLIO_INTERVAL: PortfolioInterval = 30;

export const overviewKeys = {
  balances: ['balances'] as const,
  fungibleTop: ['fungible-tokens', 'top'] as const,
  fungibleAll: ['fungible-tokens', 'all'] as const,
  nfts: ['nfts', 'preview'] as const,
  nftList: (filter: NftFilter) => ['nfts', 'list', filter.ordering, filter.collection, filter.minProperties] as const,
  portfolio: (numDays: PortfolioInterval) => ['portfolio-history', numDays] as const,
  latestTransactions: ['transactions', 'latest', LAST_ACTIVITY_SIZE] as const,
  dashboardDocuments: (state: InvoiceState) => ['documents', 'dashboard', state] as const,
};

/** GET balances: every token the active wallets and exchanges hold, with the total in the user's fiat. */
export function balancesQuery() {
  return queryOptions({
    queryKey: overviewKeys.balances,
    queryFn: ({ signal }) => api.call(holdingsEndpoints.balances, { signal }),
    // Polled data is stale once a poll is due, so a reconnect after that long asks again at once.
    staleTime: DATA_POLL_MS,
  });
}

/** GET fungible-tokens-summary, first page of 10 (docs/overview.md); the dashboard shows the top 7. */
export function fungibleTopQuery() {
  return queryOptions({
    queryKey: overviewKeys.fungibleTop,
    queryFn: ({ signal }) =>
      api.call(holdingsEndpoints.fungibleTokensSummary, { query: { page: 1, size: FUNGIBLE_PAGE_SIZE }, signal }),
  });
}

/** GET non-fungible-tokens-summary, newest first; the dashboard previews 5. */
export function nftPreviewQuery() {
  return queryOptions({
    queryKey: overviewKeys.nfts,
    queryFn: async ({ signal }): Promise<NftSummary> => {
      const items = await api.call(nftEndpoints.nonFungibleTokensSummary, { query: { ordering: '-created_at' }, signal });
      return { results: items, count: items.length };
    },
  });
}

/** GET non-fungible-tokens-summary with the NFT list's ordering, collection and properties_number. */
export function nftListQuery(filter: NftFilter) {
  return queryOptions({
    queryKey: overviewKeys.nftList(filter),
    queryFn: ({ signal }): Promise<NftItem[]> =>
      api.call(nftEndpoints.nonFungibleTokensSummary, { query: nftListParams(filter), signal }),
  });
}

/** GET portfolio-value-history {num_days}. */
export function portfolioHistoryQuery(numDays: PortfolioInterval) {
  return queryOptions({
    queryKey: overviewKeys.portfolio(numDays),
    queryFn: ({ signal }) => api.call(portfolioEndpoints.portfolioValueHistory, { query: { num_days: numDays }, signal }),
    staleTime: DATA_POLL_MS,
  });
}

/** GET transactions, the 3 newest (Last Activity). */
export function latestTransactionsQuery() {
  return queryOptions({
    queryKey: overviewKeys.latestTransactions,
    queryFn: ({ signal }) =>
      api.call(transactionEndpoints.listTransactions, {
        query: { limit: LAST_ACTIVITY_SIZE, offset: 0, ordering: '-created_at' },
        signal,
      }),
    staleTime: DATA_POLL_MS,
  });
}

/** GET documents: the 2 newest invoices in one state (docs/overview.md). */
export function dashboardDocumentsQuery(state: InvoiceState) {
  return queryOptions({
    queryKey: overviewKeys.dashboardDocuments(state),
    queryFn: async ({ signal }): Promise<DocumentOut[]> => {
      const page = await api.call(documentEndpoints.listDocuments, {
        query: { limit: DASHBOARD_DOCUMENTS_PER_STATE, offset: 0, ordering: '-created_at', kind: 'INVOICE', state },
        signal,
      });
      return page.results.slice(0, DASHBOARD_DOCUMENTS_PER_STATE);
    },
  });
}

/**
 * Fetches (or finds in the cache) what the dashboard shows `user` on its first screen, the same queries its sections
 * ask for: the route's loader waits for it on the app's first page, whose answers the shell has already asked for
 * (docs/performance.md).
 */
export function loadDashboard(queryClient: QueryClient, user: User): Promise<unknown> {
  if (!user.has_wallet) return Promise.resolve();
  const queries: Promise<unknown>[] = [
    queryClient.ensureQueryData(balancesQuery()),
    queryClient.ensureQueryData(fungibleTopQuery()),
    queryClient.ensureQueryData(nftPreviewQuery()),
    queryClient.ensureQueryData(latestTransactionsQuery()),
  ];
  if (hasPortfolioHistory(user)) queries.push(queryClient.ensureQueryData(portfolioHistoryQuery(DEFAULT_PORTFOLIO_INTERVAL)));
  if (user.full_access) {
    queries.push(
      queryClient.ensureQueryData(dashboardDocumentsQuery('DUE')),
      queryClient.ensureQueryData(dashboardDocumentsQuery('PAID')),
      queryClient.ensureQueryData(invoicesLimitQuery()),
    );
  }
  return Promise.all(queries);
}

/** The dashboard's loader: opened first, the page waits for its answers, which the shell has asked for. */
export const awaitFirstDashboard = (queryClient: QueryClient): Promise<void> =>
  awaitFirstAnswers((user) => loadDashboard(queryClient, user));
