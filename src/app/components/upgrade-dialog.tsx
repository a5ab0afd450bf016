import { useNavigate } from '@tanstack/react-router';
import { Dialog } from './dialog';
import styles from './upgrade-dialog.module.css';

interface UpgradeDialogProps {
  open: boolean;
  onClose: () => void;
  /** The plan-limit text (MESSAGES.invoiceLimit / walletLimit / transactionLimit). */
  message: string;
}

/** Upgrade dialog of docs/app-shell.md: why the action is blocked, and 'EXPLORE PLANS' to /pricing. */
export function UpgradeDialog({ open, onClose, message }: UpgradeDialogProps) {
  const navigate = useNavigate();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Upgrade your plan"
      actions={
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => {
            onClose();
            void navigate({ to: '/pricing' });
          }}
        >
          EXPLORE PLANS
        </button>
      }
    >
      <p className={styles.upgradeText}>{message}</p>
      <p className={styles.upgradeHint}>
        Paid plans raise the limits on wallets, invoices and loaded transactions, and add portfolio history and the
        accounting integration.
      </p>
    </Dialog>
  );
}
