/** The columns of the invoice and report lists (docs/documents.md). */
import type { DocumentOut } from '../../../shared/contract/documents';
import { PaymentStatusNote } from '../invoices';
import type { DocumentColumn } from './document-table';
import {
  dayText,
  dueDateText,
  GENERATING_TEXT,
  invoiceAmountText,
  isGenerating,
  kindText,
  reportRangeText,
} from './document-display';
import { StatusBadge } from './status-badge';
import styles from './documents.module.css';

function NameCell({ document }: { document: DocumentOut }) {
  return <span className={styles.name}>{document.name}</span>;
}

/** Name, Status, Date Created, Due Date, Amount (then Action). */
export const INVOICE_COLUMNS: readonly DocumentColumn[] = [
  { title: 'Name', cell: (document) => <NameCell document={document} /> },
  {
    title: 'Status',
    cell: (document) => {
      const state = document.invoice?.state ?? document.state;
      if (!state) return '—';
      return (
        <span className={styles.statusCell}>
          <StatusBadge state={state} />
          {document.invoice ? <PaymentStatusNote invoiceId={document.invoice.id} state={state} /> : null}
        </span>
      );
    },
  },
  { title: 'Date Created', cell: (document) => dayText(document.created_at) },
  { title: 'Due Date', cell: (document) => dueDateText(document) },
  { title: 'Amount', cell: (document) => <span className={styles.amount}>{invoiceAmountText(document)}</span> },
];

/** Name, Type, Report range, Date Created (then Action). */
export const REPORT_COLUMNS: readonly DocumentColumn[] = [
  { title: 'Name', cell: (document) => <NameCell document={document} /> },
  {
    title: 'Type',
    cell: (document) => (
      <span className={styles.typeCell}>
        {kindText(document)}
        {isGenerating(document) ? <span className={styles.generating}>{GENERATING_TEXT}</span> : null}
      </span>
    ),
  },
  { title: 'Report range', cell: (document) => reportRangeText(document) },
  { title: 'Date Created', cell: (document) => dayText(document.created_at) },
];
