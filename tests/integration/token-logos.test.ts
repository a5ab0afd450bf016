import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import { marketEndpoints } from '../../src/shared/contract/market';
import type { TokenRefOut } from '../../src/shared/contract/primitives';
import type { AppEnv } from '../../src/server/http/app-env';
import { listedLogoUrl, shownLogoUrl, tokenLogoKey, TOKEN_LOGO_PATH } from '../../src/server/lib/token-logo-urls';
import { BUSY_RETRY_SECONDS, FALLBACK_LOGO, LOGO_FETCHES, LOGO_RETRY_MS, MAX_LOGO_BYTES } from '../../src/server/market/token-logo-routes';
import { COMMITTED_TOKEN_LISTS, parseTokenList } from '../../src/server/providers/tokens/token-list';
import { createClock } from './helpers/clock';
import { availableDrivers } from './helpers/drivers';
import { setupSuite } from './helpers/suite';
import { json, TestClient } from './helpers/test-client';

/** Distinct logo URLs of the committed Ethereum list, the way the registry gives them. */
const ETHEREUM_LOGOS = [
  ...new Set(
    parseTokenList('ETHEREUM', COMMITTED_TOKEN_LISTS.ETHEREUM)
      .tokens.map((token) => token.image_url)
      .filter((url): url is string => url !== null),
  ),
];
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(2_000, 7)]);

/** What the logo hosts answer, by path on the local stand-in. */
const ANSWERS: Record<string, { type: string; body: Buffer; status?: number; location?: string }> = {
  '/logo.png': { type: 'image/png', body: PNG },
  '/page.html': { type: 'text/html', body: Buffer.from('<html>not a logo</html>') },
  '/huge.png': { type: 'image/png', body: Buffer.alloc(MAX_LOGO_BYTES + 1, 1) },
  '/gone.png': { type: 'image/png', body: PNG, status: 404 },
  // A logo host's redirects: to another public https host, or to this machine (never followed).
  '/moved.png': { type: 'text/plain', body: Buffer.from(''), status: 302, location: 'https://cdn.logos.example/logo.png' },
  '/inward.png': { type: 'text/plain', body: Buffer.from(''), status: 302, location: 'http://127.0.0.1:1/logo.png' },
  '/inward-https.png': { type: 'text/plain', body: Buffer.from(''), status: 301, location: 'https://169.254.169.254/latest' },
};

describe.each(availableDrivers())('token logos through the server on %s', (kind) => {
  const suite = setupSuite(kind);
  const clock = createClock(new Date('2026-03-02T10:00:00Z'));
  let host: Server;
  let origin = '';
  let app: Hono<AppEnv>;
  /** Which listed URL the stand-in answers for which path; every other listed host is unreachable. */
  const routes = new Map<string, string>();
  const asked: string[] = [];
  const [okUrl, htmlUrl, hugeUrl, goneUrl, unreachableUrl] = ETHEREUM_LOGOS as [string, string, string, string, string];
  const path = (url: string) => `${TOKEN_LOGO_PATH}${tokenLogoKey(url)}`;

  beforeAll(async () => {
    host = createServer((request, response) => {
      const answer = ANSWERS[request.url ?? ''];
      if (answer === undefined) return void response.writeHead(404).end();
      const headers = { 'Content-Type': answer.type, ...(answer.location === undefined ? {} : { Location: answer.location }) };
      response.writeHead(answer.status ?? 200, headers).end(answer.body);
    });
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${String((host.address() as AddressInfo).port)}`;
    routes.set(okUrl, '/logo.png').set(htmlUrl, '/page.html').set(hugeUrl, '/huge.png').set(goneUrl, '/gone.png');
    const logoHosts: typeof fetch = (input, init) => {
      const url = input instanceof Request ? input.url : input.toString();
      asked.push(url);
      const local = routes.get(url);
      return local === undefined ? Promise.reject(new TypeError('fetch failed')) : fetch(`${origin}${local}`, init);
    };
    app = suite.makeApp({ fetch: logoHosts, clock });
  });
  afterAll(async () => {
    await new Promise((resolve) => host?.close(resolve));
  });

  it('the API shows a listed logo as this server\'s copy, and any other URL as it is', async () => {
    expect(ETHEREUM_LOGOS.length).toBeGreaterThan(5);
    expect(shownLogoUrl(okUrl)).toBe(path(okUrl));
    expect(path(okUrl)).toMatch(/^\/api\/token-logos\/[0-9a-f]{32}$/);
    expect(listedLogoUrl(tokenLogoKey(okUrl))).toBe(okUrl);
    expect(shownLogoUrl('https://logos.example/other.png')).toBe('https://logos.example/other.png');
    expect(shownLogoUrl(null)).toBeNull();

    const tokens = await json<TokenRefOut[]>(await new TestClient(app).get(`${marketEndpoints.listTokens.path}?network=ETHEREUM`));
    const shown = tokens.map((token) => token.image_url).filter((url) => url !== null);
    expect(shown.length).toBeGreaterThan(5);
    expect(shown.every((url) => url.startsWith(TOKEN_LOGO_PATH))).toBe(true);
  });

  it('serves a logo fetched once from its host, with its type and a week of caching', async () => {
    asked.length = 0;
    const client = new TestClient(app);
    const [first, second] = await Promise.all([client.get(path(okUrl)), client.get(path(okUrl))]);
    for (const response of [first, second]) {
      expect(response.status).toBe(200);
      expect(response.headers.get('Content-Type')).toBe('image/png');
      expect(response.headers.get('Cache-Control')).toBe('public, max-age=604800');
      expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
      expect(Buffer.from(await response.arrayBuffer()).equals(PNG)).toBe(true);
    }
    const third = await client.get(path(okUrl));
    expect(third.status).toBe(200);
    expect(asked).toEqual([okUrl]);
  });

  it('answers a logo that cannot be served with the app\'s mark, and asks its host again only later', async () => {
    asked.length = 0;
    const client = new TestClient(app);
    for (const url of [htmlUrl, hugeUrl, goneUrl, unreachableUrl]) {
      const response = await client.get(path(url));
      expect(response.status, url).toBe(302);
      expect(response.headers.get('Location')).toBe(FALLBACK_LOGO);
      expect(response.headers.get('Cache-Control')).toBe(`public, max-age=${String(LOGO_RETRY_MS / 1000)}`);
    }
    expect(asked).toEqual([htmlUrl, hugeUrl, goneUrl, unreachableUrl]);

    expect((await client.get(path(unreachableUrl))).status).toBe(302);
    expect(asked).toHaveLength(4);
    // Where they all lead: the app's mark, one address that browsers keep for a day.
    const mark = await client.get(FALLBACK_LOGO);
    expect(mark.status).toBe(200);
    expect(mark.headers.get('Content-Type')).toBe('image/svg+xml');
    expect(mark.headers.get('Cache-Control')).toBe('public, max-age=86400');
    expect(mark.headers.get('Content-Security-Policy')).toContain('sandbox');
    expect(await mark.text()).toBe(readFileSync('public/logo.svg', 'utf8'));
    expect(asked).toHaveLength(4);
    // Once the host is reachable and the wait is over, the logo itself is served.
    routes.set(unreachableUrl, '/logo.png');
    clock.advance(LOGO_RETRY_MS + 1_000);
    const later = await client.get(path(unreachableUrl));
    expect(later.status).toBe(200);
    expect(asked.at(-1)).toBe(unreachableUrl);
  });

  it('fetches from the logo hosts at a bounded pace: past it, the mark for a minute, and nothing fetched', async () => {
    const ownClock = createClock(new Date('2026-03-02T10:00:00Z'));
    const fetched: string[] = [];
    const unreachable: typeof fetch = (input) => {
      fetched.push(input instanceof Request ? input.url : input.toString());
      return Promise.reject(new TypeError('fetch failed'));
    };
    const client = new TestClient(suite.makeApp({ fetch: unreachable, clock: ownClock }));
    const burst = LOGO_FETCHES.burst ?? 1;
    const keys = ETHEREUM_LOGOS.slice(0, burst + 2).map(path);
    for (const key of keys.slice(0, burst)) expect((await client.get(key)).headers.get('Cache-Control')).toBe('public, max-age=600');
    expect(fetched).toHaveLength(burst);

    const busy = await client.get(keys[burst] ?? '');
    expect(busy.status).toBe(302);
    expect(busy.headers.get('Location')).toBe(FALLBACK_LOGO);
    expect(busy.headers.get('Cache-Control')).toBe(`public, max-age=${String(BUSY_RETRY_SECONDS)}`);
    expect(fetched).toHaveLength(burst);

    // Half a second later one more fetch fits, and the logo turned away before is asked for.
    ownClock.advance(1000 / LOGO_FETCHES.perSecond);
    await client.get(keys[burst] ?? '');
    expect(fetched).toHaveLength(burst + 1);
    expect((await client.get(keys[burst + 1] ?? '')).headers.get('Cache-Control')).toBe(`public, max-age=${String(BUSY_RETRY_SECONDS)}`);
    expect(fetched).toHaveLength(burst + 1);
  });

  it('follows a logo host\'s redirect to another public https host only', async () => {
    asked.length = 0;
    const [movedUrl, inwardUrl, inwardHttpsUrl] = ETHEREUM_LOGOS.slice(10, 13) as [string, string, string];
    routes.set(movedUrl, '/moved.png').set('https://cdn.logos.example/logo.png', '/logo.png');
    routes.set(inwardUrl, '/inward.png').set(inwardHttpsUrl, '/inward-https.png');
    const client = new TestClient(app);
    const moved = await client.get(path(movedUrl));
    expect(moved.status).toBe(200);
    expect(Buffer.from(await moved.arrayBuffer()).equals(PNG)).toBe(true);
    for (const url of [inwardUrl, inwardHttpsUrl]) {
      const refused = await client.get(path(url));
      expect(refused.status, url).toBe(302);
      expect(refused.headers.get('Location')).toBe(FALLBACK_LOGO);
    }
    expect(asked).toEqual([movedUrl, 'https://cdn.logos.example/logo.png', inwardUrl, inwardHttpsUrl]);
  });

  it('fetches nothing for a key no listed logo has', async () => {
    asked.length = 0;
    const client = new TestClient(app);
    for (const key of [tokenLogoKey('https://attacker.example/x.png'), 'not-a-key', 'a'.repeat(32), `${tokenLogoKey(okUrl)}0`]) {
      const response = await client.get(`${TOKEN_LOGO_PATH}${key}`);
      expect(response.status, key).toBe(404);
      expect(await response.json()).toEqual({ detail: 'Not found.' });
    }
    expect(asked).toEqual([]);
  });
});
