import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import type { DocumentOut } from '../../../shared/contract/documents';
import { itinGroups, reportDateTime } from '../../../shared/report-format';
import type { HoldingsReportRow, TransactionReportRow } from '../../../shared/contract/reports';
import { Spinner } from '../../components/spinner';
import { useInfiniteScroll } from '../../components/use-infinite-scroll';
import { shortAddress } from '../../lib/format';
import { getStoredUser } from '../../lib/session';
import { kindText, reportRangeText } from './document-display';
import { QUICKBOOKS_CANNOT_SHOW } from './document-exports';
import { flattenReportRows, reportHoldingsQuery, reportRowsKind, reportTransactionsQuery } from './report-queries';
import styles from './report-view-dialog.module.css';

export const REPORT_EMPTY = 'No Activity Yet';
export const REPORT_FAILED = 'The report could not be loaded.';

interface Column<T> {
  title: string;
  cell: (row: T) => ReactNode;
  numeric?: boolean;
}

const TRANSACTION_COLUMNS = (timeZone: string): Column<TransactionReportRow>[] => [
  { title: 'Date', cell: (row) => reportDateTime(row.created_at, timeZone) },
  { title: 'Wallet', cell: (row) => row.account },
  { title: 'Direction', cell: (row) => (row.direction === 'INCOMING' ? 'In' : 'Out') },
  { title: 'Token', cell: (row) => row.token_symbol },
  { title: 'Amount', cell: (row) => row.amount, numeric: true },
  { title: 'Value', cell: (row) => (row.value_fiat === null ? '—' : `${row.value_fiat} ${row.fiat_currency}`), numeric: true },
  { title: 'Fee', cell: (row) => row.fee ?? '—', numeric: true },
  { title: 'From / To', cell: (row) => shortAddress(row.direction === 'INCOMING' ? row.from_address : row.to_address) },
  { title: 'Hash', cell: (row) => <span title={row.tx_hash}>{shortAddress(row.tx_hash)}</span> },
  { title: 'Labels', cell: (row) => row.labels.join(', ') },
];

const HOLDINGS_COLUMNS: Column<HoldingsReportRow>[] = [
  { title: 'Token', cell: (row) => <span title={row.token.name}>{row.token.symbol}</span> },
  { title: 'ITIN', cell: (row) => (row.itin_number === null ? '—' : itinGroups(row.itin_number)) },
  { title: 'Holdings at start', cell: (row) => row.holdings_at_start, numeric: true },
  { title: 'Inflow', cell: (row) => row.inflow, numeric: true },
  { title: 'Outflow', cell: (row) => row.outflow, numeric: true },
  { title: 'Holdings at end', cell: (row) => row.holdings_at_end, numeric: true },
  { title: 'Change', cell: (row) => row.change, numeric: true },
  { title: 'Wallet', cell: (row) => row.wallet },
];

interface RowsProps<T> {
  caption: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T, index: number) => string;
  status: 'pending' | 'error' | 'success';
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  onLoadMore: () => void;
  onRetry: () => void;
}

/** The rows as a table with column headers, the next 10 loaded when its end scrolls into view (or on the button). */
function ReportRows<T>({ caption, columns, rows, rowKey, status, hasNextPage, isFetchingNextPage, onLoadMore, onRetry }: RowsProps<T>) {
  const sentinel = useInfiniteScroll<HTMLDivElement>({ hasNextPage, isFetchingNextPage, rowCount: rows.length, onLoadMore });

  if (status === 'pending') {
    return (
      <div className={styles.more}>
        <Spinner label="Loading..." showLabel />
      </div>
    );
  }
  if (status === 'error' && rows.length === 0) {
    return (
      <div>
        <p role="alert">{REPORT_FAILED}</p>
        <button type="button" className="btn" onClick={onRetry}>
          Try again
        </button>
      </div>
    );
  }
  if (rows.length === 0) return <p>{REPORT_EMPTY}</p>;
  return (
    <>
      <div className={styles.scroll} role="region" aria-label={caption} tabIndex={0}>
        <table className={styles.table}>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.title} scope="col" className={column.numeric ? styles.number : undefined}>
                  {column.title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={rowKey(row, index)} data-testid="report-row">
                {columns.map((column) => (
                  <td key={column.title} className={column.numeric ? styles.number : undefined}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div ref={sentinel} className={styles.more}>
        {isFetchingNextPage ? (
          <Spinner label="Loading..." showLabel />
        ) : hasNextPage ? (
          <button type="button" className="btn" onClick={onLoadMore}>
            Load more
          </button>
        ) : null}
      </div>
    </>
  );
}

function TransactionRows({ document }: { document: DocumentOut }) {
  const list = useInfiniteQuery(reportTransactionsQuery(document.id));
  const timeZone = getStoredUser()?.timezone ?? 'UTC';
  return (
    <ReportRows
      caption={`Transactions of ${document.name}`}
      columns={TRANSACTION_COLUMNS(timeZone)}
      rows={flattenReportRows(list.data)}
      rowKey={(row) => row.id}
      status={list.status}
      hasNextPage={list.hasNextPage}
      isFetchingNextPage={list.isFetchingNextPage}
      onLoadMore={() => {
        if (list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage();
      }}
      onRetry={() => void list.refetch()}
    />
  );
}

function HoldingsRows({ document }: { document: DocumentOut }) {
  const list = useInfiniteQuery(reportHoldingsQuery(document.id));
  return (
    <ReportRows
      caption={`Holdings of ${document.name}`}
      columns={HOLDINGS_COLUMNS}
      rows={flattenReportRows(list.data)}
      rowKey={(row, index) => `${row.wallet}:${row.token.id}:${String(index)}`}
      status={list.status}
      hasNextPage={list.hasNextPage}
      isFetchingNextPage={list.isFetchingNextPage}
      onLoadMore={() => {
        if (list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage();
      }}
      onRetry={() => void list.refetch()}
    />
  );
}

interface ReportViewDialogProps {
  /** The report to show; null keeps the dialog closed. */
  document: DocumentOut | null;
  onClose: () => void;
}

/**
 * View Report (docs/documents.md report row menu): a modal native <dialog>, labelled 'View Report' and the
 * report's name, with its kind and range and its rows — transactions, or holdings with the ITIN in groups
 * 4-4-rest — 10 at a time. Escape, the backdrop and the close button close it; focus returns to the opener.
 */
export function ReportViewDialog({ document: report, onClose }: ReportViewDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const eyebrowId = useId();
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });
  const open = report !== null;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open || dialog.open) return undefined;
    const opener = globalThis.document.activeElement instanceof HTMLElement ? globalThis.document.activeElement : null;
    dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      opener?.focus();
    };
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={`${eyebrowId} ${titleId}`}
      onCancel={(event) => {
        event.preventDefault();
        onCloseRef.current();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onCloseRef.current();
      }}
    >
      {report ? (
        <div className={styles.panel}>
          <header className={styles.header}>
            <div>
              <p id={eyebrowId} className={styles.eyebrow}>
                View Report
              </p>
              <h2 id={titleId} className={styles.title}>
                {report.name}
              </h2>
              <p className={styles.meta}>
                {kindText(report)} · {reportRangeText(report)}
              </p>
            </div>
            <button type="button" className={`btn btn-ghost ${styles.close}`} aria-label="Close" onClick={onClose}>
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          </header>
          <div className={styles.body}>
            {report.kind === 'QUICKBOOKS_REPORT' ? (
              <p>{QUICKBOOKS_CANNOT_SHOW}</p>
            ) : reportRowsKind(report) === 'holdings' ? (
              <HoldingsRows document={report} />
            ) : (
              <TransactionRows document={report} />
            )}
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
