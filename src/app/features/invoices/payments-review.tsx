import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { invoiceMoneyText } from '../../../shared/invoice-display';
import { formatAmount } from '../../../shared/money';
import type { ReviewPaymentOut } from '../../../shared/contract/payments';
import { useCurrentUser } from '../../lib/session';
import { ftcReviewTransfersQuery } from '../ftc';
import { BankTransferReviewRow } from './bank-transfer-review-row';
import { assignPayment, dismissPayment, paymentsReviewQuery, refreshAfterPayment } from './invoice-payment-queries';
import { shortHash } from './payment-status-text';
import { ReviewActions } from './review-actions';
import styles from './invoices.module.css';

function ReviewRow({ item, invoiceId }: { item: ReviewPaymentOut; invoiceId?: string }) {
  const client = useQueryClient();
  const [chosen, setChosen] = useState(invoiceId ?? item.candidates[0]?.invoice ?? '');
  const assign = useMutation({
    mutationFn: () => assignPayment(item.id, chosen),
    onSuccess: () => refreshAfterPayment(client, chosen),
  });
  const dismiss = useMutation({
    mutationFn: () => dismissPayment(item.id),
    onSuccess: () => refreshAfterPayment(client, chosen),
  });
  const busy = assign.isPending || dismiss.isPending;
  return (
    <li className={styles.paymentRow} data-testid="review-payment">
      <span>
        <strong>
          {formatAmount(item.amount)} {item.token_symbol}
        </strong>{' '}
        <span className={styles.muted}>
          to {item.to_address.slice(0, 6)}…{item.to_address.slice(-4)} ·{' '}
          {item.reason === 'AMBIGUOUS' ? 'fits several invoices' : 'matches no invoice exactly'}
        </span>
      </span>
      <a href={item.explorer_url} target="_blank" rel="noopener noreferrer" title={item.tx_hash}>
        {shortHash(item.tx_hash)}
      </a>
      <ReviewActions
        selectLabel="Invoice this payment is for"
        choices={item.candidates.map((candidate) => ({
          value: candidate.invoice,
          label: `${candidate.name} · due ${invoiceMoneyText(candidate.amount_due, candidate.fiat_currency)}`,
        }))}
        chosen={chosen}
        onChoose={setChosen}
        busy={busy}
        onAssign={() => assign.mutate()}
        onDismiss={() => dismiss.mutate()}
      />
    </li>
  );
}

/**
 * Transfers to the owner's receiving addresses that no rule could assign to one invoice (they fit several, or none
 * exactly): each with its hash and explorer link, to assign to one of the open invoices or dismiss. On the
 * documents screen (no `invoiceId`) also the euro bank transfers to the owner's Fiat-to-Crypto account that named
 * no invoice they could pay. With `invoiceId`, only the on-chain ones that may pay that invoice, with it chosen.
 * Nothing when there is none; guests see none.
 */
export function PaymentsReview({ invoiceId }: { invoiceId?: string }) {
  const user = useCurrentUser();
  const owner = user?.full_access === true;
  const query = useQuery({ ...paymentsReviewQuery(), enabled: owner });
  const bank = useQuery({ ...ftcReviewTransfersQuery(), enabled: owner && invoiceId === undefined });
  const items = (query.data ?? []).filter(
    (item) => invoiceId === undefined || item.candidates.some((candidate) => candidate.invoice === invoiceId),
  );
  const transfers = invoiceId === undefined ? (bank.data ?? []) : [];
  const count = items.length + transfers.length;
  if (count === 0) return null;
  const title = invoiceId === undefined ? `Payments to review (${String(count)})` : 'Needs review';
  return (
    <section className={invoiceId === undefined ? `card ${styles.payments}` : undefined} aria-label={title}>
      <h2 className={styles.caption}>{title}</h2>
      <ul className={styles.paymentList}>
        {items.map((item) => (
          <ReviewRow key={item.id} item={item} invoiceId={invoiceId} />
        ))}
        {transfers.map((transfer) => (
          <BankTransferReviewRow key={transfer.id} transfer={transfer} />
        ))}
      </ul>
    </section>
  );
}
