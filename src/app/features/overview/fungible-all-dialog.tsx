import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { holdingsEndpoints } from '../../../shared/contract/holdings';
import type { FiatCurrency } from '../../../shared/enums';
import { Dialog } from '../../components/dialog';
import { Spinner } from '../../components/spinner';
import { api } from '../../lib/api-client';
import { FungibleTokenRow } from './fungible-token-row';
import { FUNGIBLE_PAGE_SIZE, overviewKeys } from './overview-queries';
import styles from './overview.module.css';

/** Every fungible token, 10 per page (GET fungible-tokens-summary page, size). */
export function fungibleAllQuery() {
  return infiniteQueryOptions({
    queryKey: overviewKeys.fungibleAll,
    queryFn: ({ pageParam, signal }) =>
      api.call(holdingsEndpoints.fungibleTokensSummary, { query: { page: pageParam, size: FUNGIBLE_PAGE_SIZE }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last, _pages, lastPage) => (last.next ? lastPage + 1 : undefined),
  });
}

/** 'See All': the whole fungible token list in a dialog. */
export function FungibleAllDialog({ currency, onClose }: { currency: FiatCurrency; onClose: () => void }) {
  const tokens = useInfiniteQuery(fungibleAllQuery());
  const rows = tokens.data?.pages.flatMap((page) => page.results) ?? [];
  return (
    <Dialog open onClose={onClose} title="Fungible Tokens">
      {tokens.isPending ? (
        <Spinner label="Loading tokens" />
      ) : (
        <>
          <ul className={styles.tokenList}>
            {rows.map((row, index) => (
              <FungibleTokenRow key={`${row.token.symbol}-${row.token.name}-${String(index)}`} row={row} currency={currency} />
            ))}
          </ul>
          {tokens.hasNextPage ? (
            <button
              type="button"
              className="btn btn-block"
              disabled={tokens.isFetchingNextPage}
              onClick={() => void tokens.fetchNextPage()}
            >
              {tokens.isFetchingNextPage ? 'Loading...' : 'Show more'}
            </button>
          ) : null}
        </>
      )}
    </Dialog>
  );
}
