import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { authEndpoints } from '../../../shared/contract/auth';
import type { User } from '../../../shared/api-types';
import { api } from '../../lib/api-client';
import { signInErrorText } from '../../lib/error-text';
import {
  buildGoogleAuthorizationUrl,
  createOAuthState,
  GOOGLE_MESSAGES,
  GOOGLE_REDIRECT_PATH,
  GOOGLE_STATE_STORAGE_KEY,
  googleReturnErrorText,
  parseGoogleFragment,
  stateMatches,
} from './google-oauth';
import styles from './login-page.module.css';

const session = {
  get(key: string): string | null {
    try {
      return sessionStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      sessionStorage.setItem(key, value);
    } catch {
      // Without sessionStorage the state cannot be checked on return, and the sign-in is refused then.
    }
  },
  remove(key: string): void {
    try {
      sessionStorage.removeItem(key);
    } catch {
      // Nothing stored.
    }
  },
};

export interface GoogleReturnState {
  signingIn: boolean;
  error: string;
}

/**
 * Finishes a Google sign-in when the provider sends the browser back to /auth with a token (or an error) in the
 * URL fragment: the fragment is removed from the address bar at once, the state checked, and the token sent to
 * the server.
 */
export function useGoogleReturn(onSignedIn: (user: User) => Promise<void>): GoogleReturnState {
  const navigate = useNavigate();
  // Read once, before anything removes the fragment or the stored state.
  const [initial] = useState(() => {
    const returned = parseGoogleFragment(typeof window === 'undefined' ? '' : window.location.hash);
    if (returned.kind === 'none') return { returned, error: '' };
    if (!stateMatches(session.get(GOOGLE_STATE_STORAGE_KEY), returned.state)) {
      return { returned, error: GOOGLE_MESSAGES.stateMismatch };
    }
    if (returned.kind === 'error') return { returned, error: googleReturnErrorText(returned.error, returned.description) };
    return { returned, error: '' };
  });
  const [state, setState] = useState<GoogleReturnState>({
    signingIn: initial.returned.kind === 'token' && !initial.error,
    error: initial.error,
  });
  const handled = useRef(false);
  const onSignedInRef = useRef(onSignedIn);

  useEffect(() => {
    onSignedInRef.current = onSignedIn;
  });

  useEffect(() => {
    const { returned, error } = initial;
    if (returned.kind === 'none' || handled.current) return;
    handled.current = true;
    session.remove(GOOGLE_STATE_STORAGE_KEY);
    // The token must not stay in the address bar or the history.
    void navigate({ to: GOOGLE_REDIRECT_PATH, replace: true });
    if (error || returned.kind !== 'token') return;
    api
      .call(authEndpoints.loginWithGoogle, { body: { access_token: returned.accessToken }, silent401: true })
      .then((user) => onSignedInRef.current(user))
      .catch((caught: unknown) => setState({ signingIn: false, error: signInErrorText(caught) }));
  }, [initial, navigate]);

  return state;
}

interface GoogleSignInProps {
  clientId: string;
  authorizationEndpoint: string;
  signingIn: boolean;
  error: string;
}

function GoogleIcon() {
  return (
    <svg viewBox="0 0 48 48" width="20" height="20" aria-hidden="true" focusable="false">
      <path fill="#FFC107" d="M43.6 20.1H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.6-.4-3.9z" />
      <path fill="#FF3D00" d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z" />
      <path fill="#4CAF50" d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z" />
      <path fill="#1976D2" d="M43.6 20.1H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.6-.4-3.9z" />
    </svg>
  );
}

/** 'Sign in with Google': sends the browser to the provider (OAuth implicit flow) with a fresh state. */
export function GoogleSignIn({ clientId, authorizationEndpoint, signingIn, error }: GoogleSignInProps) {
  const [leaving, setLeaving] = useState(false);

  function start(): void {
    const state = createOAuthState();
    session.set(GOOGLE_STATE_STORAGE_KEY, state);
    setLeaving(true);
    window.location.assign(
      buildGoogleAuthorizationUrl({
        authorizationEndpoint,
        clientId,
        redirectUri: `${window.location.origin}${GOOGLE_REDIRECT_PATH}`,
        state,
      }),
    );
  }

  const busy = signingIn || leaving;
  return (
    <div className={styles.method}>
      <button
        type="button"
        className={`btn btn-block ${styles.googleButton}`}
        onClick={start}
        disabled={busy}
        aria-busy={busy || undefined}
      >
        <GoogleIcon />
        Sign in with Google
      </button>
      {signingIn ? (
        <p className="muted" role="status">
          Signing in with Google…
        </p>
      ) : null}
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
