import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { invoiceFromText } from '../../../shared/invoice-display';
import { MESSAGES } from '../../../shared/messages';
import type { PublicInvoiceOut } from '../../../shared/contract/payments';
import { Spinner } from '../../components/spinner';
import { NetworkError } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { InvoiceSheet } from '../invoices';
import { NoticeCard, PageFrame } from '../../components/page-frame';
import { PaymentStatusLine } from './payment-status-line';
import { publicInvoiceQuery } from './pay-invoice-queries';
import styles from './pay-invoice.module.css';

function PayButton({ invoice }: { invoice: PublicInvoiceOut }) {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="btn btn-primary"
      onClick={() => void navigate({ to: '/pay-invoice/$id/payment', params: { id: invoice.id }, state: { invoice } })}
    >
      Pay Invoice
    </button>
  );
}

/**
 * /pay-invoice/$id (docs/pay-invoice.md): the invoice as its payer reads it, signed in or not: 'Invoice from …',
 * the invoice in its template's layout with its state and attachments, how much is paid, and 'Pay Invoice' while
 * it awaits payment. A missing or draft invoice says 'Invoice not found' and goes to /auth.
 */
export function PayInvoicePage() {
  const id = useParams({ strict: false, select: (params) => params.id ?? '' });
  const navigate = useNavigate();
  const query = useQuery(publicInvoiceQuery(id));
  const offline = query.isError && query.error instanceof NetworkError;
  const notFound = query.isError && !offline;

  const announced = useRef<unknown>(null);
  useEffect(() => {
    if (!notFound || announced.current === query.error) return;
    announced.current = query.error;
    toast(MESSAGES.invoiceNotFound, 'error');
    void navigate({ to: '/auth', replace: true });
  }, [notFound, query.error, navigate]);

  const invoice = query.data;
  if (invoice === undefined) {
    return (
      <PageFrame title="Invoice">
        {offline ? (
          <NoticeCard>
            <p>{MESSAGES.networkProblem}</p>
            <button type="button" className="btn" onClick={() => void query.refetch()}>
              Try again
            </button>
          </NoticeCard>
        ) : notFound ? null : (
          <div className={styles.loading}>
            <Spinner label="Loading invoice" showLabel />
          </div>
        )}
      </PageFrame>
    );
  }
  return (
    <PageFrame title={invoiceFromText(invoice.owner)} actions={invoice.state === 'DUE' ? <PayButton invoice={invoice} /> : undefined}>
      <PaymentStatusLine status={invoice.payment} />
      <InvoiceSheet invoice={invoice} attachments={invoice.attachments.map((file) => ({ name: file.name, href: file.url }))} />
    </PageFrame>
  );
}
