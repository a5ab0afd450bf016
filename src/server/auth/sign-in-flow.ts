import type { Context } from 'hono';
import type { User } from '../../shared/api-types';
import type { AppEnv } from '../http/app-env';
import { clientIp } from '../http/client-ip';
import type { Services } from '../services';
import { loadUserView } from '../users/user-view';
import { consumeRateLimit, LOGIN_WINDOW_MS } from './rate-limit';
import { startSession } from './session';

/** Counts a sign-in attempt against the client's IP (429 past LOGIN_RATE_LIMIT_PER_IP). */
export async function limitSignInByIp(c: Context<AppEnv>, s: Services): Promise<void> {
  await consumeRateLimit(s.db, {
    key: `login-ip:${clientIp(c, s.config.trustProxy)}`,
    limit: s.config.loginRateLimitPerIp,
    windowMs: LOGIN_WINDOW_MS,
    now: s.now(),
  });
}

/** Counts a sign-in attempt against an address (429 past LOGIN_RATE_LIMIT_PER_ADDRESS). */
export async function limitSignInByAddress(s: Services, address: string): Promise<void> {
  await consumeRateLimit(s.db, {
    key: `login-address:${address.trim().toLowerCase()}`,
    limit: s.config.loginRateLimitPerAddress,
    windowMs: LOGIN_WINDOW_MS,
    now: s.now(),
  });
}

/** Starts a fresh session for `userId` and answers with the User object. */
export async function respondSignedIn(c: Context<AppEnv>, s: Services, userId: string): Promise<Response> {
  await startSession(c, s, userId);
  const user: User | null = await loadUserView(s.db, userId, s.config, s.now());
  if (user === null) throw new Error('The signed-in user vanished.');
  return c.json(user);
}
