import type { WalletOut } from '../../../shared/contract/wallets';
import { Dialog } from '../../components/dialog';
import styles from './wallets.module.css';

interface DeleteWalletDialogProps {
  wallet: WalletOut;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Deleting a wallet that documents were made from: they are listed, and deleted too (docs/wallets.md). */
export function DeleteWalletDialog({ wallet, onCancel, onConfirm }: DeleteWalletDialogProps) {
  return (
    <Dialog
      open
      onClose={onCancel}
      title="Delete wallet?"
      actions={
        <>
          <button type="button" className="btn" onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className="btn btn-danger" onClick={onConfirm}>
            Delete
          </button>
        </>
      }
    >
      <p className={styles.dialogText}>
        Deleting <strong>{wallet.name}</strong> also deletes these documents made from it:
      </p>
      <ul className={styles.documentNames}>
        {wallet.wallet_documents.map((document) => (
          <li key={document.id}>{document.name}</li>
        ))}
      </ul>
    </Dialog>
  );
}
