import { lazy, Suspense, useState } from 'react';
import { Popover } from '../../components/popover';
import { Spinner } from '../../components/spinner';
import type { HelpDialog } from './help-dialogs';
import styles from './help.module.css';
import { useHiddenWhileScrollingDown } from './use-hidden-while-scrolling-down';

// The button is on every page; what it opens is downloaded on first use.
const HelpMenu = lazy(() => import('./help-menu').then(({ HelpMenu: menu }) => ({ default: menu })));
const HelpDialogs = lazy(() => import('./help-dialogs').then(({ HelpDialogs: dialogs }) => ({ default: dialogs })));

/**
 * The floating help button of docs/app-shell.md: About us, FAQ, Chat (the support chat the tutorial's end points to),
 * Contact, Legal and social links.
 */
export function HelpButton() {
  const [dialog, setDialog] = useState<HelpDialog | null>(null);
  // The dialogs stay mounted once shown, so closing one keeps its native close (focus back to the page).
  const [dialogsLoaded, setDialogsLoaded] = useState(false);
  const show = (next: HelpDialog) => {
    setDialogsLoaded(true);
    setDialog(next);
  };
  const stepAside = useHiddenWhileScrollingDown();

  return (
    <div className={`${styles.floating} ${stepAside ? styles.floatingAside : ''}`}>
      <Popover
        label="Help"
        title="Help"
        align="end"
        triggerClassName={styles.trigger}
        panelClassName={styles.panel}
        trigger={
          <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
            <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
            <path
              d="M9.2 9.3a2.9 2.9 0 0 1 5.6 1c0 1.9-2.8 2.4-2.8 4.2M12 17.5h.01"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
        }
      >
        {(close) => (
          <Suspense fallback={<Spinner label="Loading help" />}>
            <HelpMenu close={close} show={show} />
          </Suspense>
        )}
      </Popover>
      {dialogsLoaded ? (
        <Suspense fallback={null}>
          <HelpDialogs dialog={dialog} onClose={() => setDialog(null)} />
        </Suspense>
      ) : null}
    </div>
  );
}
