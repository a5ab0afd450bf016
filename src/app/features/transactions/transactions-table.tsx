import { useState } from 'react';
import type { LabelOut } from '../../../shared/contract/primitives';
import type { TransactionOut, TransactionOrdering } from '../../../shared/contract/transactions';
import { Spinner } from '../../components/spinner';
import { nextOrdering, sortState } from './transaction-filters';
import { TransactionRow } from './transaction-row';
import styles from './transactions.module.css';
import { useWideTable } from '../../components/use-wide-table';
import { useInfiniteScroll } from '../../components/use-infinite-scroll';

interface TransactionsTableProps {
  rows: readonly TransactionOut[];
  ordering: TransactionOrdering;
  onOrderingChange: (ordering: TransactionOrdering) => void;
  canLabel: boolean;
  onLabelsChange: (tx: TransactionOut, labels: LabelOut[]) => void;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  /** Loads the next 10; called when the end of the list scrolls into view. */
  onLoadMore: () => void;
}

function SortHeader({
  column,
  title,
  ordering,
  onOrderingChange,
  className,
}: {
  column: 'created_at' | 'amount';
  title: string;
  ordering: TransactionOrdering;
  onOrderingChange: (ordering: TransactionOrdering) => void;
  className?: string;
}) {
  const state = sortState(ordering, column);
  return (
    <th scope="col" aria-sort={state} className={className}>
      <button type="button" className={styles.sortButton} onClick={() => onOrderingChange(nextOrdering(ordering, column))}>
        {title}
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" className={styles.sortIcon}>
          {state === 'ascending' ? (
            <path d="M12 19V5M6 11l6-6 6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          ) : state === 'descending' ? (
            <path d="M12 5v14M6 13l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          ) : (
            <path d="M8 9l4-4 4 4M8 15l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          )}
        </svg>
      </button>
    </th>
  );
}

/**
 * The transaction table (docs/transactions.md): Date and Amount sortable; Labels (full access only), Explorer and expand
 * hidden at 768 px and less, where the date opens a row's details. The end of the list loads the next page.
 */
export function TransactionsTable({
  rows,
  ordering,
  onOrderingChange,
  canLabel,
  onLabelsChange,
  hasNextPage,
  isFetchingNextPage,
  onLoadMore,
}: TransactionsTableProps) {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const sentinel = useInfiniteScroll<HTMLDivElement>({ hasNextPage, isFetchingNextPage, rowCount: rows.length, onLoadMore, rootMargin: '200px 0px' });

  const wide = useWideTable();
  // The details row spans the columns on screen: Date, Wallet Name and Amount on narrow screens.
  const columns = wide ? (canLabel ? 6 : 5) : 3;
  const toggle = (id: string) =>
    setExpanded((old) => {
      const next = new Set(old);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption className="visually-hidden">Transactions</caption>
        <thead>
          <tr>
            <SortHeader column="created_at" title="Date" ordering={ordering} onOrderingChange={onOrderingChange} />
            <th scope="col" className={styles.walletHead}>
              Wallet Name
            </th>
            <SortHeader
              column="amount"
              title="Amount"
              ordering={ordering}
              onOrderingChange={onOrderingChange}
              className={styles.amountHead}
            />
            {canLabel ? (
              <th scope="col" className={styles.wideOnly}>
                Labels
              </th>
            ) : null}
            <th scope="col" className={`${styles.wideOnly} ${styles.iconHead}`}>
              Explorer
            </th>
            <th scope="col" className={`${styles.wideOnly} ${styles.iconHead}`}>
              <span className="visually-hidden">Details</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((tx) => (
            <TransactionRow
              key={tx.id}
              tx={tx}
              expanded={expanded.has(tx.id)}
              onToggle={() => toggle(tx.id)}
              canLabel={canLabel}
              onLabelsChange={(labels) => onLabelsChange(tx, labels)}
              columns={columns}
            />
          ))}
        </tbody>
      </table>
      <div ref={sentinel} className={styles.sentinel} aria-hidden="true" />
      {isFetchingNextPage ? (
        <div className={styles.more}>
          <Spinner label="Loading..." showLabel />
        </div>
      ) : hasNextPage ? (
        <div className={styles.more}>
          <button type="button" className="btn" onClick={onLoadMore}>
            Load more
          </button>
        </div>
      ) : null}
    </div>
  );
}
