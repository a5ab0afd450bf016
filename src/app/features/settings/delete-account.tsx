import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { userEndpoints } from '../../../shared/contract/users';
import { Dialog } from '../../components/dialog';
import { alreadyAnnounced, api } from '../../lib/api-client';
import { signOutLocally } from '../../lib/session';
import { signInErrorText } from '../../lib/error-text';
import styles from './settings.module.css';

/**
 * 'Delete account permanently' (docs/settings.md): asks for confirmation, deletes the account and everything in
 * it on the server, forgets the session on this device and goes to the login page.
 */
export function DeleteAccount() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState('');
  const remove = useMutation({
    mutationFn: () => api.call(userEndpoints.deleteUser, {}),
    // Sent at once and never queued: the answer decides what this device does next.
    networkMode: 'always',
    retry: false,
    onSuccess: async () => {
      setOpen(false);
      await signOutLocally();
      await navigate({ to: '/auth', replace: true });
    },
    // No response, 401, 403 and 5xx were already announced by the API client's toast.
    onError: (caught) => setError(alreadyAnnounced(caught) ? 'Your account was not deleted.' : signInErrorText(caught)),
  });
  const deleting = remove.isPending;

  function confirm(): void {
    setError('');
    remove.mutate();
  }

  return (
    <>
      <button
        type="button"
        className="btn btn-danger"
        onClick={() => {
          setError('');
          setOpen(true);
        }}
      >
        Delete account permanently
      </button>
      <Dialog
        open={open}
        onClose={() => {
          if (!deleting) setOpen(false);
        }}
        title="Delete your account?"
        actions={
          <>
            <button type="button" className="btn" onClick={() => setOpen(false)} disabled={deleting}>
              Cancel
            </button>
            <button
              type="button"
              className="btn btn-danger"
              onClick={confirm}
              disabled={deleting}
              aria-busy={deleting || undefined}
            >
              Delete my account
            </button>
          </>
        }
      >
        <p className={styles.dialogText}>
          Your profile, wallets, contacts, labels, documents and invoices are removed from Ledgerloop for good. Your
          coins are not affected: they stay in your wallets. This cannot be undone.
        </p>
        {error ? (
          <p className="field-error" role="alert">
            {error}
          </p>
        ) : null}
      </Dialog>
    </>
  );
}
