import { Link } from '@tanstack/react-router';
import type { User } from '../../../shared/api-types';
import { LogoMark } from '../../components/logo-mark';
import { useCurrentUser } from '../../lib/session';
import { AccountMenu } from '../account-menu';
import { QuickCreateMenu } from '../quick-create';
import { GlobalSearch } from '../search';
import { ThemeToggle } from '../../components/theme-toggle';
import { FiatPicker } from './fiat-picker';
import { NavTabs } from './nav-tabs';
import { OfflineIndicator } from './offline-indicator';
import styles from './top-bar.module.css';

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
        {user ? <NavTabs /> : null}
        {user ? <GlobalSearch /> : <div className={styles.searchSlot} />}
        {user ? (
          <div className={styles.actions}>
            <FiatPicker user={user} />
            <QuickCreateMenu user={user} />
            <AccountMenu user={user} />
          </div>
        ) : (
          <div className={styles.actions}>
            <ThemeToggle className={styles.themeCompact} />
            <Link to="/auth" className="btn btn-primary">
              Sign in
            </Link>
          </div>
        )}
      </div>
      <OfflineIndicator />
    </header>
  );
}
