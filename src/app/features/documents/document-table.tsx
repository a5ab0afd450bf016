import type { ReactNode } from 'react';
import { SelectAllBox, SelectBox } from './bulk-select-boxes';
import type { DocumentOut } from '../../../shared/contract/documents';
import { CardMenu, type CardMenuItem } from '../../components/card-menu';
import { Spinner } from '../../components/spinner';
import { useWideTable } from '../../components/use-wide-table';
import { useInfiniteScroll } from '../../components/use-infinite-scroll';
import bulkStyles from './bulk-actions.module.css';
import styles from './documents.module.css';

export interface DocumentColumn {
  title: string;
  cell: (document: DocumentOut) => ReactNode;
}

/** Row checkboxes with select-all over the shown rows. */
export interface RowSelection {
  selected: ReadonlySet<string>;
  onToggle: (id: string, checked: boolean) => void;
  onToggleAll: (checked: boolean) => void;
}

interface DocumentTableProps {
  /** 'Invoices', 'Reports'. */
  caption: string;
  /** The columns before Action; the first one names the row (a card's title on phones). */
  columns: readonly DocumentColumn[];
  rows: readonly DocumentOut[];
  menu: (document: DocumentOut) => CardMenuItem[];
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  /** Loads the next 10; called when the end of the list scrolls into view. */
  onLoadMore: () => void;
  selection?: RowSelection;
}

/**
 * A documents list (docs/documents.md): a table with an Action column from 769 px, cards below (docs/documents.md table
 * breakpoint). The end of the list loads the next page ('Loading...').
 */
export function DocumentTable({
  caption,
  columns,
  rows,
  menu,
  hasNextPage,
  isFetchingNextPage,
  onLoadMore,
  selection,
}: DocumentTableProps) {
  const wide = useWideTable();
  const sentinel = useInfiniteScroll<HTMLDivElement>({ hasNextPage, isFetchingNextPage, rowCount: rows.length, onLoadMore, rootMargin: '200px 0px' });

  const [first, ...rest] = columns;
  const menuLabel = (document: DocumentOut) => `Actions for ${document.name}`;
  const chosen = rows.filter((document) => selection?.selected.has(document.id)).length;
  const selectAll = selection ? (
    <SelectAllBox chosen={chosen} total={rows.length} onChange={selection.onToggleAll} hideText={wide} />
  ) : null;
  const selectBox = (document: DocumentOut) =>
    selection ? (
      <SelectBox
        name={document.name}
        checked={selection.selected.has(document.id)}
        onChange={(checked) => selection.onToggle(document.id, checked)}
      />
    ) : null;

  return (
    <div className={styles.listWrap}>
      {wide ? (
        <table className={styles.table}>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {selection ? (
                <th scope="col" className={styles.selectHead}>
                  {selectAll}
                </th>
              ) : null}
              {columns.map((column) => (
                <th key={column.title} scope="col">
                  {column.title}
                </th>
              ))}
              <th scope="col" className={styles.actionHead}>
                Action
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((document) => (
              <tr key={document.id} data-testid="document-row">
                {selection ? <td>{selectBox(document)}</td> : null}
                {columns.map((column) => (
                  <td key={column.title}>{column.cell(document)}</td>
                ))}
                <td className={styles.actionCell}>
                  <CardMenu label={menuLabel(document)} items={menu(document)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <>
        {selectAll}
        <ul className={styles.cards} aria-label={caption}>
          {rows.map((document) => (
            <li key={document.id} className={`card ${styles.docCard}`} data-testid="document-row">
              <div className={`${styles.docCardTitle} ${selection ? bulkStyles.titleRow : ''}`}>
                {selectBox(document)}
                {first ? first.cell(document) : document.name}
              </div>
              <div className={styles.docCardMenu}>
                <CardMenu label={menuLabel(document)} items={menu(document)} />
              </div>
              <dl className={styles.docCardFields}>
                {rest.map((column) => (
                  <div key={column.title} className={styles.docCardField}>
                    <dt>{column.title}</dt>
                    <dd>{column.cell(document)}</dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ul>
        </>
      )}
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
