import { useQuery } from '@tanstack/react-query';
import { currentUserQuery } from '../../lib/user-queries';

/**
 * While signed in, GET /api/user keeps the stored user current (plan, wallets, flags) and detects an expired
 * session (401 signs out). The answer is read through the stored user; this leaf is what re-renders as the
 * request's state changes, not the bar around it. Part of the signed-in bar, so signed-out pages load no query
 * observer for it.
 */
export function CurrentUserRefresh() {
  useQuery({ ...currentUserQuery(), meta: { persist: false } });
  return null;
}
