/** localStorage keys of the PWA (docs/money.md). */
export const STORAGE_KEYS = {
  user: 'user',
  lastActivity: 'last_activity',
  transactionsFilters: 'transactions_filters',
  documentsFilters: 'documents_filters',
  adminUsersFilters: 'admin_users_filters',
  theme: 'theme',
  /** Ids of offline changes already answered (settled-changes.ts). */
  settledChanges: 'settled_changes',
} as const;

/** Removed at sign-out: the user, every saved filter and the notes of answered changes. */
export const SIGN_OUT_KEYS: readonly string[] = [
  STORAGE_KEYS.user,
  STORAGE_KEYS.settledChanges,
  STORAGE_KEYS.transactionsFilters,
  STORAGE_KEYS.documentsFilters,
  STORAGE_KEYS.adminUsersFilters,
];

/** localStorage that never throws (private mode, storage disabled, no DOM). */
export const safeStorage = {
  get(key: string): string | null {
    try {
      return globalThis.localStorage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      globalThis.localStorage?.setItem(key, value);
    } catch {
      // Storage full or disabled: the value lives for this page only.
    }
  },
  remove(key: string): void {
    try {
      globalThis.localStorage?.removeItem(key);
    } catch {
      // Nothing to remove when storage is unavailable.
    }
  },
};
