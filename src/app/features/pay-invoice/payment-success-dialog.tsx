import { useNavigate } from '@tanstack/react-router';
import { ownerDisplayName } from '../../../shared/invoice-display';
import type { PublicInvoiceOut } from '../../../shared/contract/payments';
import { Dialog } from '../../components/dialog';
import { PAYMENT_TEXTS } from './pay-invoice-texts';
import styles from './pay-invoice.module.css';

interface PaymentSuccessDialogProps {
  invoice: PublicInvoiceOut;
  hash: string | null;
  explorerUrl: string | null;
}

/** 'Payment successfully sent', naming the invoice and its owner; DONE goes to /overview. */
export function PaymentSuccessDialog({ invoice, hash, explorerUrl }: PaymentSuccessDialogProps) {
  const navigate = useNavigate();
  const done = () => void navigate({ to: '/overview' });
  return (
    <Dialog
      open={hash !== null}
      onClose={done}
      title={PAYMENT_TEXTS.successTitle}
      actions={
        <button type="button" className="btn btn-primary" onClick={done}>
          DONE
        </button>
      }
    >
      <p>
        Your payment of invoice <strong>{invoice.name}</strong> to <strong>{ownerDisplayName(invoice.owner)}</strong> was sent. The
        invoice is marked paid once the network confirms it.
      </p>
      {hash === null ? null : (
        <p className={styles.hash}>
          Transaction:{' '}
          {explorerUrl === null ? (
            <span>{hash}</span>
          ) : (
            <a href={explorerUrl} target="_blank" rel="noopener noreferrer">
              {hash}
            </a>
          )}
        </p>
      )}
    </Dialog>
  );
}
