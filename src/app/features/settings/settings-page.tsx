import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import type { User } from '../../../shared/api-types';
import { MESSAGES } from '../../../shared/messages';
import { useCurrentUser } from '../../lib/session';
import { FtcSettingsPanel } from '../ftc';
import { PageFrame } from '../../components/page-frame';
import { BillingPanel } from '../pricing';
import { PreferencesPanel } from './preferences-panel';
import { ProfilePanel } from './profile-panel';
import { parseSettingsSection, SETTINGS_MENU, settingsViewLabel, type SettingsView } from './settings-section';
import styles from './settings.module.css';

/** Sections this server does not offer yet (accounting integration). */
const NOT_YET: Partial<Record<SettingsView, string>> = {
  integrations: 'Connecting accounting software is not available yet on this server.',
};

/** On phones the menu scrolls sideways: keep the current item in view. */
function revealCurrent(element: HTMLElement | null): void {
  element?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
}

function PanelBody({ view, user }: { view: SettingsView; user: User }) {
  if (view === 'settings') return <PreferencesPanel user={user} />;
  if (!user.full_access) return <p className={`card ${styles.notice}`}>{MESSAGES.loggedInOnly}</p>;
  if (view === 'profile') return <ProfilePanel user={user} />;
  if (view === 'billing') return <BillingPanel className={`card ${styles.notice}`} />;
  if (view === 'fiat-to-crypto') return <FtcSettingsPanel />;
  return <p className={`card ${styles.notice}`}>{NOT_YET[view]}</p>;
}

/**
 * /settings (docs/settings.md): a side menu (Profile, Settings, Billing, Integrations, Fiat-to-crypto) and the
 * chosen panel; `?section=` picks it, integrations by default.
 */
export function SettingsPage() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const search = useSearch({ strict: false });
  const section = parseSettingsSection(search.section);
  // Billing is an action of the menu rather than a section of the URL; it shows until another item is chosen.
  const [billingFor, setBillingFor] = useState<string | null>(null);
  const view: SettingsView = billingFor === section ? 'billing' : section;

  if (!user) return null;

  return (
    <PageFrame title="Settings">
      <div className={styles.layout}>
        <nav className={styles.menu} aria-label="Settings sections">
          <ul className={styles.menuList}>
            {SETTINGS_MENU.map(({ view: itemView, label }) => {
              const current = itemView === view;
              if (itemView === 'billing') {
                return (
                  <li key={itemView}>
                    <button
                      ref={current ? revealCurrent : undefined}
                      type="button"
                      className={styles.menuItem}
                      aria-current={current ? 'page' : undefined}
                      onClick={() => setBillingFor(section)}
                    >
                      {label}
                    </button>
                  </li>
                );
              }
              return (
                <li key={itemView}>
                  <a
                    ref={current ? revealCurrent : undefined}
                    href={`/settings?section=${itemView}`}
                    className={styles.menuItem}
                    aria-current={current ? 'page' : undefined}
                    onClick={(event) => {
                      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
                      event.preventDefault();
                      setBillingFor(null);
                      void navigate({ to: '/settings', search: { section: itemView } });
                    }}
                  >
                    {label}
                  </a>
                </li>
              );
            })}
          </ul>
        </nav>
        <section className={styles.panel} aria-labelledby="settings-panel-heading">
          <h2 id="settings-panel-heading" className={styles.panelTitle}>
            {view === 'settings' ? 'Preferences' : settingsViewLabel(view)}
          </h2>
          <PanelBody view={view} user={user} />
        </section>
      </div>
    </PageFrame>
  );
}
