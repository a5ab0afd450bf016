import { describe, expect, it } from 'vitest';
import {
  buildGoogleAuthorizationUrl,
  createOAuthState,
  GOOGLE_MESSAGES,
  googleReturnErrorText,
  parseGoogleFragment,
  stateMatches,
} from '../../src/app/features/auth/google-oauth';

describe('buildGoogleAuthorizationUrl', () => {
  it('asks for a token with the OpenID scopes, the redirect URI and the state', () => {
    const url = new URL(
      buildGoogleAuthorizationUrl({
        authorizationEndpoint: 'https://accounts.example.com/o/oauth2/v2/auth',
        clientId: 'client-123.apps',
        redirectUri: 'http://localhost:8001/auth',
        state: 'abc_DEF-123',
      }),
    );
    expect(url.origin + url.pathname).toBe('https://accounts.example.com/o/oauth2/v2/auth');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'client-123.apps',
      redirect_uri: 'http://localhost:8001/auth',
      response_type: 'token',
      scope: 'openid email profile',
      state: 'abc_DEF-123',
    });
  });

  it('keeps query parameters the endpoint already has', () => {
    const url = new URL(
      buildGoogleAuthorizationUrl({
        authorizationEndpoint: 'http://127.0.0.1:9000/auth?tenant=acme',
        clientId: 'c',
        redirectUri: 'http://127.0.0.1:8001/auth',
        state: 's',
      }),
    );
    expect(url.searchParams.get('tenant')).toBe('acme');
    expect(url.searchParams.get('client_id')).toBe('c');
  });
});

describe('parseGoogleFragment', () => {
  it('reads the access token and state of a successful return', () => {
    expect(
      parseGoogleFragment('#access_token=ya29.a0Af%2Fx&token_type=Bearer&expires_in=3599&scope=email%20profile&state=st4te'),
    ).toEqual({ kind: 'token', accessToken: 'ya29.a0Af/x', state: 'st4te' });
  });

  it('reads a provider error, preferring it over a token', () => {
    expect(parseGoogleFragment('#error=access_denied&error_description=User+denied&state=s1')).toEqual({
      kind: 'error',
      error: 'access_denied',
      description: 'User denied',
      state: 's1',
    });
  });

  it('reports a missing state as null', () => {
    expect(parseGoogleFragment('access_token=t')).toEqual({ kind: 'token', accessToken: 't', state: null });
  });

  it('ignores fragments that are not OAuth answers', () => {
    expect(parseGoogleFragment('')).toEqual({ kind: 'none' });
    expect(parseGoogleFragment('#')).toEqual({ kind: 'none' });
    expect(parseGoogleFragment('#section-2')).toEqual({ kind: 'none' });
    expect(parseGoogleFragment('#access_token=&state=x')).toEqual({ kind: 'none' });
  });
});

describe('OAuth state', () => {
  it('is 32 random bytes in base64url', () => {
    const bytes = Uint8Array.from({ length: 32 }, (_, index) => (index * 37 + 250) % 256);
    const state = createOAuthState((target) => {
      target.set(bytes);
      return target;
    });
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(state, 'base64url')).toEqual(Buffer.from(bytes));
  });

  it('differs between calls with the real random source', () => {
    expect(createOAuthState()).not.toBe(createOAuthState());
  });

  it('matches only the exact stored value', () => {
    expect(stateMatches('abc', 'abc')).toBe(true);
    expect(stateMatches('abc', 'abd')).toBe(false);
    expect(stateMatches(null, 'abc')).toBe(false);
    expect(stateMatches('abc', null)).toBe(false);
    expect(stateMatches('', '')).toBe(false);
    expect(stateMatches(null, null)).toBe(false);
  });
});

describe('googleReturnErrorText', () => {
  it('calls a denied consent a cancellation', () => {
    expect(googleReturnErrorText('access_denied', 'whatever')).toBe(GOOGLE_MESSAGES.cancelled);
  });

  it('shows the provider description, else the error code', () => {
    expect(googleReturnErrorText('invalid_request', 'Missing redirect_uri')).toBe('Google sign-in failed: Missing redirect_uri');
    expect(googleReturnErrorText('server_error', null)).toBe('Google sign-in failed: server_error');
    expect(googleReturnErrorText('server_error', '  ')).toBe('Google sign-in failed: server_error');
  });
});
