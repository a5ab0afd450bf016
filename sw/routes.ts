/** Pure routing decisions of the service worker, kept apart so they can be tested without a worker. */

/** True for paths served by the API server, which the worker never answers. */
export function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

/**
 * Images worth keeping offline: any image request over http(s), same-origin (token icons served by the app) or
 * cross-origin (token and NFT images from their hosts, cached as opaque responses).
 */
export function isCacheableImage(destination: string, url: URL): boolean {
  if (destination !== 'image') return false;
  return url.protocol === 'https:' || url.protocol === 'http:';
}

/** Where the API serves token logos (GET /api/token-logos/:key): images, kept offline like any other. */
export const TOKEN_LOGO_PREFIX = '/api/token-logos/';

/** Images the worker keeps offline: cacheable images outside the API, and the API's token logos. */
export function isOfflineImage(destination: string, url: URL): boolean {
  return isCacheableImage(destination, url) && (!isApiPath(url.pathname) || url.pathname.startsWith(TOKEN_LOGO_PREFIX));
}

/** The message workbox-window's messageSkipWaiting() sends. */
export function isSkipWaitingMessage(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'SKIP_WAITING';
}
