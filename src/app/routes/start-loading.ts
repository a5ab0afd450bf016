import type { User } from '../../shared/api-types';
import { isOnline } from '../lib/online';
import { getStoredUser } from '../lib/session';

/**
 * A page loader's work (docs/performance.md "Route loaders"): starts fetching the page's data alongside its code,
 * for the users the page shows that data to. It never holds the page back and never fails it: offline nothing is
 * asked (the saved cache shows), and a failed fetch is left to the page's own query, which shows it as today.
 */
export function startLoading(shows: (user: User) => boolean, load: () => Promise<unknown>): void {
  const user = getStoredUser();
  if (!user || !shows(user) || !isOnline()) return;
  load().catch(() => undefined);
}

/** Pages shown to every signed-in user. */
export const everyUser = (): boolean => true;
/** Pages of signed-in users with full access (guests read a notice). */
export const fullAccess = (user: User): boolean => user.full_access;
