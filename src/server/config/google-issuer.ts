/** Google's OpenID issuer and its tokeninfo endpoint (see src/server/auth/google-tokeninfo.ts). */
export const GOOGLE_ISSUER = 'https://accounts.google.com';
export const GOOGLE_TOKENINFO_URL = 'https://oauth2.googleapis.com/tokeninfo';

/** Google's tokeninfo for Google's issuer; for another issuer (a proxy or a test server) its `/tokeninfo`. */
export function defaultTokeninfoUrl(issuer: string): string {
  const trimmed = issuer.replace(/\/+$/, '');
  return trimmed === GOOGLE_ISSUER ? GOOGLE_TOKENINFO_URL : `${trimmed}/tokeninfo`;
}
