import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FtcTransferOut } from '../../../shared/contract/ftc';
import { bankTransferText, ftcCalls, ftcKeys, openFtcInvoicesQuery } from '../ftc';
import { refreshAfterPayment } from './invoice-payment-queries';
import { ReviewActions } from './review-actions';
import styles from './invoices.module.css';

/**
 * A euro bank transfer to the owner's Fiat-to-Crypto account that named no invoice it could pay: its amount,
 * reference and day, to assign to one of the open FTC invoices or dismiss (docs/fiat-to-crypto.md).
 */
export function BankTransferReviewRow({ transfer }: { transfer: FtcTransferOut }) {
  const client = useQueryClient();
  const choices = useQuery(openFtcInvoicesQuery()).data ?? [];
  const [picked, setPicked] = useState('');
  const chosen = choices.some((choice) => choice.value === picked) ? picked : (choices[0]?.value ?? '');
  const refresh = async () => {
    await Promise.all([
      client.invalidateQueries({ queryKey: ftcKeys.review }),
      client.invalidateQueries({ queryKey: ftcKeys.openInvoices }),
      chosen === '' ? undefined : refreshAfterPayment(client, chosen),
    ]);
  };
  const assign = useMutation({ mutationFn: () => ftcCalls.assignTransfer(transfer.id, chosen), onSuccess: refresh });
  const dismiss = useMutation({ mutationFn: () => ftcCalls.dismissTransfer(transfer.id), onSuccess: refresh });
  const busy = assign.isPending || dismiss.isPending;
  const text = bankTransferText(transfer);
  return (
    <li className={styles.paymentRow} data-testid="review-bank-transfer">
      <span>
        <strong>{text.amount}</strong> <span className={styles.muted}>· {text.reference}</span>
      </span>
      <span className={styles.muted}>received {text.day}</span>
      <ReviewActions
        selectLabel="Invoice this transfer is for"
        choices={choices}
        chosen={chosen}
        onChoose={setPicked}
        busy={busy}
        onAssign={() => assign.mutate()}
        onDismiss={() => dismiss.mutate()}
      />
    </li>
  );
}
