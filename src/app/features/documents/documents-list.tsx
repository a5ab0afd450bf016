import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { DocumentOut } from '../../../shared/document-types';
import type { CardMenuItem } from '../../components/card-menu';
import { Spinner } from '../../components/spinner';
import { NoticeCard } from '../placeholder-pages/page-frame';
import { INVOICE_COLUMNS, REPORT_COLUMNS } from './document-columns';
import type { DocumentTab } from './document-keys';
import { DocumentTable } from './document-table';
import { documentsInfiniteQuery, flattenDocuments } from './documents-queries';
import styles from './documents.module.css';

export const NO_DOCUMENTS = 'No Documents Made';
export const OFFLINE_DOCUMENTS_TEXT =
  'You are offline and these documents are not saved on this device yet. They load when the connection returns.';

interface DocumentsListProps {
  tab: DocumentTab;
  menu: (document: DocumentOut) => CardMenuItem[];
}

/** The invoice or report list, newest first, 10 at a time; its loading, offline, failed and empty states. */
export function DocumentsList({ tab, menu }: DocumentsListProps) {
  const list = useInfiniteQuery(documentsInfiniteQuery(tab));
  const rows = useMemo(() => flattenDocuments(list.data), [list.data]);
  const what = tab === 'invoice' ? 'Invoices' : 'Reports';

  if (list.isPending && list.fetchStatus === 'paused') {
    return (
      <NoticeCard>
        <p>{OFFLINE_DOCUMENTS_TEXT}</p>
      </NoticeCard>
    );
  }
  if (list.isPending) {
    return (
      <div className={styles.more}>
        <Spinner label="Loading..." showLabel />
      </div>
    );
  }
  if (list.isError && rows.length === 0) {
    return (
      <NoticeCard>
        <p>{what} could not be loaded.</p>
        <button type="button" className="btn" onClick={() => void list.refetch()}>
          Try again
        </button>
      </NoticeCard>
    );
  }
  if (rows.length === 0) {
    return (
      <div className={`card ${styles.empty}`}>
        <p>{NO_DOCUMENTS}</p>
      </div>
    );
  }
  return (
    <DocumentTable
      caption={what}
      columns={tab === 'invoice' ? INVOICE_COLUMNS : REPORT_COLUMNS}
      rows={rows}
      menu={menu}
      hasNextPage={list.hasNextPage}
      isFetchingNextPage={list.isFetchingNextPage}
      onLoadMore={() => {
        if (list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage();
      }}
    />
  );
}
