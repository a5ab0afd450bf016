import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { DocumentOut } from '../../../shared/contract/documents';
import type { CardMenuItem } from '../../components/card-menu';
import { Spinner } from '../../components/spinner';
import { useOnline } from '../../lib/online';
import { NoticeCard } from '../../components/page-frame';
import { BulkActionBar } from './bulk-action-bar';
import { INVOICE_COLUMNS, REPORT_COLUMNS } from './document-columns';
import { documentKeys, type DocumentListParams, type DocumentTab } from './document-keys';
import { DocumentTable } from './document-table';
import { flattenPages } from '../../lib/flatten-pages';
import { documentsInfiniteQuery } from './documents-queries';
import styles from './documents.module.css';

export const NO_DOCUMENTS = 'No Documents Made';
export const OFFLINE_DOCUMENTS_TEXT =
  'You are offline and these documents are not saved on this device yet. They load when the connection returns.';

interface DocumentsListProps {
  tab: DocumentTab;
  /** The list's filters, sort and search (document-filters.ts). */
  params: DocumentListParams;
  menu: (document: DocumentOut) => CardMenuItem[];
}

/**
 * The invoice or report list, 10 at a time, under the chosen filters; its loading, offline, failed and empty
 * states; row checkboxes with select-all over the shown rows and the bulk actions on them.
 */
export function DocumentsList({ tab, params, menu }: DocumentsListProps) {
  const queryClient = useQueryClient();
  const list = useInfiniteQuery(documentsInfiniteQuery(params));
  const rows = useMemo(() => flattenPages(list.data), [list.data]);
  const what = tab === 'invoice' ? 'Invoices' : 'Reports';
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(() => new Set());
  // Only shown rows count as selected: a filter change or a delete elsewhere drops the others.
  const selected = useMemo(() => rows.filter((document) => selectedIds.has(document.id)), [rows, selectedIds]);

  // A filter or sort change starts from the first page: lists of other filters are dropped (kept while offline,
  // where they are all there is to show).
  const online = useOnline();
  const listKey = JSON.stringify(documentKeys.list(params));
  useEffect(() => {
    if (!online) return;
    queryClient.removeQueries({
      queryKey: documentKeys.lists,
      predicate: (query) => JSON.stringify(query.queryKey) !== listKey,
    });
  }, [queryClient, listKey, online]);

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
    <>
      {selected.length > 0 ? (
        <BulkActionBar
          tab={tab}
          selected={selected}
          onDeleted={(ids) =>
            setSelectedIds((old) => new Set([...old].filter((id) => !ids.includes(id))))
          }
          onClearSelection={() => setSelectedIds(new Set())}
        />
      ) : null}
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
        selection={{
          selected: selectedIds,
          onToggle: (id, checked) =>
            setSelectedIds((old) => {
              const next = new Set(old);
              if (checked) next.add(id);
              else next.delete(id);
              return next;
            }),
          onToggleAll: (checked) => setSelectedIds(checked ? new Set(rows.map((document) => document.id)) : new Set()),
        }}
      />
    </>
  );
}
