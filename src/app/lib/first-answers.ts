/**
 * The app's first page may wait for the answers the shell has already asked for (early-requests.ts), so that it
 * renders once, whole (docs/performance.md "Route loaders"). Loaded with the pages that use it, not with the entry.
 */
import type { User } from '../../shared/api-types';
import { bootRequests, pageStarting } from './early-requests';
import { isOnline } from './online';
import { storedCacheRestored } from './query-provider';
import { getStoredUser } from './session';

/** Longest the app's first page waits for answers the shell has already asked for. */
export const FIRST_ANSWERS_WAIT_MS = 2_000;

/**
 * On the app's first page, when the shell has already asked for the page's answers (early-requests.ts): loads
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
