/**
 * Token logos are shown through this server (docs/chain-data.md "Token logos"): a logo URL of the committed token lists
 * becomes /api/token-logos/{key}, where the key is the first 32 hex digits of the URL's SHA-256. Only listed URLs
 * have a key, so the server fetches nothing a request names. Other URLs are shown as they are.
 */
import { createHash } from 'node:crypto';
import { marketEndpoints } from '../../shared/contract/market';
import { NETWORKS } from '../../shared/enums';
import { COMMITTED_TOKEN_LISTS, parseTokenList } from '../providers/tokens/token-list';

/** Where the app shows a logo from: GET /api/token-logos/:key without its key. */
export const TOKEN_LOGO_PATH = marketEndpoints.tokenLogo.path.replace(':key', '');

export function tokenLogoKey(url: string): string {
  return createHash('sha256').update(url).digest('hex').slice(0, 32);
}

let listed: { keyOf: Map<string, string>; urlOf: Map<string, string> } | undefined;

/** The committed lists' logo URLs by key and keys by URL, built on first use. */
function listedLogos(): NonNullable<typeof listed> {
  if (listed) return listed;
  const keyOf = new Map<string, string>();
  const urlOf = new Map<string, string>();
  for (const network of NETWORKS) {
    for (const token of parseTokenList(network, COMMITTED_TOKEN_LISTS[network]).tokens) {
      if (token.image_url === null || keyOf.has(token.image_url)) continue;
      const key = tokenLogoKey(token.image_url);
      keyOf.set(token.image_url, key);
      urlOf.set(key, token.image_url);
    }
  }
  listed = { keyOf, urlOf };
  return listed;
}

/** The logo URL the API shows: this server's copy of a listed logo, any other URL (or none) unchanged. */
export function shownLogoUrl(url: string | null): string | null {
  if (url === null) return null;
  const key = listedLogos().keyOf.get(url);
  return key === undefined ? url : `${TOKEN_LOGO_PATH}${key}`;
}

/** The listed logo URL of a key; undefined for any other key. */
export function listedLogoUrl(key: string): string | undefined {
  return listedLogos().urlOf.get(key);
}
