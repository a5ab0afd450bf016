import { redirect } from '@tanstack/react-router';
import type { User } from '../../shared/api-types';
import { getStoredUser } from '../lib/session';
import type { GuardTarget } from './guards';

/** A beforeLoad guard: redirects (replacing the history entry) where `decide` says, else lets the route load. */
export function guard(decide: (user: User | null) => GuardTarget | null) {
  return () => {
    const target = decide(getStoredUser());
    if (target) throw redirect({ to: target, replace: true });
  };
}
