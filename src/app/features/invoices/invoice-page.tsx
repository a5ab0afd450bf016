import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useEffect, useRef, type MouseEvent } from 'react';
import type { InvoiceOut } from '../../../shared/contract/invoices';
import { MESSAGES } from '../../../shared/messages';
import { Spinner } from '../../components/spinner';
import { toast } from '../../lib/toast';
import { needsNetworkText, requireOnline } from '../../lib/network-actions';
import { NoticeCard, PageFrame } from '../../components/page-frame';
import { pathOf } from '../../../shared/contract/endpoint';
import { paymentEndpoints } from '../../../shared/contract/payments';
import { buildUrl } from '../../lib/api-client';
import { InvoicePayments } from './invoice-payments';
import { InvoiceSheet } from './invoice-sheet';
import { invoicePdfUrl } from './invoice-pdf-link';
import { invoiceFailure, invoiceQuery } from './invoice-queries';
import styles from './invoices.module.css';

export const INVOICE_NEEDS_NETWORK = needsNetworkText('Opening this invoice');

/** Lets a PDF link through only online; offline it says the PDF needs the network. */
function onlineOnly(action: string) {
  return (event: MouseEvent<HTMLAnchorElement>) => {
    if (!requireOnline(action)) event.preventDefault();
  };
}

function InvoiceActions({ invoice }: { invoice: InvoiceOut }) {
  return (
    <>
      <a className="btn" href={invoicePdfUrl(invoice.id, true)} download onClick={onlineOnly('Downloading the PDF')}>
        Download PDF
      </a>
      <a
        className="btn"
        href={invoicePdfUrl(invoice.id, false)}
        target="_blank"
        rel="noopener noreferrer"
        onClick={onlineOnly('Viewing the PDF')}
      >
        View PDF
      </a>
      {/* Only drafts can be edited (docs/invoices.md). */}
      {invoice.state === 'DRAFT' ? (
        <Link className="btn" to="/new-invoice" state={{ invoiceId: invoice.id }}>
          Edit
        </Link>
      ) : null}
      {/* Only an invoice awaiting payment can be paid (docs/invoices.md). */}
      {invoice.state === 'DUE' ? (
        <Link className="btn btn-primary" to="/pay-invoice/$id" params={{ id: invoice.id }}>
          Pay Invoice
        </Link>
      ) : null}
    </>
  );
}

/**
 * /invoices/$id (docs/invoices.md): the invoice in its template's layout with its PDF links and,
 * while it awaits payment, 'Pay Invoice'. A fetch the server refuses shows 'Invoice not found' and goes to /auth
 * (docs/invoices.md); without a network and without a saved copy the page says the invoice needs the network.
 */
export function InvoicePage() {
  const id = useParams({ strict: false, select: (params) => params.id ?? '' });
  const navigate = useNavigate();
  const query = useQuery(invoiceQuery(id));
  const failure = query.isError ? invoiceFailure(query.error) : null;

  const announced = useRef<unknown>(null);
  useEffect(() => {
    if (failure !== 'not-found' || announced.current === query.error) return;
    announced.current = query.error;
    toast(MESSAGES.invoiceNotFound, 'error');
    void navigate({ to: '/auth', replace: true });
  }, [failure, query.error, navigate]);

  const invoice = failure === 'not-found' ? undefined : query.data;
  return (
    <PageFrame title="Invoice" actions={invoice ? <InvoiceActions invoice={invoice} /> : undefined}>
      {invoice ? (
        <>
          <InvoicePayments invoice={invoice} />
          <InvoiceSheet
            invoice={invoice}
            attachments={invoice.attachments.map((file, index) => ({
              name: file.name,
              href: buildUrl(pathOf(paymentEndpoints.getInvoiceAttachment.path, { id: invoice.id, index }), { download: false }),
            }))}
          />
        </>
      ) : (query.isPending && query.fetchStatus === 'paused') || failure === 'offline' ? (
        <NoticeCard>
          <p>{INVOICE_NEEDS_NETWORK}</p>
          {failure === 'offline' ? (
            <button type="button" className="btn" onClick={() => void query.refetch()}>
              Try again
            </button>
          ) : null}
        </NoticeCard>
      ) : failure === 'not-found' ? null : (
        <div className={styles.loading}>
          <Spinner label="Loading invoice" showLabel />
        </div>
      )}
    </PageFrame>
  );
}
