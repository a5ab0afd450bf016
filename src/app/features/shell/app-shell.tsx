import { useQuery } from '@tanstack/react-query';
import { Outlet } from '@tanstack/react-router';
import { HelpButton } from '../help';
import { TopBar } from '../top-bar';
import { LazyTutorialOverlay } from '../tutorial';
import { useCurrentUser } from '../../lib/session';
import { currentUserQuery } from '../../lib/user-queries';
import styles from './app-shell.module.css';

/**
 * Frame of every page but sign-in: top bar, content, floating help. While signed in, GET /api/user keeps the
 * stored user current (plan, wallets, flags) and detects an expired session (401 signs out).
 */
export function AppShell() {
  const user = useCurrentUser();
  useQuery({ ...currentUserQuery(), enabled: user !== null, meta: { persist: false } });

  return (
    <div className={styles.shell}>
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
