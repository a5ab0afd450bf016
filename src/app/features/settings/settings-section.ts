/**
 * The sections of /settings (docs/settings.md): `?section=profile|settings|integrations|fiat-to-crypto`,
 * integrations by default. Billing is a menu action (the billing portal), not a section of the URL.
 */
export const SETTINGS_SECTIONS = ['profile', 'settings', 'integrations', 'fiat-to-crypto'] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

/** What the panel shows: a section, or the billing view opened from the menu. */
export type SettingsView = SettingsSection | 'billing';

export const DEFAULT_SETTINGS_SECTION: SettingsSection = 'integrations';

/** Side-menu order and labels. */
export const SETTINGS_MENU: readonly { view: SettingsView; label: string }[] = [
  { view: 'profile', label: 'Profile' },
  { view: 'settings', label: 'Settings' },
  { view: 'billing', label: 'Billing' },
  { view: 'integrations', label: 'Integrations' },
  { view: 'fiat-to-crypto', label: 'Fiat-to-crypto' },
];

export function parseSettingsSection(value: unknown): SettingsSection {
  return SETTINGS_SECTIONS.find((section) => section === value) ?? DEFAULT_SETTINGS_SECTION;
}

export function settingsViewLabel(view: SettingsView): string {
  return SETTINGS_MENU.find((item) => item.view === view)?.label ?? view;
}
