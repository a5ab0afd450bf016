/**
 * The signed-in user, kept in localStorage under `user` (docs/sign-in.md) and shared reactively with the UI.
 * The server session itself lives in an HttpOnly cookie; this copy drives guards and menus.
 */
import { useSyncExternalStore } from 'react';
import type { User } from '../../shared/api-types';
import { authEndpoints } from '../../shared/contract/auth';
import { api } from './api-client';
import { clearQueryCaches } from './query-client';
import { safeStorage, SIGN_OUT_KEYS, STORAGE_KEYS } from './storage-keys';

type Listener = () => void;
type SignOutHook = () => void | Promise<void>;

const listeners = new Set<Listener>();
const signOutHooks = new Set<SignOutHook>();
let snapshot: { raw: string | null; user: User | null } = { raw: null, user: null };

function isUser(value: unknown): value is User {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { id?: unknown }).id === 'string' &&
    typeof (value as { full_access?: unknown }).full_access === 'boolean'
  );
}

/** Parses the stored `user` value; anything malformed counts as signed out. */
export function parseStoredUser(raw: string | null): User | null {
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return isUser(value) ? value : null;
  } catch {
    return null;
  }
}

export function getStoredUser(): User | null {
  const raw = safeStorage.get(STORAGE_KEYS.user);
  if (raw !== snapshot.raw) snapshot = { raw, user: parseStoredUser(raw) };
  return snapshot.user;
}

function emit(): void {
  for (const listener of listeners) listener();
}

/** Subscribes to sign-in, sign-out and user updates (also from other tabs). */
export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEYS.user || event.key === null) emit();
  });
}

/** The signed-in user, re-rendering on every change. */
export function useCurrentUser(): User | null {
  return useSyncExternalStore(subscribeSession, getStoredUser, () => null);
}

/** Stores a fresh copy of the user (after PATCH /api/user and the like). */
export function updateStoredUser(user: User): void {
  safeStorage.set(STORAGE_KEYS.user, JSON.stringify(user));
  emit();
}

/** After any successful sign-in: drops the previous user's cached data, then stores the new user. */
export async function completeSignIn(user: User): Promise<void> {
  await clearQueryCaches();
  updateStoredUser(user);
}

/** Registers work to do at every sign-out (e.g. disconnecting a wallet). Returns the unregister function. */
export function onSignOut(hook: SignOutHook): () => void {
  signOutHooks.add(hook);
  return () => signOutHooks.delete(hook);
}

/**
 * Forgets the session on this device: the stored user, saved filters, the React Query cache and its IndexedDB
 * copy; then runs the sign-out hooks. Route guards react to the change and send protected pages to /auth.
 */
export async function signOutLocally(): Promise<void> {
  for (const key of SIGN_OUT_KEYS) safeStorage.remove(key);
  emit();
  await clearQueryCaches();
  for (const hook of [...signOutHooks]) {
    try {
      await hook();
    } catch (error) {
      console.error('Sign-out hook failed', error);
    }
  }
}

/** Ends the server session (POST /api/logout), then signs out locally even when the server is unreachable. */
export async function signOut(): Promise<void> {
  try {
    await api.call(authEndpoints.logout, { silent: true, silent401: true });
  } catch {
    // Offline or already signed out on the server: the local sign-out still happens.
  }
  await signOutLocally();
}
