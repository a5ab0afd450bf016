import { Link, useRouterState } from '@tanstack/react-router';
import { Popover } from '../../components/popover';
import { MAIN_TABS, matchTab } from './main-tabs';
import styles from './top-bar.module.css';

/**
 * Main tabs: a row of links on wide screens, a dropdown on small ones; the tab named in the path is current. On phones the
 * dropdown's trigger is a menu icon (its name still says the current tab): the page heading names the page, and no
 * label is cut short.
 */
export function NavTabs() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const current = matchTab(pathname);

  return (
    <>
      <nav className={styles.tabs} aria-label="Main">
        {MAIN_TABS.map((tab) => (
          <Link
            key={tab.to}
            to={tab.to}
            className={`${styles.tab} ${tab === current ? styles.tabCurrent : ''}`}
            aria-current={tab === current ? 'page' : undefined}
          >
            {tab.name}
          </Link>
        ))}
      </nav>
      <div className={styles.tabsMenu}>
        <Popover
          label={`Main menu, ${current?.name ?? 'choose a page'}`}
          align="start"
          triggerClassName={`btn btn-ghost ${styles.tabsTrigger}`}
          trigger={
            <>
              <svg className={styles.tabsTriggerIcon} viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
                <path d="M4 7h16M4 12h16M4 17h16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
              <span className={styles.tabsTriggerText}>{current?.name ?? 'Menu'}</span>
              <svg className={styles.tabsTriggerChevron} viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
                <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </>
          }
        >
          {(close) => (
            <nav aria-label="Main">
              <ul className={styles.menuList}>
                {MAIN_TABS.map((tab) => (
                  <li key={tab.to}>
                    <Link
                      to={tab.to}
                      className={`${styles.menuItem} ${tab === current ? styles.menuItemCurrent : ''}`}
                      aria-current={tab === current ? 'page' : undefined}
                      onClick={close}
                    >
                      {tab.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          )}
        </Popover>
      </div>
    </>
  );
}
