import { Link } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import type { User } from '../../../shared/api-types';
import { LogoMark } from '../../components/logo-mark';
import { getStoredUser, useCurrentUser } from '../../lib/session';
import { ThemeToggle } from '../../components/theme-toggle';
import { OfflineIndicator } from './offline-indicator';
import styles from './top-bar.module.css';

const loadSignedInBar = () => import('./signed-in-bar');
/** Tabs, search and menus load only for a signed-in user: signed-out pages (a payer's invoice, the FAQ) go without. */
const SignedInBar = lazy(() => loadSignedInBar().then(({ SignedInBar: bar }) => ({ default: bar })));
// Someone already signed in needs them at once: start loading with the top bar itself.
if (getStoredUser()) void loadSignedInBar();

export const PRODUCT_NAME = 'Ledgerloop';

function Brand({ user }: { user: User | null }) {
  return (
    <Link to={user ? '/overview' : '/auth'} className={styles.brand} aria-label={`${PRODUCT_NAME} home`}>
      <LogoMark size={32} />
      <span className={styles.brandName}>{PRODUCT_NAME}</span>
      {user?.is_business ? <span className={styles.businessTag}>Business</span> : null}
    </Link>
  );
}

/** The top bar of docs/app-shell.md: logo, main tabs, (search slot), fiat picker, quick-create and account menus. */
export function TopBar() {
  const user = useCurrentUser();
  return (
    <header className={styles.topBar}>
      <div className={styles.row}>
        <Brand user={user} />
        {user ? (
          <Suspense fallback={<div className={styles.searchSlot} />}>
            <SignedInBar user={user} />
          </Suspense>
        ) : (
          <>
            <div className={styles.searchSlot} />
            <div className={styles.actions}>
              <ThemeToggle className={styles.themeCompact} />
              <Link to="/auth" className="btn btn-primary">
                Sign in
              </Link>
            </div>
          </>
        )}
      </div>
      <OfflineIndicator />
    </header>
  );
}
