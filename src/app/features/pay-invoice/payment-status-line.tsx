import type { PaymentStatusOut } from '../../../shared/contract/payments';
import { amountPaidText, PAYMENT_SUMMARY_TEXT, paymentFlags } from '../invoices';
import styles from './pay-invoice.module.css';

/** The payment status as the payer reads it: the summary, how much is paid, the flags. Nothing before a payment. */
export function PaymentStatusLine({ status }: { status: PaymentStatusOut }) {
  if (status.summary === 'UNPAID') return null;
  const flags = paymentFlags(status).filter((flag) => flag !== PAYMENT_SUMMARY_TEXT[status.summary]);
  return (
    <p className={`card ${styles.status}`} role="status" data-testid="payment-status">
      <strong>{PAYMENT_SUMMARY_TEXT[status.summary]}</strong>
      <span>{amountPaidText(status)}</span>
      {flags.map((flag) => (
        <span key={flag} className={styles.flag}>
          {flag}
        </span>
      ))}
    </p>
  );
}
