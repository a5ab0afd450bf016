import { Link } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import type { User } from '../../../shared/api-types';
import { Popover } from '../../components/popover';
import { useSignOut } from '../../lib/use-sign-out';
import { ThemeToggle } from '../../components/theme-toggle';
import { Spinner } from '../../components/spinner';
import { Avatar } from './avatar';
import styles from './account-menu.module.css';

/** The wallet list (with the wallet schemas it reads) loads when the menu is first opened, not with the top bar. */
const ConnectedWallets = lazy(() => import('./connected-wallets').then(({ ConnectedWallets: list }) => ({ default: list })));

/** Who is signed in: the e-mail for Google users, else the address. */
export function signedInAs(user: Pick<User, 'type' | 'signed_email' | 'email' | 'address'>): string {
  if (user.type === 'GOOGLE') return user.signed_email ?? user.email;
  return user.address || user.signed_email || user.email;
}

/** The account menu of docs/app-shell.md "Top bar and menus". */
export function AccountMenu({ user }: { user: User }) {
  const signingOut = useSignOut();

  return (
    <Popover label="Account menu" trigger={<Avatar user={user} />} triggerClassName={styles.trigger}>
      {(close) => (
        <div className={styles.panel}>
          <div className={styles.identity}>
            <span className={styles.note}>Signed in as</span>
            <span className={styles.identityValue}>{signedInAs(user)}</span>
          </div>
          <Suspense fallback={<Spinner label="Loading wallets" />}>
            <ConnectedWallets user={user} />
          </Suspense>
          <ul className={styles.links}>
            {user.full_access ? (
              <>
                <li>
                  <Link to="/wallets" state={{ openDialog: 'add-wallet' }} className={`menu-item ${styles.item}`} onClick={close}>
                    Add additional wallet
                  </Link>
                </li>
                <li>
                  <Link to="/pricing" className={`menu-item ${styles.item}`} onClick={close}>
                    Get premium
                  </Link>
                </li>
              </>
            ) : null}
            {user.is_staff ? (
              <li>
                <Link to="/admin" className={`menu-item ${styles.item}`} onClick={close}>
                  Switch to Admin
                </Link>
              </li>
            ) : null}
            {user.full_access ? (
              <li>
                <Link to="/settings" search={{ section: 'profile' }} className={`menu-item ${styles.item}`} onClick={close}>
                  Your profile
                </Link>
              </li>
            ) : null}
            <li>
              <ThemeToggle className={`menu-item ${styles.item} ${styles.itemButton}`} />
            </li>
            <li>
              <button
                type="button"
                className={`menu-item ${styles.item} ${styles.itemButton}`}
                disabled={signingOut.isPending}
                onClick={() => signingOut.mutate(undefined, { onSettled: close })}
              >
                Sign out
              </button>
            </li>
          </ul>
        </div>
      )}
    </Popover>
  );
}
