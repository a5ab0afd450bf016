import type { Hono } from 'hono';
import { authEndpoints } from '../../shared/contract/auth';
import { nonFieldError } from '../http/api-error';
import type { AppEnv } from '../http/app-env';
import { route } from '../http/route';
import type { Services } from '../services';
import { upsertGoogleUser } from './sign-in-users';
import { OidcError } from '../auth/oidc-http';
import type { OidcUserinfo } from '../auth/oidc-userinfo';
import { privilegesFor } from '../auth/privileges';
import { limitSignInByIp, respondSignedIn } from './sign-in-flow';

export const GOOGLE_MESSAGES = {
  disabled: 'Google sign-in is not enabled on this server.',
  invalidToken: 'Google sign-in failed: the token is invalid or expired.',
  unreachable: 'Google sign-in is unavailable: the sign-in service cannot be reached. Try again later.',
  badResponse: 'Google sign-in failed: the sign-in service sent an unexpected answer. Try again later.',
  unverifiedEmail: 'Google sign-in failed: the account has no verified e-mail address.',
  wrongAudience: 'Google sign-in failed: the token was issued to another application.',
} as const;

async function userinfoFor(s: Services, accessToken: string, clientId: string): Promise<OidcUserinfo> {
  try {
    return await s.oidc.verifyAccessToken(accessToken, clientId);
  } catch (error) {
    if (!(error instanceof OidcError)) throw error;
    s.logger.warn('Google sign-in: token check failed', { kind: error.kind, message: error.message });
    if (error.kind === 'invalid_token') throw nonFieldError(GOOGLE_MESSAGES.invalidToken);
    if (error.kind === 'wrong_audience') throw nonFieldError(GOOGLE_MESSAGES.wrongAudience);
    if (error.kind === 'unreachable') throw nonFieldError(GOOGLE_MESSAGES.unreachable);
    throw nonFieldError(GOOGLE_MESSAGES.badResponse);
  }
}

/**
 * POST login-with-google: the access token must have been issued to GOOGLE_CLIENT_ID (tokeninfo endpoint); the
 * account's claims come from the issuer's userinfo endpoint.
 */
export function registerGoogleLoginRoutes(app: Hono<AppEnv>, s: Services): void {
  route(app, s, authEndpoints.loginWithGoogle, async (c, { body }) => {
    await limitSignInByIp(c, s);
    const clientId = s.config.googleClientId;
    if (clientId === undefined) throw nonFieldError(GOOGLE_MESSAGES.disabled);
    const { access_token: accessToken } = body;
    const info = await userinfoFor(s, accessToken, clientId);
    const email = info.email?.trim() ?? '';
    if (email === '' || info.email_verified !== true) throw nonFieldError(GOOGLE_MESSAGES.unverifiedEmail);
    const userId = await upsertGoogleUser(s.db, {
      subject: info.sub,
      email,
      firstName: (info.given_name ?? '').trim().slice(0, 150),
      lastName: (info.family_name ?? '').trim().slice(0, 150),
      privileges: privilegesFor(s.config, { email }),
      now: s.now(),
    });
    return respondSignedIn(c, s, userId);
  });
}
