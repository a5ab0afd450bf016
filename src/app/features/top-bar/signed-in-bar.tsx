import type { User } from '../../../shared/api-types';
import { AccountMenu } from '../account-menu';
import { QuickCreateMenu } from '../quick-create';
import { GlobalSearch } from '../search';
import { CurrentUserRefresh } from './current-user-refresh';
import { FiatPicker } from './fiat-picker';
import { NavTabs } from './nav-tabs';
import styles from './top-bar.module.css';

/**
 * The signed-in part of the top bar: main tabs, search, fiat picker, quick-create and account menus, and the
 * refresh of the stored user.
 */
export function SignedInBar({ user }: { user: User }) {
  return (
    <>
      <CurrentUserRefresh />
      <NavTabs />
      <GlobalSearch />
      <div className={styles.actions}>
        <FiatPicker user={user} />
        <QuickCreateMenu user={user} />
        <AccountMenu user={user} />
      </div>
    </>
  );
}
