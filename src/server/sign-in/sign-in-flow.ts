import type { Context } from 'hono';
import type { UserOut } from '../../shared/contract/users';
import type { AppEnv } from '../http/app-env';
import { clientIp } from '../http/client-ip';
import type { Services } from '../services';
import { loadUserView } from '../users/user-view';
import { checkRateLimit, consumeRateLimit, countAttempt, LOGIN_WINDOW_MS } from '../auth/rate-limit';
import { startSession } from '../auth/session';

/** Counts a sign-in attempt against the client's IP (429 past LOGIN_RATE_LIMIT_PER_IP). */
export async function limitSignInByIp(c: Context<AppEnv>, s: Services): Promise<void> {
  await consumeRateLimit(s.db, {
    key: `login-ip:${clientIp(c, s.config.trustProxy)}`,
    limit: s.config.loginRateLimitPerIp,
    windowMs: LOGIN_WINDOW_MS,
    now: s.now(),
  });
}

const addressKey = (address: string): string => address.trim().toLowerCase();

/** Counts a read-only (address-only) sign-in against the address (429 past LOGIN_RATE_LIMIT_PER_ADDRESS). */
export async function limitSignInByAddress(s: Services, address: string): Promise<void> {
  await consumeRateLimit(s.db, {
    key: `login-address:${addressKey(address)}`,
    limit: s.config.loginRateLimitPerAddress,
    windowMs: LOGIN_WINDOW_MS,
    now: s.now(),
  });
}

/**
 * Failed wallet proofs (a wrong or replayed signature, no open challenge) count against the sign-in client that
 * sent them, never against the address: a stranger cannot lock an owner out. 429 once
 * LOGIN_RATE_LIMIT_PER_ADDRESS failures of this client fell in the window.
 */
export async function refuseAfterWalletFailures(s: Services, client: string): Promise<void> {
  await checkRateLimit(s.db, {
    key: `login-wallet-client-failures:${client}`,
    limit: s.config.loginRateLimitPerAddress,
    windowMs: LOGIN_WINDOW_MS,
    now: s.now(),
  });
}

/** Notes a failed wallet proof for the sign-in client (see refuseAfterWalletFailures). */
export async function noteWalletFailure(s: Services, client: string): Promise<void> {
  await countAttempt(s.db, { key: `login-wallet-client-failures:${client}`, windowMs: LOGIN_WINDOW_MS, now: s.now() });
}

/** Starts a fresh session for `userId` and answers with the User object. */
export async function respondSignedIn(c: Context<AppEnv>, s: Services, userId: string): Promise<Response> {
  await startSession(c, s, userId);
  const user: UserOut | null = await loadUserView(s.db, userId, s.config, s.now());
  if (user === null) throw new Error('The signed-in user vanished.');
  return c.json(user);
}
