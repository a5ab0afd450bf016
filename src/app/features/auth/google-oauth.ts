/**
 * Google sign-in through the OAuth 2.0 implicit flow (docs/sign-in.md): the browser goes to the provider's
 * authorization endpoint and comes back to /auth with an access token in the URL fragment, which the server
 * checks against the provider's userinfo endpoint. A random `state` kept in sessionStorage ties the answer to
 * the request this browser made.
 */

/** sessionStorage key of the pending request's state. */
export const GOOGLE_STATE_STORAGE_KEY = 'google_oauth_state';
export const GOOGLE_SCOPE = 'openid email profile';
/** Path the provider sends the browser back to (registered as redirect URI). */
export const GOOGLE_REDIRECT_PATH = '/auth';

export interface GoogleAuthorizationRequest {
  authorizationEndpoint: string;
  clientId: string;
  redirectUri: string;
  state: string;
}

/** The authorization URL; query parameters the endpoint already carries are kept. */
export function buildGoogleAuthorizationUrl(request: GoogleAuthorizationRequest): string {
  const url = new URL(request.authorizationEndpoint);
  url.searchParams.set('client_id', request.clientId);
  url.searchParams.set('redirect_uri', request.redirectUri);
  url.searchParams.set('response_type', 'token');
  url.searchParams.set('scope', GOOGLE_SCOPE);
  url.searchParams.set('state', request.state);
  return url.toString();
}

/** What the URL fragment says on return from the provider. */
export type GoogleReturn =
  | { kind: 'none' }
  | { kind: 'token'; accessToken: string; state: string | null }
  | { kind: 'error'; error: string; description: string | null; state: string | null };

/** Reads `#access_token=…&state=…` or `#error=…&state=…`; anything else is `none`. */
export function parseGoogleFragment(hash: string): GoogleReturn {
  const text = hash.startsWith('#') ? hash.slice(1) : hash;
  if (!text) return { kind: 'none' };
  const params = new URLSearchParams(text);
  const state = params.get('state');
  const error = params.get('error');
  if (error) return { kind: 'error', error, description: params.get('error_description'), state };
  const accessToken = params.get('access_token');
  if (accessToken) return { kind: 'token', accessToken, state };
  return { kind: 'none' };
}

/** A fresh unguessable state: 32 random bytes, base64url. */
export function createOAuthState(random: (bytes: Uint8Array) => Uint8Array = (bytes) => crypto.getRandomValues(bytes)): string {
  const bytes = random(new Uint8Array(32));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The returned state must be the one this browser stored; a missing one on either side never matches. */
export function stateMatches(expected: string | null, received: string | null): boolean {
  return Boolean(expected) && Boolean(received) && expected === received;
}

export const GOOGLE_MESSAGES = {
  cancelled: 'Google sign-in was cancelled.',
  stateMismatch: 'Google sign-in failed: the answer does not belong to a request from this browser. Try again.',
  failed: (error: string, description: string | null) =>
    `Google sign-in failed: ${description && description.trim() ? description.trim() : error}`,
} as const;

/** The text shown in red under the Google button for a provider error. */
export function googleReturnErrorText(error: string, description: string | null): string {
  return error === 'access_denied' ? GOOGLE_MESSAGES.cancelled : GOOGLE_MESSAGES.failed(error, description);
}
