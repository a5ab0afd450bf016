import { useQuery } from '@tanstack/react-query';
import type { InvoiceState } from '../../../shared/enums';
import { invoicePaymentStatusQuery } from './invoice-payment-queries';
import { amountPaidText, PAYMENT_SUMMARY_TEXT, paymentFlags } from './payment-status-text';
import styles from './invoices.module.css';

/**
 * Under an invoice's state in a list: what is paid so far and the flags (partially paid, overpaid, paid late,
 * payment reported, marked paid). Nothing for drafts, nor while nothing has been paid or reported.
 */
export function PaymentStatusNote({ invoiceId, state }: { invoiceId: string; state: InvoiceState }) {
  const query = useQuery({ ...invoicePaymentStatusQuery(invoiceId), enabled: state !== 'DRAFT' });
  const status = query.data;
  if (state === 'DRAFT' || status === undefined || status.summary === 'UNPAID') return null;
  const flags = paymentFlags(status);
  const parts = status.summary === 'PAID' && flags.length === 0 ? [] : [PAYMENT_SUMMARY_TEXT[status.summary], ...flags];
  if (parts.length === 0) return null;
  return (
    <span className={styles.note} data-testid="payment-note">
      {[...new Set(parts)].join(' · ')}
      {status.summary === 'PAID' || status.summary === 'MARKED_PAID' ? null : <span>{amountPaidText(status)}</span>}
    </span>
  );
}
