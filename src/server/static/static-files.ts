import { createHash } from 'node:crypto';
import { createReadStream, type Stats } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Context, Handler } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { contentSecurityPolicy } from '../http/security-headers';
import { acceptedEncodings, ENCODING_SUFFIX, PRECOMPRESSED_FILE, type StaticEncoding } from '../http/content-encoding';
import { LANDING_DIR, LANDING_PAGES_FILE, parseLandingPages, type LandingShell } from './landing-shells';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
/** Files that must never be served stale: the shell, the service worker and the manifest. */
const NO_CACHE_FILES = new Set(['/index.html', '/sw.js', '/manifest.webmanifest']);

interface ShellPage {
  mtimeMs: number;
  size: number;
  body: string;
  encoded: Record<StaticEncoding, Uint8Array<ArrayBuffer>>;
  etag: string;
  csp: string;
}

export interface StaticFilesOptions {
  staticDir: string;
  oidcIssuer: string;
  /** Origins the page may frame besides its own (see contentSecurityPolicy). */
  frameSources?: readonly string[];
}

/** sha256 CSP sources of index.html's inline scripts (e.g. the theme script that runs before first paint). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    const code = match[1] ?? '';
    if (code.trim() !== '') hashes.push(`sha256-${createHash('sha256').update(code).digest('base64')}`);
  }
  return hashes;
}

const etagOf = (stats: Stats): string => `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;

/**
 * Serves the built PWA: hashed files under /assets with immutable caching, the shell, service worker and
 * manifest with no-cache, other files revalidated by ETag, and for any other navigation the shell (the client-side
 * router takes it from there): a landing page's own (`landing/<name>.html`, which asks for that page's files alone)
 * when the path is one, index.html otherwise. Never used for /api.
 */
export function staticFiles(options: StaticFilesOptions): Handler {
  const root = resolve(options.staticDir);
  const shells = new Map<string, ShellPage>();
  let landing: { mtimeMs: number; size: number; pages: LandingShell[] } | undefined;

  /** The shell for a navigation to `path`; read again whenever the build rewrites the list. */
  const shellFileFor = async (path: string): Promise<string> => {
    const stats = await statFile(resolve(root, LANDING_PAGES_FILE));
    if (stats === undefined) return 'index.html';
    if (landing?.mtimeMs !== stats.mtimeMs || landing.size !== stats.size) {
      landing = { mtimeMs: stats.mtimeMs, size: stats.size, pages: parseLandingPages(await readFile(resolve(root, LANDING_PAGES_FILE), 'utf8')) };
    }
    return landing.pages.find((page) => page.path.test(path))?.file ?? 'index.html';
  };

  const loadShell = async (name: string): Promise<ShellPage | undefined> => {
    const file = resolve(root, name);
    const stats = await statFile(file);
    if (stats === undefined) return undefined;
    const cached = shells.get(name);
    if (cached?.mtimeMs === stats.mtimeMs && cached.size === stats.size) return cached;
    const body = await readFile(file, 'utf8');
    const shell: ShellPage = {
      mtimeMs: stats.mtimeMs,
      size: stats.size,
      body,
      encoded: { br: new Uint8Array(brotliCompressSync(body)), gzip: new Uint8Array(gzipSync(body, { level: 9 })) },
      etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
      csp: contentSecurityPolicy({ oidcIssuer: options.oidcIssuer, scriptHashes: inlineScriptHashes(body), frameSources: options.frameSources ?? [] }),
    };
    shells.set(name, shell);
    return shell;
  };

  const serveShell = async (c: Context, name: string): Promise<Response> => {
    // A landing shell missing from the build falls back to index.html.
    const page = (await loadShell(name)) ?? (name === 'index.html' ? undefined : await loadShell('index.html'));
    if (page === undefined) {
      return c.text('The app is not built yet: run `npm run build`, then reload.', 503, {
        'Cache-Control': 'no-store',
      });
    }
    const encoding = acceptedEncodings(c.req.header('accept-encoding'))[0];
    const etag = encoding === undefined ? page.etag : `${page.etag.slice(0, -1)}-${encoding}"`;
    const headers: Record<string, string> = {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': REVALIDATE,
      ETag: etag,
      Vary: 'Accept-Encoding',
      'Content-Security-Policy': page.csp,
    };
    if (encoding !== undefined) headers['Content-Encoding'] = encoding;
    if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
    if (c.req.method === 'HEAD') return c.body(null, 200, headers);
    if (encoding === undefined) return c.body(page.body, 200, headers);
    return c.body(page.encoded[encoding], 200, headers);
  };

  return async (c) => {
    const path = safePath(c.req.path);
    if (path === undefined) return c.text('Not found.', 404);
    if (path === '/' || path === '/index.html') return serveShell(c, 'index.html');
    const file = resolve(root, `.${path}`);
    const stats = file.startsWith(root + sep) && !path.startsWith(LANDING_DIR) ? await statFile(file) : undefined;
    if (stats !== undefined) return serveFile(c, file, path, stats);
    if (isNavigation(c, path)) return serveShell(c, await shellFileFor(path));
    return c.text('Not found.', 404, { 'Cache-Control': REVALIDATE });
  };
}

/** The decoded request path, or undefined when it tries to leave the folder or name a hidden file. */
function safePath(rawPath: string): string | undefined {
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    return undefined;
  }
  if (path.includes('\0') || path.includes('\\') || /(^|\/)\.\.?(\/|$)/.test(path)) return undefined;
  if (/(^|\/)\.(?!well-known\/)/.test(path)) return undefined;
  return path;
}

/** A browser navigation (or an extension-less path) gets the shell; missing asset files get a 404. */
function isNavigation(c: Context, path: string): boolean {
  if (path.startsWith('/assets/')) return false;
  const accept = c.req.header('accept') ?? '';
  return accept.includes('text/html') || extname(path) === '';
}

async function statFile(file: string): Promise<Stats | undefined> {
  try {
    const stats = await stat(file);
    return stats.isFile() ? stats : undefined;
  } catch {
    return undefined;
  }
}

/** The precompressed variant of `file` the client accepts, best first, if the build wrote one. */
async function encodedVariant(
  c: Context,
  file: string,
): Promise<{ encoding: StaticEncoding; file: string; stats: Stats } | undefined> {
  for (const encoding of acceptedEncodings(c.req.header('accept-encoding'))) {
    const variant = `${file}${ENCODING_SUFFIX[encoding]}`;
    const stats = await statFile(variant);
    if (stats !== undefined) return { encoding, file: variant, stats };
  }
  return undefined;
}

async function serveFile(c: Context, file: string, path: string, original: Stats): Promise<Response> {
  // Answers for files the build may have compressed vary by encoding.
  const compressible = PRECOMPRESSED_FILE.test(path);
  const variant = compressible ? await encodedVariant(c, file) : undefined;
  const stats = variant?.stats ?? original;
  const etag = variant === undefined ? etagOf(original) : `${etagOf(original).slice(0, -1)}-${variant.encoding}"`;
  const cacheControl = path.startsWith('/assets/')
    ? IMMUTABLE
    : NO_CACHE_FILES.has(path)
      ? REVALIDATE
      : 'public, max-age=0, must-revalidate';
  const headers: Record<string, string> = {
    'Content-Type': getMimeType(file) ?? 'application/octet-stream',
    'Cache-Control': cacheControl,
    ETag: etag,
    'Last-Modified': original.mtime.toUTCString(),
  };
  if (compressible) headers.Vary = 'Accept-Encoding';
  if (variant !== undefined) headers['Content-Encoding'] = variant.encoding;
  if (path === '/sw.js') headers['Service-Worker-Allowed'] = '/';
  if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
  headers['Content-Length'] = String(stats.size);
  if (c.req.method === 'HEAD') return c.body(null, 200, headers);
  const stream = Readable.toWeb(createReadStream(variant?.file ?? file)) as ReadableStream<Uint8Array>;
  return c.body(stream, 200, headers);
}
