import { Outlet } from '@tanstack/react-router';
import { HelpButton } from '../help';
import { TopBar } from '../top-bar';
import { LazyTutorialOverlay } from '../tutorial';
import styles from './app-shell.module.css';

/** Frame of every page but sign-in: top bar, content, floating help. */
export function AppShell() {
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
