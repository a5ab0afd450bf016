import type { UserRow } from '../db/schema';

/** The signed-in user of a request. */
export interface AuthState {
  /** sessions.id: SHA-256 of the cookie token. */
  sessionId: string;
  user: UserRow;
}

/** Hono environment of the API: per-request variables set by middleware. */
export interface AppEnv {
  Variables: {
    /** null when the request carries no valid session. Set by the session middleware on every /api request. */
    auth: AuthState | null;
    /** A csrftoken cookie already set on this response (so it is not issued twice). */
    issuedCsrfToken: string | undefined;
  };
}
