import type { MiddlewareHandler } from 'hono';

/** Hosts the WalletConnect client talks to (relay, RPC, verify and explorer APIs). */
const WALLETCONNECT_CONNECT = [
  'https://*.walletconnect.com',
  'wss://*.walletconnect.com',
  'https://*.walletconnect.org',
  'wss://*.walletconnect.org',
  'https://*.web3modal.com',
  'https://*.web3modal.org',
];
const WALLETCONNECT_FRAMES = ['https://verify.walletconnect.com', 'https://verify.walletconnect.org'];

export interface CspOptions {
  /** Origin of the OpenID issuer (sign-in redirect and userinfo). */
  oidcIssuer: string;
  /** 'sha256-…' sources of inline scripts of index.html. */
  scriptHashes?: readonly string[];
  /** Further origins pages may embed (the identity-verification widget of the fiat-to-crypto partner). */
  frameSources?: readonly string[];
}

/**
 * Content-Security-Policy for the PWA: same-origin scripts (plus the hashes of index.html's inline scripts),
 * inline styles (wallet dialogs inject them), images from anywhere over https (token and NFT icons), and
 * connections to the API, the OpenID issuer and the WalletConnect relay.
 */
export function contentSecurityPolicy(options: CspOptions): string {
  const issuer = new URL(options.oidcIssuer).origin;
  const hashes = (options.scriptHashes ?? []).map((hash) => `'${hash}'`);
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...hashes],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", issuer, ...WALLETCONNECT_CONNECT],
    'frame-src': ["'self'", ...WALLETCONNECT_FRAMES, ...(options.frameSources ?? [])],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'", issuer],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${[...new Set(sources)].join(' ')}`)
    .join('; ');
}

/** Headers on every response. A handler may replace the CSP (index.html adds its script hashes). */
export function securityHeaders(options: { csp: string; https: boolean }): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    headers.set('X-Content-Type-Options', 'nosniff');
    headers.set('X-Frame-Options', 'DENY');
    headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    headers.set('Cross-Origin-Opener-Policy', 'same-origin-allow-popups');
    if (!headers.has('Content-Security-Policy')) headers.set('Content-Security-Policy', options.csp);
    if (options.https) headers.set('Strict-Transport-Security', 'max-age=31536000');
  };
}
