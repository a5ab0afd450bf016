import type { User } from '../../shared/api-types';
import { bootRequests, pageStarting } from '../lib/early-requests';
import { isOnline } from '../lib/online';
import { storedCacheRestored } from '../lib/query-provider';
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

/** Longest the app's first page waits for answers the shell has already asked for. */
export const FIRST_ANSWERS_WAIT_MS = 2_000;

/**
 * On the app's first page, when the shell has already asked for the page's answers (lib/early-requests.ts): loads
 * the page's data before it renders (after the stored cache is back), so it renders once, whole, instead of once
 * per answer. Never offline, never longer than FIRST_ANSWERS_WAIT_MS; a failed load is left to the page's queries.
 */
export async function awaitFirstAnswers(load: (user: User) => Promise<unknown>): Promise<void> {
  const user = getStoredUser();
  const early = bootRequests();
  const waiting = early !== undefined && Object.values(early).some((request) => request !== undefined);
  if (!user || !waiting || !pageStarting() || !isOnline()) return;
  await storedCacheRestored();
  await Promise.race([
    load(user).catch(() => undefined),
    new Promise((resolve) => setTimeout(resolve, FIRST_ANSWERS_WAIT_MS)),
  ]);
}
