import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createApp } from '../../src/server/app';
import { BUSY_RETRY_AFTER_SECONDS, DATABASE_BUSY } from '../../src/server/http/database-busy';
import type { Logger } from '../../src/server/logging/logger';
import { authEndpoints } from '../../src/shared/contract/auth';
import { planEndpoints } from '../../src/shared/contract/plans';
import { userEndpoints } from '../../src/shared/contract/users';
import { availableDrivers } from './helpers/drivers';
import { setupSuite, testConfig } from './helpers/suite';
import { openTestDatabase } from './helpers/test-database';

const THEME_SCRIPT = "document.documentElement.dataset.theme = localStorage.getItem('theme') ?? 'light';";
const INDEX = `<!doctype html><html><head><script>${THEME_SCRIPT}</script><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>`;

const AUTH_SCRIPT = "document.documentElement.dataset.boot = 'auth';";
const AUTH_SHELL = `<!doctype html><html><head><script>${AUTH_SCRIPT}</script></head><body><div id="root"></div></body></html>`;
/** The build's list of landing shells, with entries the server must ignore (a file outside the folder, a bad pattern). */
const LANDING_PAGES = [
  { path: '^/auth/?$', file: 'landing/auth.html' },
  { path: '^/wallets$', file: 'index.html' },
  { path: '^/contacts(', file: 'landing/contacts.html' },
  { path: '^/faq/?$', file: 'landing/faq.html' },
];

let staticDir: string;

beforeAll(() => {
  staticDir = mkdtempSync(join(tmpdir(), 'ledgerloop-static-'));
  mkdirSync(join(staticDir, 'assets'));
  mkdirSync(join(staticDir, 'icons'));
  writeFileSync(join(staticDir, 'index.html'), INDEX);
  writeFileSync(join(staticDir, 'assets', 'index-abc123.js'), 'console.log("app");');
  writeFileSync(join(staticDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(staticDir, 'manifest.webmanifest'), '{"name":"Ledgerloop"}');
  writeFileSync(join(staticDir, 'icons', 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  writeFileSync(join(staticDir, '.env'), 'SECRET=1');
  mkdirSync(join(staticDir, 'landing'));
  writeFileSync(join(staticDir, 'landing', 'pages.json'), JSON.stringify(LANDING_PAGES));
  writeFileSync(join(staticDir, 'landing', 'auth.html'), AUTH_SHELL);
  writeFileSync(join(staticDir, 'landing', 'contacts.html'), AUTH_SHELL);
});
afterAll(() => {
  rmSync(staticDir, { recursive: true, force: true });
});

describe.each(availableDrivers())('static files, headers and errors on %s', (kind) => {
  const suite = setupSuite(kind);
  const app = () => suite.makeApp({ env: { STATIC_DIR: staticDir } });

  it('serves hashed assets with immutable caching', async () => {
    const response = await app().request('/assets/index-abc123.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await response.text()).toBe('console.log("app");');
  });

  it('serves the shell, service worker and manifest with no-cache', async () => {
    for (const [path, type] of [
      ['/', 'text/html'],
      ['/index.html', 'text/html'],
      ['/sw.js', 'text/javascript'],
      ['/manifest.webmanifest', 'application/manifest+json'],
    ] as const) {
      const response = await app().request(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toBe('no-cache');
      expect(response.headers.get('content-type'), path).toContain(type);
    }
    const icon = await app().request('/icons/icon-192.png');
    expect(icon.headers.get('content-type')).toBe('image/png');
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await app().request('/sw.js');
    const etag = first.headers.get('etag') ?? '';
    expect(etag).not.toBe('');
    const second = await app().request('/sw.js', { headers: { 'If-None-Match': etag } });
    expect(second.status).toBe(304);
    const index = await app().request('/');
    const again = await app().request('/overview', { headers: { 'If-None-Match': index.headers.get('etag') ?? '' } });
    expect(again.status).toBe(304);
  });

  it('falls back to index.html for navigations, never for /api or missing assets', async () => {
    for (const path of ['/overview', '/wallets', '/0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', '/pay-invoice/123/payment']) {
      const response = await app().request(path, { headers: { Accept: 'text/html' } });
      expect(response.status, path).toBe(200);
      expect(await response.text()).toBe(INDEX);
    }
    const dotted = await app().request('/vitalik.eth', { headers: { Accept: 'text/html,application/xhtml+xml' } });
    expect(dotted.status).toBe(200);
    expect((await app().request('/assets/missing-123.js')).status).toBe(404);
    expect((await app().request('/missing.png')).status).toBe(404);
    const api = await app().request('/api/unknown', { headers: { Accept: 'text/html' } });
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ detail: 'Not found.' });
  });

  it("sends a landing page its own shell, with that shell's script hash in the CSP", async () => {
    for (const path of ['/auth', '/auth/']) {
      const response = await app().request(path, { headers: { Accept: 'text/html' } });
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toBe('no-cache');
      expect(await response.text(), path).toBe(AUTH_SHELL);
      const hash = createHash('sha256').update(AUTH_SCRIPT).digest('base64');
      expect(response.headers.get('content-security-policy'), path).toContain(`script-src 'self' 'sha256-${hash}'`);
    }
    const compressed = await app().request('/auth', { headers: { Accept: 'text/html', 'Accept-Encoding': 'gzip' } });
    expect(compressed.headers.get('content-encoding')).toBe('gzip');
    expect(compressed.headers.get('etag')).not.toBe((await app().request('/')).headers.get('etag'));
    // Not a listed page, a listed file outside the folder, a pattern that does not compile, a shell the build did
    // not write: index.html.
    for (const path of ['/auth/extra', '/wallets', '/contacts', '/faq']) {
      const response = await app().request(path, { headers: { Accept: 'text/html' } });
      expect(await response.text(), path).toBe(INDEX);
    }
    // The shells are never files of their own.
    expect((await app().request('/landing/auth.html')).status).toBe(404);
    expect((await app().request('/landing/pages.json')).status).toBe(404);
  });

  it('never serves files outside the folder or hidden files', async () => {
    for (const path of ['/../package.json', '/%2e%2e/package.json', '/assets/..%2f..%2fpackage.json', '/.env', '/%2eenv']) {
      const response = await app().request(path);
      expect(response.status, path).not.toBe(200);
    }
  });

  it('sends security headers everywhere, with the inline script hash in the shell CSP', async () => {
    const index = await app().request('/');
    const csp = index.headers.get('content-security-policy') ?? '';
    const hash = createHash('sha256').update(THEME_SCRIPT).digest('base64');
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/connect-src [^;]*wss:\/\/\*\.walletconnect\.com/);
    expect(csp).toMatch(/connect-src 'self' https:\/\/accounts\.google\.com /);
    for (const response of [index, await app().request(authEndpoints.publicConfig.path), await app().request('/api/nothing')]) {
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    }
    const google = suite.makeApp({ env: { OIDC_ISSUER: 'https://login.example.org' } });
    expect((await google.request(authEndpoints.publicConfig.path)).headers.get('content-security-policy')).toContain(
      'connect-src \'self\' https://login.example.org',
    );
    const apiResponse = await app().request(planEndpoints.listPlans.path);
    expect(apiResponse.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 503 with a hint when the PWA is not built', async () => {
    const unbuilt = suite.makeApp({ env: { STATIC_DIR: join(staticDir, 'does-not-exist') } });
    const response = await unbuilt.request('/overview', { headers: { Accept: 'text/html' } });
    expect(response.status).toBe(503);
    expect(await response.text()).toContain('npm run build');
  });

  it('answers 404 for unknown API paths and 405 with Allow for unsupported methods', async () => {
    const client = suite.client(app());
    const unknown = await client.get('/api/no-such-route');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ detail: 'Not found.' });
    const unknownPost = await client.post('/api/no-such-route', {});
    expect(unknownPost.status).toBe(404);
    const put = await client.request('PUT', userEndpoints.getUser.path, { json: {} });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, HEAD, PATCH');
    expect(await put.json()).toEqual({ detail: 'Method "PUT" not allowed.' });
    const getLogout = await client.get(authEndpoints.logout.path);
    expect(getLogout.status).toBe(405);
    expect(getLogout.headers.get('allow')).toBe('POST');
  });
});

describe('unexpected failures', () => {
  const recorder = () => {
    const logged: { level: string; message: string; fields?: Record<string, unknown> }[] = [];
    const at = (level: string) => (message: string, fields?: Record<string, unknown>) => {
      logged.push({ level, message, ...(fields === undefined ? {} : { fields }) });
    };
    const logger: Logger = { debug: () => undefined, info: () => undefined, warn: at('warn'), error: at('error') };
    return { logged, logger };
  };

  it('answer 500 without internals and are logged', async () => {
    const database = await openTestDatabase('pglite');
    try {
      // A table the route reads is gone: an error nobody expects, not a busy database.
      await database.db.execute(sql`drop table plans cascade`);
      const { logged, logger } = recorder();
      const app = createApp({ db: database.db, config: testConfig(), logger });
      const response = await app.request(planEndpoints.listPlans.path);
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ detail: 'Unexpected server error occurred' });
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatchObject({ level: 'error', message: 'Unhandled error', fields: { method: 'GET', path: planEndpoints.listPlans.path } });
    } finally {
      await database.close();
    }
  });

  it('a database that has stopped is answered 503 with Retry-After and a warning, not as an unexpected error', async () => {
    const database = await openTestDatabase('pglite');
    await database.close();
    const { logged, logger } = recorder();
    const app = createApp({ db: database.db, config: testConfig(), logger });
    const response = await app.request(planEndpoints.listPlans.path);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe(String(BUSY_RETRY_AFTER_SECONDS));
    expect(await response.json()).toEqual({ detail: DATABASE_BUSY });
    expect(logged).toEqual([expect.objectContaining({ level: 'warn', message: 'Database busy: answering 503' })]);
  });
});
