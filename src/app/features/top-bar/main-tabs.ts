/** The main navigation tabs of the top bar (docs/app-shell.md "Top bar and menus"). */
export const MAIN_TABS = [
  { name: 'Overview', to: '/overview' },
  { name: 'Transactions', to: '/transactions' },
  { name: 'Contacts', to: '/contacts' },
  { name: 'Wallets', to: '/wallets' },
  { name: 'Documents', to: '/documents' },
] as const;

export type MainTab = (typeof MAIN_TABS)[number];

/**
 * The tab to highlight for a path: the one whose name is in the path (docs/app-shell.md). A tab named by the first path
 * segment wins; otherwise the first tab whose name appears anywhere in the path. Null when none does.
 */
export function matchTab(pathname: string): MainTab | null {
  const path = pathname.toLowerCase();
  const firstSegment = path.split('/').find((segment) => segment !== '') ?? '';
  const exact = MAIN_TABS.find((tab) => tab.name.toLowerCase() === firstSegment);
  if (exact) return exact;
  return MAIN_TABS.find((tab) => path.includes(tab.name.toLowerCase())) ?? null;
}
