import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { InvoiceOut } from '../../../shared/contract/invoices';
import { invoiceMoneyText } from '../../../shared/invoice-display';
import { formatAmount } from '../../../shared/money';
import type { PaymentOut } from '../../../shared/contract/payments';
import { Dialog } from '../../components/dialog';
import { nonFieldErrorText } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/session';
import { toast } from '../../lib/toast';
import { invoicePaymentsQuery, markInvoicePaid, refreshAfterPayment } from './invoice-payment-queries';
import { PaymentsReview } from './payments-review';
import { amountPaidText, PAYMENT_SUMMARY_TEXT, paymentFlags, shortHash } from './payment-status-text';
import styles from './invoices.module.css';

/** How a report of payment came: the payer's way of paying, or the owner setting the invoice PROCESSING. */
const CLAIM_METHOD_TEXT: Record<string, string> = {
  WALLET: 'Wallet payment',
  TRANSFER: 'Manual transfer',
  BANK: 'Bank transfer',
  OWNER: 'Set to processing by you',
};
const dayTime = (iso: string) => iso.slice(0, 16).replace('T', ' ');

function PaymentRow({ payment, currency }: { payment: PaymentOut; currency: InvoiceOut['fiat_currency'] }) {
  return (
    <li className={styles.paymentRow} data-testid="invoice-payment">
      <span>
        <strong>
          {formatAmount(payment.amount)} {payment.token_symbol}
        </strong>
        {payment.value === null ? null : <span className={styles.muted}> ({invoiceMoneyText(payment.value, currency)})</span>}
      </span>
      <a href={payment.explorer_url} target="_blank" rel="noopener noreferrer" title={payment.tx_hash}>
        {shortHash(payment.tx_hash)}
      </a>
      <span className={styles.muted}>
        {dayTime(payment.block_time)} · {payment.confirmed ? 'confirmed' : `${String(payment.confirmations)} confirmations`}
        {payment.late ? ' · late' : ''}
      </span>
    </li>
  );
}

function MarkPaid({ invoice }: { invoice: InvoiceOut }) {
  const client = useQueryClient();
  const noteId = useId();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const mark = useMutation({
    mutationFn: () => markInvoicePaid(invoice.id, note.trim()),
    onSuccess: async () => {
      setOpen(false);
      toast('Invoice marked paid', 'success');
      await refreshAfterPayment(client, invoice.id);
    },
  });
  return (
    <>
      <button type="button" className="btn" onClick={() => setOpen(true)}>
        Mark paid
      </button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Mark invoice paid"
        actions={
          <>
            <button type="button" className="btn" onClick={() => setOpen(false)}>
              Cancel
            </button>
            <button type="button" className="btn btn-primary" disabled={mark.isPending} onClick={() => mark.mutate()}>
              Mark paid
            </button>
          </>
        }
      >
        <p>Mark "{invoice.name}" paid by hand, for a payment received outside the app. It is recorded as marked by you.</p>
        <div className="field">
          <label htmlFor={noteId}>
            Note <span className="muted">(optional)</span>
          </label>
          <input id={noteId} value={note} maxLength={500} onChange={(event) => setNote(event.target.value)} />
        </div>
        {mark.isError ? (
          <p className="field-error" role="alert">
            {nonFieldErrorText(mark.error)}
          </p>
        ) : null}
      </Dialog>
    </>
  );
}

/**
 * The payments of an issued invoice as its owner sees them: the summary and amount paid, the flags (partially
 * paid, overpaid, paid late, payment reported), each payment with its hash and explorer link, what payers
 * reported, the transfers that need the owner's review for this invoice (assign or dismiss), and 'Mark paid'.
 */
export function InvoicePayments({ invoice }: { invoice: InvoiceOut }) {
  const user = useCurrentUser();
  const canChange = user?.full_access === true;
  const query = useQuery({ ...invoicePaymentsQuery(invoice.id), enabled: invoice.state !== 'DRAFT' });
  const data = query.data;
  if (invoice.state === 'DRAFT' || data === undefined) return null;
  const { status, claims } = data;
  const canMark = canChange && status.summary !== 'PAID' && status.summary !== 'MARKED_PAID' && invoice.state !== 'PAID';
  return (
    <section className={`card ${styles.payments}`} aria-label="Payments">
      <header className={styles.paymentsHeader}>
        <h2 className={styles.caption}>Payments</h2>
        {canMark ? <MarkPaid invoice={invoice} /> : null}
      </header>
      <p className={styles.paymentSummary} data-testid="payment-summary">
        <strong>{PAYMENT_SUMMARY_TEXT[status.summary]}</strong>
        <span>{amountPaidText(status)}</span>
        {paymentFlags(status).map((flag) => (
          <span key={flag} className={styles.flag}>
            {flag}
          </span>
        ))}
      </p>
      {status.payments.length > 0 ? (
        <ul className={styles.paymentList} aria-label="Received payments">
          {status.payments.map((payment) => (
            <PaymentRow key={`${payment.tx_hash}-${payment.amount}`} payment={payment} currency={invoice.fiat_currency} />
          ))}
        </ul>
      ) : null}
      {claims.length > 0 ? (
        <div>
          <h3 className={styles.caption}>Reported payments</h3>
          <ul className={styles.paymentList}>
            {claims.map((claim) => (
              <li key={claim.id} className={styles.paymentRow}>
                <span>
                  {CLAIM_METHOD_TEXT[claim.method] ?? claim.method} ·{' '}
                  {dayTime(claim.created_at)}
                </span>
                {claim.tx_hash ? <span className={styles.mono}>{shortHash(claim.tx_hash)}</span> : null}
                {claim.email ? <span className={styles.muted}>{claim.email}</span> : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <PaymentsReview invoiceId={invoice.id} />
      {data.marked_note ? <p className={styles.muted}>Note: {data.marked_note}</p> : null}
    </section>
  );
}
