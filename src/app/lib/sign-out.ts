import { authEndpoints } from '../../shared/contract/auth';
import { api } from './api-client';
import { signOutLocally } from './session';

/** Ends the server session (POST /api/logout), then signs out locally even when the server is unreachable. */
export async function signOut(): Promise<void> {
  try {
    await api.call(authEndpoints.logout, { silent: true, silent401: true });
  } catch {
    // Offline or already signed out on the server: the local sign-out still happens.
  }
  await signOutLocally();
}
