import { eq, sql } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { SESSION_COOKIE } from '../../shared/api-paths';
import type { Config } from '../config/env';
import type { Database } from '../db/database';
import { sessions, users } from '../db/schema';
import type { AppEnv } from '../http/app-env';
import { clearSessionCookie, issueCsrfCookie, setSessionCookie } from './cookies';
import { newSessionToken, sessionIdOf } from './tokens';

const HOUR_MS = 3600_000;
/** last_seen_at is written at most this often per session. */
export const LAST_SEEN_RESOLUTION_MS = 60_000;
const MAX_TOKEN_LENGTH = 128;

export interface SessionDeps {
  db: Database;
  config: Config;
  now: () => Date;
}

/** Whether a session is past its idle or absolute limit at `now`. */
export function isSessionExpired(
  session: { lastSeenAt: Date; expiresAt: Date },
  now: Date,
  idleHours: number,
): boolean {
  return (
    now.getTime() >= session.expiresAt.getTime() ||
    now.getTime() - session.lastSeenAt.getTime() >= idleHours * HOUR_MS
  );
}

type SessionRow = { session: typeof sessions.$inferSelect; user: typeof users.$inferSelect };

/**
 * Resolves the session cookie into `c.var.auth`. Unknown or expired sessions are deleted, and the browser gets
 * its cookie cleared and a CSRF token for the signed-out state. Requests of one session that arrive while its
 * read is under way share that read (a screen polls several lists at once): one statement for all of them.
 */
export function sessionMiddleware(deps: SessionDeps): MiddlewareHandler<AppEnv> {
  // One statement per request (the session and its user), prepared once: PostgreSQL plans it once per connection.
  const sessionWithUser = deps.db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder('id')))
    .limit(1)
    .prepare('session_with_user');
  const touchSession = deps.db
    .update(sessions)
    .set({ lastSeenAt: sql`${sql.placeholder('now')}::timestamptz` })
    .where(eq(sessions.id, sql.placeholder('id')))
    .prepare('session_touch');

  /** The live session of `sessionId` (noted as in use at most once a minute), or undefined (expired ones deleted). */
  const resolve = async (sessionId: string): Promise<SessionRow | undefined> => {
    const now = deps.now();
    const [row] = await sessionWithUser.execute({ id: sessionId });
    if (row === undefined) return undefined;
    if (isSessionExpired(row.session, now, deps.config.sessionIdleHours)) {
      await deps.db.delete(sessions).where(eq(sessions.id, row.session.id));
      return undefined;
    }
    if (now.getTime() - row.session.lastSeenAt.getTime() >= LAST_SEEN_RESOLUTION_MS) {
      await touchSession.execute({ id: row.session.id, now: now.toISOString() });
    }
    return row;
  };
  const inFlight = new Map<string, Promise<SessionRow | undefined>>();
  const shared = (sessionId: string): Promise<SessionRow | undefined> => {
    let read = inFlight.get(sessionId);
    if (read === undefined) {
      read = resolve(sessionId).finally(() => inFlight.delete(sessionId));
      inFlight.set(sessionId, read);
    }
    return read;
  };

  return async (c, next) => {
    c.set('auth', null);
    const token = getCookie(c, SESSION_COOKIE);
    if (token === undefined || token === '') return next();
    const sessionId = token.length <= MAX_TOKEN_LENGTH ? sessionIdOf(token) : undefined;
    const row = sessionId === undefined ? undefined : await shared(sessionId);
    if (row === undefined) {
      clearSessionCookie(c, deps.config);
      issueCsrfCookie(c, deps.config, '');
      return next();
    }
    c.set('auth', { sessionId: row.session.id, user: row.user });
    return next();
  };
}

/**
 * Signs `userId` in: the request's previous session (if any) is deleted, a new one is stored under the hash of
 * a fresh token, and the browser receives the new session cookie and a CSRF token bound to it.
 */
export async function startSession(c: Context<AppEnv>, deps: SessionDeps, userId: string): Promise<void> {
  await dropRequestSession(c, deps);
  const now = deps.now();
  const token = newSessionToken();
  const id = sessionIdOf(token);
  await deps.db.insert(sessions).values({
    id,
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + deps.config.sessionMaxDays * 24 * HOUR_MS),
    userAgent: (c.req.header('user-agent') ?? '').slice(0, 512),
  });
  setSessionCookie(c, deps.config, token);
  issueCsrfCookie(c, deps.config, id);
}

/** Signs the request out: deletes its session, clears the cookie and issues a signed-out CSRF token. */
export async function endSession(c: Context<AppEnv>, deps: SessionDeps): Promise<void> {
  await dropRequestSession(c, deps);
  clearSessionCookie(c, deps.config);
  issueCsrfCookie(c, deps.config, '');
  c.set('auth', null);
}

async function dropRequestSession(c: Context<AppEnv>, deps: SessionDeps): Promise<void> {
  const token = getCookie(c, SESSION_COOKIE);
  if (token !== undefined && token !== '' && token.length <= MAX_TOKEN_LENGTH) {
    await deps.db.delete(sessions).where(eq(sessions.id, sessionIdOf(token)));
  }
}
