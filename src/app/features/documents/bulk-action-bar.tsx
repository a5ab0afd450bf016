import { useMutation, useQueryClient } from '@tanstack/react-query';
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
  const [exporting, setExporting] = useState(false);
  const count = selected.length;
  const what = `${String(count)} ${tab}${count === 1 ? '' : 's'}`;

  const exportSelected = async () => {
    if (!requireOnline('Exporting documents')) return;
    setExporting(true);
    try {
      const outcome = await exportDocumentsCsv(selected);
      if (outcome.failed.length > 0) toast(BULK_CSV_FAILED, 'error');
    } finally {
      setExporting(false);
    }
  };

  // Online only (checked before): each document is deleted at once, and the outcome says which could not be.
  const bulkDelete = useMutation({
    mutationFn: (documents: readonly DocumentOut[]) => deleteDocuments(client, documents),
    networkMode: 'always',
    retry: false,
    onSuccess: (outcome) => {
      onDeleted(outcome.done.map((document) => document.id));
      if (outcome.failed.length === 0) toast(deletedText(outcome.done.length, tab), 'success');
      else toast(partialDeleteText(outcome, tab), 'error');
    },
  });

  const busy = exporting || bulkDelete.isPending;

  const deleteSelected = () => {
    setConfirming(false);
    if (!requireOnline('Deleting documents')) return;
    bulkDelete.mutate(selected);
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
          disabled={busy}
          aria-busy={exporting || undefined}
          onClick={() => void exportSelected()}
        >
          Export Selected As CSV
        </button>
        <button
          type="button"
          className="btn btn-danger"
          disabled={busy}
          aria-busy={bulkDelete.isPending || undefined}
          onClick={() => setConfirming(true)}
        >
          Delete Selected
        </button>
        <button type="button" className="btn btn-ghost" disabled={busy} onClick={onClearSelection}>
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
            <button type="button" className="btn btn-danger" onClick={deleteSelected}>
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
