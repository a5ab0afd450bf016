import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { User } from '../../../shared/api-types';
import { Dialog } from '../../components/dialog';
import { TUTORIAL_START } from '../../lib/navigation-state';
import { PRODUCT_NAME } from '../top-bar';
import { TUTORIAL_END_FAILED } from '../tutorial';
import { updateStoredUser } from '../../lib/session';
import { toast } from '../../lib/toast';
import { useUpdateUser } from '../../lib/use-update-user';
import styles from './overview.module.css';

/**
 * 'Welcome to {product}!' (docs/overview.md): 'Get started' runs the tutorial from its first step; 'Maybe Later'
 * marks it viewed (it stays available from Settings and the FAQ).
 */
export function WelcomeDialog({ user }: { user: User }) {
  const navigate = useNavigate();
  const update = useUpdateUser();
  const [open, setOpen] = useState(true);

  const later = () => {
    setOpen(false);
    // Stored at once, so the dialog stays away even before the server answers (or while offline).
    updateStoredUser({ ...user, is_tutorial_viewed: true });
    update.mutate(
      { is_tutorial_viewed: true },
      { onError: () => toast(TUTORIAL_END_FAILED, 'error') },
    );
  };

  return (
    <Dialog
      open={open && !user.is_tutorial_viewed}
      onClose={later}
      title={`Welcome to ${PRODUCT_NAME}!`}
      actions={
        <>
          <button type="button" className="btn" onClick={later}>
            Maybe Later
          </button>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => {
              setOpen(false);
              void navigate({ to: '/wallets', state: { tutorial: TUTORIAL_START } });
            }}
          >
            Get started
          </button>
        </>
      }
    >
      <p className={styles.dialogText}>
        Take a quick tour of your wallets, dashboard, transactions, contacts and documents. It takes about 2 minutes.
      </p>
    </Dialog>
  );
}
