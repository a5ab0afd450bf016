import { redirect } from '@tanstack/react-router';
import type { User } from '../../shared/api-types';
import { getStoredUser } from '../lib/session';
import { toast } from '../lib/toast';
import type { GuardTarget } from './guards';

/**
 * A beforeLoad guard: redirects (replacing the history entry) where `decide` says, else lets the route load.
 * `notice` names what the user redirected is told (a toast), so nobody is sent away silently.
 */
export function guard(decide: (user: User | null) => GuardTarget | null, notice?: (user: User | null) => string | null) {
  return () => {
    const user = getStoredUser();
    const target = decide(user);
    if (!target) return;
    const text = notice?.(user);
    if (text) toast(text, 'info');
    throw redirect({ to: target, replace: true });
  };
}
