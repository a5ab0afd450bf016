import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import dayjs from 'dayjs';
import type { InvoiceState } from '../../../shared/enums';
import { Spinner } from '../../components/spinner';
import { UpgradeDialog } from '../../components/upgrade-dialog';
import { formatFiat } from '../../lib/fiat';
import { dashboardDocumentsQuery } from './overview-queries';
import type { DocumentOut } from '../../../shared/contract/documents';
import { useCreateInvoice } from './use-create-invoice';
import styles from './overview.module.css';

const COLUMNS: { state: InvoiceState; title: string }[] = [
  { state: 'DUE', title: 'Awaiting Payment' },
  { state: 'PAID', title: 'Payment Completed' },
];

export const NO_DOCUMENTS_TEXT = 'No Documents Made';

function contactName(document: DocumentOut): string {
  const contact = document.invoice?.contact;
  if (!contact) return '';
  const name = [contact.first_name, contact.last_name].filter(Boolean).join(' ');
  return contact.company || name;
}

function DocumentRow({ document }: { document: DocumentOut }) {
  const invoice = document.invoice;
  const amount =
    invoice?.total_amount && invoice.fiat_currency ? formatFiat(invoice.total_amount, invoice.fiat_currency) : null;
  const who = contactName(document);
  return (
    <li>
      <Link to="/invoices/$id" params={{ id: invoice?.id ?? document.id }} className={styles.documentRow}>
        <span className={styles.documentName}>{document.name || invoice?.name || 'Invoice'}</span>
        {who ? <span className="muted">{who}</span> : null}
        <span className={styles.documentMeta}>
          <span>{dayjs(document.created_at).format('MMM DD, YYYY')}</span>
          {amount ? <strong>{amount}</strong> : null}
        </span>
      </Link>
    </li>
  );
}

function DocumentColumn({ state, title }: { state: InvoiceState; title: string }) {
  const documents = useQuery(dashboardDocumentsQuery(state));
  const headingId = `invoices-${state.toLowerCase()}`;
  return (
    <div className={styles.documentColumn} aria-labelledby={headingId} role="group">
      <h3 id={headingId} className={styles.columnTitle}>
        <span className={state === 'PAID' ? styles.dotPaid : styles.dotDue} aria-hidden="true" />
        {title}
      </h3>
      {documents.isPending ? (
        <Spinner label={`Loading ${title}`} />
      ) : documents.data && documents.data.length > 0 ? (
        <ul className={styles.documentList}>
          {documents.data.map((document) => (
            <DocumentRow key={document.id} document={document} />
          ))}
        </ul>
      ) : documents.isError && !documents.data ? (
        <p className="muted">Invoices could not be loaded.</p>
      ) : (
        <p className="muted">{NO_DOCUMENTS_TEXT}</p>
      )}
    </div>
  );
}

/** Invoicing (docs/overview.md): the 2 latest invoices awaiting payment and paid, and 'Create Invoice'. */
export function InvoicingSection() {
  const { start, checking, limitText, dismissLimit } = useCreateInvoice();

  return (
    <section className={`card ${styles.section} ${styles.invoicing}`} aria-labelledby="invoicing-title">
      <div className={styles.sectionHeader}>
        <h2 id="invoicing-title" className={styles.cardTitle}>
          Invoicing
        </h2>
        <button
          type="button"
          className="btn btn-primary"
          disabled={checking}
          aria-busy={checking || undefined}
          onClick={() => void start()}
        >
          Create Invoice
        </button>
      </div>
      <div className={styles.documentColumns}>
        {COLUMNS.map((column) => (
          <DocumentColumn key={column.state} state={column.state} title={column.title} />
        ))}
      </div>
      <UpgradeDialog open={limitText !== null} message={limitText ?? ''} onClose={dismissLimit} />
    </section>
  );
}
