import type { ContactOut } from '../../../shared/data-types';
import { Dialog } from '../../components/dialog';
import { contactName } from './contact-search';

interface ContactDeleteDialogProps {
  contact: ContactOut | null;
  onCancel: () => void;
  onConfirm: (contact: ContactOut) => void;
}

/** Asks before a contact is deleted. */
export function ContactDeleteDialog({ contact, onCancel, onConfirm }: ContactDeleteDialogProps) {
  return (
    <Dialog
      open={contact !== null}
      onClose={onCancel}
      title="Delete contact"
      actions={
        <>
          <button type="button" className="btn" onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className="btn btn-danger" onClick={() => contact && onConfirm(contact)}>
            Delete
          </button>
        </>
      }
    >
      <p>Are you sure you want to delete {contact ? contactName(contact) : 'this contact'}?</p>
    </Dialog>
  );
}
