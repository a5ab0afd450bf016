import { flattenPages } from '../../lib/flatten-pages';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import type { User } from '../../../shared/api-types';
import type { LabelOut } from '../../../shared/contract/primitives';
import type { TransactionOut } from '../../../shared/contract/transactions';
import { MESSAGES } from '../../../shared/messages';
import { Spinner } from '../../components/spinner';
import { useOnline } from '../../lib/online';
import { useCurrentUser } from '../../lib/session';
import { usePendingLabelSets, withLabelSets } from '../labels';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { noteIfQueued } from '../../lib/network-actions';
import { NoticeCard, PageFrame } from '../../components/page-frame';
import { UpgradeDialog } from '../../components/upgrade-dialog';
import { useActivityBounds } from '../documents';
import { hasActiveFilters, listParams } from './transaction-filters';
import { TransactionFilterBar } from './transaction-filter-bar';
import {
  reachedTransactionLimit,
  transactionKeys,
  transactionMutationKeys,
  transactionsInfiniteQuery,
  transactionsLimitQuery,
  type SetTransactionLabelsVariables,
} from './transaction-queries';
import { TransactionsTable } from './transactions-table';
import { useTransactionFilters } from './use-transaction-filters';
import styles from './transactions.module.css';

export const NO_ACTIVITY = 'No Activity Yet';
export const OFFLINE_LIST_TEXT =
  'You are offline and these transactions are not saved on this device. They load when the connection returns.';

/** Users without a wallet: the first-wallet prompt instead of an empty table. */
function NoWalletState({ user }: { user: User }) {
  return (
    <div className={`card ${styles.emptyState}`}>
      <h2>Add your first wallet to get started!</h2>
      <p className="muted">Transactions of your wallets and exchange accounts appear here.</p>
      {user.full_access ? (
        <Link to="/wallets" state={{ openDialog: 'add-wallet' }} className="btn btn-primary">
          Add Wallet
        </Link>
      ) : null}
    </div>
  );
}

function TransactionList({ user }: { user: User }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const search = useSearch({ strict: false, select: (value) => value.search });
  const { filters, update, reset } = useTransactionFilters();

  const params = useMemo(() => listParams(filters, search), [filters, search]);
  const canLabel = user.full_access;

  const list = useInfiniteQuery(transactionsInfiniteQuery(params));
  const limit = useQuery(transactionsLimitQuery());
  // Label changes not answered yet show their sets, whatever a refetch wrote meanwhile.
  const pendingLabels = usePendingLabelSets(transactionMutationKeys.setLabels);
  const rows = useMemo(() => withLabelSets(flattenPages(list.data), pendingLabels), [list.data, pendingLabels]);
  // From the first transaction or first document, whichever is earlier (docs/transactions.md); guests have no documents.
  const bounds = useActivityBounds(user.full_access);

  // A filter or sort change starts from the first page: lists of other filters are dropped (kept while offline,
  // where they are all there is to show).
  const online = useOnline();
  const listKey = JSON.stringify(transactionKeys.list(params));
  useEffect(() => {
    if (!online) return;
    queryClient.removeQueries({
      queryKey: transactionKeys.lists,
      predicate: (query) => JSON.stringify(query.queryKey) !== listKey,
    });
  }, [queryClient, listKey, online]);

  // The limit dialog opens once the list reaches the plan's limit, and stays closed once dismissed.
  const [limitDismissed, setLimitDismissed] = useState(false);
  const limitOpen = !limitDismissed && reachedTransactionLimit(limit.data, rows.length);

  const setLabels = useMutation<TransactionOut, Error, SetTransactionLabelsVariables>({
    mutationKey: transactionMutationKeys.setLabels,
  });
  const changeLabels = (tx: TransactionOut, labels: LabelOut[]) => {
    noteIfQueued();
    setLabels.mutate({ id: tx.id, labels, changeId: newIdempotencyKey() });
  };

  const searchText = search?.trim();
  const filtered = hasActiveFilters(filters) || Boolean(searchText);
  const lastPage = list.data?.pages.at(-1);

  return (
    <>
      <TransactionFilterBar
        filters={filters}
        update={update}
        reset={() => reset(true)}
        bounds={bounds}
        rows={rows}
        canLabel={canLabel}
        filtered={filtered}
      />
      {searchText ? (
        <p className={styles.searchNote}>
          <span>
            Showing results for <strong>“{searchText}”</strong>
          </span>
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() => void navigate({ from: '/transactions', search: (old) => ({ ...old, search: undefined }) })}
          >
            Clear search
          </button>
        </p>
      ) : null}
      {lastPage && !lastPage.user_tx_sync ? (
        <p className={styles.syncNote} role="status">
          Transactions are still being loaded from the blockchain; the list grows as they arrive.
        </p>
      ) : null}
      {list.isPending && list.fetchStatus === 'paused' ? (
        <NoticeCard>
          <p>{OFFLINE_LIST_TEXT}</p>
        </NoticeCard>
      ) : list.isPending ? (
        <div className={styles.loading}>
          <Spinner label="Loading transactions" showLabel />
        </div>
      ) : list.isError && rows.length === 0 ? (
        <NoticeCard>
          <p>Transactions could not be loaded.</p>
          <button type="button" className="btn" onClick={() => void list.refetch()}>
            Try again
          </button>
        </NoticeCard>
      ) : rows.length === 0 ? (
        <div className={`card ${styles.emptyState}`}>
          <p className={styles.emptyText}>{NO_ACTIVITY}</p>
        </div>
      ) : (
        <TransactionsTable
          rows={rows}
          ordering={filters.ordering}
          onOrderingChange={(ordering) => update({ ordering })}
          canLabel={canLabel}
          onLabelsChange={changeLabels}
          hasNextPage={list.hasNextPage}
          isFetchingNextPage={list.isFetchingNextPage}
          onLoadMore={() => {
            if (list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage();
          }}
        />
      )}
      <UpgradeDialog
        open={limitOpen}
        onClose={() => setLimitDismissed(true)}
        message={MESSAGES.transactionLimit(limit.data?.limit ?? rows.length)}
      />
    </>
  );
}

/** /transactions (docs/transactions.md). */
export function TransactionsPage() {
  const user = useCurrentUser();
  if (!user) return null;
  return (
    <PageFrame title="Transactions">{user.has_wallet ? <TransactionList user={user} /> : <NoWalletState user={user} />}</PageFrame>
  );
}
