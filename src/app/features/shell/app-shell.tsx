import { useQuery } from '@tanstack/react-query';
import { Outlet } from '@tanstack/react-router';
import { HelpButton } from '../help';
import { TopBar } from '../top-bar';
import { LazyTutorialOverlay } from '../tutorial';
import { useCurrentUser } from '../../lib/session';
import { currentUserQuery } from '../../lib/user-queries';
import styles from './app-shell.module.css';

/**
 * While signed in, GET /api/user keeps the stored user current (plan, wallets, flags) and detects an expired
 * session (401 signs out). The answer is read through the stored user; this leaf is what re-renders as the
 * request's state changes, not the frame around every page.
 */
function CurrentUserRefresh() {
  const user = useCurrentUser();
  useQuery({ ...currentUserQuery(), enabled: user !== null, meta: { persist: false } });
  return null;
}

/** Frame of every page but sign-in: top bar, content, floating help. */
export function AppShell() {
  return (
    <div className={styles.shell}>
      <CurrentUserRefresh />
      <a href="#main" className={styles.skip}>
        Skip to content
      </a>
      <TopBar />
      <main id="main" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
      <HelpButton />
      <LazyTutorialOverlay />
    </div>
  );
}
