/** Search parameters of /settings (docs/search.md: ?section=profile|settings|integrations|fiat-to-crypto). */
export const SETTINGS_SECTIONS = ['profile', 'settings', 'integrations', 'fiat-to-crypto'] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

export interface SettingsSearch {
  /** Absent means the default section, integrations. */
  section?: SettingsSection;
}

export function parseSettingsSearch(search: Record<string, unknown>): SettingsSearch {
  const section = SETTINGS_SECTIONS.find((value) => value === search.section);
  return section ? { section } : {};
}
