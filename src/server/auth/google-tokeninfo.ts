/**
 * Google's tokeninfo endpoint: given an access token, it names the OAuth client the token was issued to (`aud`,
 * `azp`) and the account (`sub`). Sign-in uses it to refuse tokens obtained by another application, which the
 * userinfo endpoint alone would accept.
 */
import * as v from 'valibot';
import { failedAnswer, OidcError, TOKEN_PATTERN, type JsonGetter } from './oidc-http';

export interface Tokeninfo {
  aud: string;
  azp?: string;
  sub?: string;
}

const tokeninfoSchema = v.object({
  aud: v.pipe(v.string(), v.nonEmpty()),
  azp: v.optional(v.string()),
  sub: v.optional(v.pipe(v.string(), v.nonEmpty())),
});

/** Reads the tokeninfo of an access token (sent as the `access_token` query parameter, as Google documents). */
export async function readTokeninfo(getJson: JsonGetter, tokeninfoUrl: string, accessToken: string): Promise<Tokeninfo> {
  if (!TOKEN_PATTERN.test(accessToken)) throw new OidcError('invalid_token', 'The sign-in token is not valid.');
  const url = new URL(tokeninfoUrl);
  url.searchParams.set('access_token', accessToken);
  const { status, body } = await getJson(url.toString(), {}, 'token information');
  // Google answers 400 invalid_token for a token it does not know or that expired.
  if (status === 400 || status === 401) throw new OidcError('invalid_token', 'The sign-in token was refused. Sign in again.');
  if (body === undefined) throw failedAnswer(status, 'The sign-in provider did not give the token information');
  const parsed = v.safeParse(tokeninfoSchema, body);
  if (!parsed.success) throw new OidcError('bad_response', 'The sign-in provider sent incomplete token information.');
  return parsed.output;
}

/** True when the token was issued to `clientId`. */
export function isIssuedTo(info: Tokeninfo, clientId: string): boolean {
  return info.aud === clientId || info.azp === clientId;
}
