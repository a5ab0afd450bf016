import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { DocumentOut } from '../../../shared/contract/documents';
import { Dialog } from '../../components/dialog';
import { toast } from '../../lib/toast';
import { requireOnline } from '../../lib/network-actions';
import { BULK_CSV_FAILED, deleteDocuments, deletedText, exportDocumentsCsv, partialDeleteText } from './bulk-actions';
import type { DocumentTab } from './document-keys';
import styles from './bulk-actions.module.css';

interface BulkActionBarProps {
  tab: DocumentTab;
  selected: readonly DocumentOut[];
  /** Called after a delete with the ids that are gone. */
  onDeleted: (ids: string[]) => void;
  onClearSelection: () => void;
}

/** 'N selected' with 'Export Selected As CSV' and 'Delete Selected' (after a confirmation) for the chosen rows. */
export function BulkActionBar({ tab, selected, onDeleted, onClearSelection }: BulkActionBarProps) {
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState<'delete' | 'export' | null>(null);
  const count = selected.length;
  const what = `${String(count)} ${tab}${count === 1 ? '' : 's'}`;

  const exportSelected = async () => {
    if (!requireOnline('Exporting documents')) return;
    setBusy('export');
    try {
      const outcome = await exportDocumentsCsv(selected);
      if (outcome.failed.length > 0) toast(BULK_CSV_FAILED, 'error');
    } finally {
      setBusy(null);
    }
  };

  const deleteSelected = async () => {
    setConfirming(false);
    if (!requireOnline('Deleting documents')) return;
    setBusy('delete');
    try {
      const outcome = await deleteDocuments(client, selected);
      onDeleted(outcome.done.map((document) => document.id));
      if (outcome.failed.length === 0) toast(deletedText(outcome.done.length, tab), 'success');
      else toast(partialDeleteText(outcome, tab), 'error');
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className={styles.bar} role="region" aria-label="Selected documents">
      <span className={styles.count} aria-live="polite">
        {count} selected
      </span>
      <div className={styles.actions}>
        <button
          type="button"
          className="btn"
          disabled={busy !== null}
          aria-busy={busy === 'export' || undefined}
          onClick={() => void exportSelected()}
        >
          Export Selected As CSV
        </button>
        <button
          type="button"
          className="btn btn-danger"
          disabled={busy !== null}
          aria-busy={busy === 'delete' || undefined}
          onClick={() => setConfirming(true)}
        >
          Delete Selected
        </button>
        <button type="button" className="btn btn-ghost" disabled={busy !== null} onClick={onClearSelection}>
          Clear selection
        </button>
      </div>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Delete selected"
        actions={
          <>
            <button type="button" className="btn" onClick={() => setConfirming(false)}>
              Cancel
            </button>
            <button type="button" className="btn btn-danger" onClick={() => void deleteSelected()}>
              Delete
            </button>
          </>
        }
      >
        <p>Are you sure you want to delete the {what} you selected?</p>
      </Dialog>
    </div>
  );
}
