import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { Dialog } from '../../components/dialog';
import { Popover } from '../../components/popover';
import { AboutText, LegalText } from './help-content';
import { CHAT_URL, CONTACT_EMAIL, opensInNewTab, SOCIAL_LINKS } from './help-links';
import styles from './help.module.css';
import { useHiddenWhileScrollingDown } from './use-hidden-while-scrolling-down';

type HelpDialog = 'about' | 'legal' | null;

/**
 * The floating help button of docs/app-shell.md: About us, FAQ, Chat (the support chat the tutorial's end points to),
 * Contact, Legal and social links.
 */
export function HelpButton() {
  const [dialog, setDialog] = useState<HelpDialog>(null);
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
          <nav aria-label="Help">
            <ul className={styles.list}>
              <li>
                <button
                  type="button"
                  className={`menu-item ${styles.item}`}
                  onClick={() => {
                    close();
                    setDialog('about');
                  }}
                >
                  About us
                </button>
              </li>
              <li>
                <Link to="/faq" className={`menu-item ${styles.item}`} onClick={close}>
                  FAQ
                </Link>
              </li>
              <li>
                <a
                  href={CHAT_URL}
                  className={`menu-item ${styles.item}`}
                  onClick={close}
                  {...(opensInNewTab(CHAT_URL) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                >
                  Chat
                </a>
              </li>
              <li>
                <a href={`mailto:${CONTACT_EMAIL}`} className={`menu-item ${styles.item}`} onClick={close}>
                  Contact
                </a>
              </li>
              <li>
                <button
                  type="button"
                  className={`menu-item ${styles.item}`}
                  onClick={() => {
                    close();
                    setDialog('legal');
                  }}
                >
                  Legal
                </button>
              </li>
            </ul>
            <ul className={styles.social} aria-label="Social links">
              {SOCIAL_LINKS.map((link) => (
                <li key={link.name}>
                  <a href={link.href} target="_blank" rel="noopener noreferrer" className={`menu-item ${styles.socialLink}`}>
                    {link.name}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </Popover>
      <Dialog open={dialog === 'about'} onClose={() => setDialog(null)} title="About us">
        <AboutText />
      </Dialog>
      <Dialog open={dialog === 'legal'} onClose={() => setDialog(null)} title="Legal">
        <LegalText />
      </Dialog>
    </div>
  );
}
