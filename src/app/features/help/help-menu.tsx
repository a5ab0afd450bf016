import { Link } from '@tanstack/react-router';
import type { HelpDialog } from './help-dialogs';
import { CHAT_URL, CONTACT_EMAIL, opensInNewTab, SOCIAL_LINKS } from './help-links';
import styles from './help.module.css';

/** The help menu's entries (docs/app-shell.md), downloaded when the menu first opens. */
export function HelpMenu({ close, show }: { close: () => void; show: (dialog: HelpDialog) => void }) {
  const open = (dialog: HelpDialog) => {
    close();
    show(dialog);
  };
  return (
    <nav aria-label="Help">
      <ul className={styles.list}>
        <li>
          <button type="button" className={`menu-item ${styles.item}`} onClick={() => open('about')}>
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
          <button type="button" className={`menu-item ${styles.item}`} onClick={() => open('legal')}>
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
  );
}
