import { readFileSync } from 'node:fs';
import type { Hono } from 'hono';
import { marketEndpoints } from '../../shared/contract/market';
import { notFound } from '../http/api-error';
import type { AppEnv } from '../http/app-env';
import { route } from '../http/route';
import { listedLogoUrl, TOKEN_LOGO_PATH } from '../lib/token-logo-urls';
import { gcraReserve, type GcraState } from '../providers/http/gcra';
import { LruCache } from '../providers/http/lru-cache';
import type { RateLimitRule } from '../providers/http/rate-limiter';
import type { Services } from '../services';

/** Image types a logo may have; anything else is not served. */
const LOGO_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'image/svg+xml']);
/** Larger answers are not logos (the lists' logos are a few KB). */
export const MAX_LOGO_BYTES = 256 * 1024;
const FETCH_TIMEOUT_MS = 5_000;
/** Logos kept in memory (least recently used first out). */
const CACHED_LOGOS = 500;
/** A fetched logo is kept this long, and browsers may keep it too. */
const LOGO_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** After a failed fetch the logo host is asked again no sooner than this. */
export const LOGO_RETRY_MS = 10 * 60 * 1000;
/**
 * Fetches from the logo hosts, all keys together: a page's logos at once, then one every half second on average.
 * Past that the mark is answered for a minute, so no one can make the server fetch the lists' logos over and over.
 */
export const LOGO_FETCHES: RateLimitRule = { perSecond: 2, burst: 60 };
/** How long a browser keeps the mark answered for a logo that was not fetched because of LOGO_FETCHES. */
export const BUSY_RETRY_SECONDS = 60;
/**
 * The key that stands for a logo that cannot be fetched: answered with the app's mark (public/logo.svg), as the PWA
 * shows for a failed image. Every such logo redirects to this one address, so a page downloads the mark once.
 */
export const UNAVAILABLE_KEY = 'unavailable';
export const FALLBACK_LOGO = `${TOKEN_LOGO_PATH}${UNAVAILABLE_KEY}`;
/** Browsers keep the mark this long. */
const MARK_TTL_SECONDS = 24 * 60 * 60;

let mark: Uint8Array<ArrayBuffer> | undefined;
const appMark = (): Uint8Array<ArrayBuffer> =>
  (mark ??= new Uint8Array(readFileSync(new URL('../../../public/logo.svg', import.meta.url))));

/** Headers of every image this route answers: its type only, and an SVG opened on its own runs no script. */
const imageHeaders = (type: string, body: Uint8Array, maxAgeSeconds: number): Record<string, string> => ({
  'Content-Type': type,
  'Content-Length': String(body.byteLength),
  'Cache-Control': `public, max-age=${String(maxAgeSeconds)}`,
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
});

const MAX_REDIRECTS = 3;

/**
 * Where a logo host may send the server on: https to a host name, never to an address, localhost or credentials.
 * The lists' own URLs are reviewed; a redirect is not, and must not reach the server's own network.
 */
function isPublicHttps(url: URL): boolean {
  const host = url.hostname.toLowerCase();
  const isAddress = host.startsWith('[') || /^[\d.]+$/.test(host);
  const isLocal = host === 'localhost' || host.endsWith('.localhost') || !host.includes('.');
  return url.protocol === 'https:' && !isAddress && !isLocal && url.username === '' && url.password === '';
}

interface Logo {
  body: Uint8Array<ArrayBuffer>;
  type: string;
}

/** The body of `response`, or null once it passes `max` bytes. */
async function readAtMost(response: Response, max: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (response.body === null) return new Uint8Array();
  const reader = response.body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return null;
    }
    parts.push(value);
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    body.set(part, at);
    at += part.byteLength;
  }
  return body;
}

/**
 * GET token-logos/{key} (docs/chain-data.md "Token logos"): a listed token's logo, fetched once from its list's host and
 * kept in memory. A logo that cannot be fetched (host unreachable, not an image, too large) is answered with a
 * short-lived redirect to the app's mark (FALLBACK_LOGO), and its host is not asked again for LOGO_RETRY_MS. Fetches
 * are limited all together (LOGO_FETCHES).
 */
export function registerTokenLogoRoutes(app: Hono<AppEnv>, s: Services): void {
  const now = () => s.now().getTime();
  const logos = new LruCache<Logo | null>(CACHED_LOGOS, now);
  const fetching = new Map<string, Promise<Logo | null>>();

  /** The logo host's answer, following at most MAX_REDIRECTS redirects, each to a public https address only. */
  async function fetchFollowing(url: string, signal: AbortSignal): Promise<Response | null> {
    let target = url;
    for (let hop = 0; ; hop += 1) {
      const response = await s.fetch(target, { headers: { Accept: 'image/*' }, redirect: 'manual', signal });
      if (response.status < 300 || response.status > 399) return response;
      await response.body?.cancel();
      const location = response.headers.get('Location');
      const next = location === null ? null : URL.parse(location, target);
      if (next === null || hop >= MAX_REDIRECTS || !isPublicHttps(next)) {
        s.logger.warn('Token logo redirect not followed', { url, location });
        return null;
      }
      target = next.href;
    }
  }

  async function fetchLogo(url: string): Promise<Logo | null> {
    try {
      const response = await fetchFollowing(url, AbortSignal.timeout(FETCH_TIMEOUT_MS));
      if (response === null) return null;
      const type = (response.headers.get('Content-Type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
      if (!response.ok || !LOGO_TYPES.has(type)) {
        await response.body?.cancel();
        s.logger.warn('Token logo not served', { url, status: response.status, type });
        return null;
      }
      const body = await readAtMost(response, MAX_LOGO_BYTES);
      if (body === null) s.logger.warn('Token logo too large', { url });
      return body === null ? null : { body, type };
    } catch (error) {
      s.logger.warn('Token logo fetch failed', { url, reason: error instanceof Error ? error.message : String(error) });
      return null;
    }
  }

  let fetches: GcraState | undefined;
  /** Whether one more fetch fits LOGO_FETCHES now (and counts it). */
  function mayFetch(): boolean {
    const at = now();
    const { slotMs, state } = gcraReserve(fetches, at, LOGO_FETCHES);
    if (slotMs > at) return false;
    fetches = state;
    return true;
  }

  /** The logo (null: it cannot be fetched), or 'busy' when fetching it now would pass LOGO_FETCHES. */
  function logoOf(key: string, url: string): Promise<Logo | null | 'busy'> {
    const known = logos.get(key);
    if (known !== undefined) return Promise.resolve(known);
    let pending = fetching.get(key);
    if (pending === undefined) {
      if (!mayFetch()) return Promise.resolve('busy');
      pending = fetchLogo(url).then((logo) => {
        logos.set(key, logo, logo === null ? LOGO_RETRY_MS : LOGO_TTL_MS);
        fetching.delete(key);
        return logo;
      });
      fetching.set(key, pending);
    }
    return pending;
  }

  route(app, s, marketEndpoints.tokenLogo, async (c, { params: { key } }) => {
    if (key === UNAVAILABLE_KEY) return c.body(appMark(), 200, imageHeaders('image/svg+xml', appMark(), MARK_TTL_SECONDS));
    const url = listedLogoUrl(key);
    if (url === undefined) throw notFound();
    const logo = await logoOf(key, url);
    if (logo === null || logo === 'busy') {
      const maxAge = logo === null ? LOGO_RETRY_MS / 1000 : BUSY_RETRY_SECONDS;
      return c.body(null, 302, { Location: FALLBACK_LOGO, 'Cache-Control': `public, max-age=${String(maxAge)}` });
    }
    return c.body(logo.body, 200, imageHeaders(logo.type, logo.body, LOGO_TTL_MS / 1000));
  });
}
