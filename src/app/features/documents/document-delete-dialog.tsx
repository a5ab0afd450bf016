import type { DocumentOut } from '../../../shared/contract/documents';
import { Dialog } from '../../components/dialog';

interface DocumentDeleteDialogProps {
  document: DocumentOut | null;
  onCancel: () => void;
  onConfirm: (document: DocumentOut) => void;
}

/** Asks before an invoice or report is deleted (docs/documents.md). */
export function DocumentDeleteDialog({ document, onCancel, onConfirm }: DocumentDeleteDialogProps) {
  const invoice = document?.kind === 'INVOICE';
  return (
    <Dialog
      open={document !== null}
      onClose={onCancel}
      title={invoice ? 'Delete invoice' : 'Delete report'}
      actions={
        <>
          <button type="button" className="btn" onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className="btn btn-danger" onClick={() => document && onConfirm(document)}>
            Delete
          </button>
        </>
      }
    >
      <p>{invoice ? 'Are you sure you want to delete your invoice?' : 'Are you sure you want to delete your report?'}</p>
    </Dialog>
  );
}
