import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { API } from '../../src/shared/api-paths';
import { authEndpoints } from '../../src/shared/contract/auth';
import { userEndpoints } from '../../src/shared/contract/users';
import type { PublicConfig } from '../../src/shared/contract/auth';
import { rawConnection } from './helpers/raw-connection';
import { startServerProcess } from './helpers/server-process';

let workDir: string;

beforeAll(() => {
  workDir = mkdtempSync(join(tmpdir(), 'ledgerloop-main-'));
  writeFileSync(join(workDir, 'index.html'), '<!doctype html><title>Ledgerloop</title>');
});
afterAll(() => {
  rmSync(workDir, { recursive: true, force: true });
});

function cookieValue(response: Response, name: string): string | undefined {
  const line = response.headers.getSetCookie().find((l) => l.startsWith(`${name}=`));
  return line?.split(';')[0]?.slice(name.length + 1);
}

describe('the server process on PGlite', () => {
  it('starts, serves the API and the PWA, keeps its data and secret across restarts, and stops on SIGTERM', async () => {
    const env = {
      DATA_DIR: join(workDir, 'data'),
      STATIC_DIR: workDir,
      LOGIN_RATE_LIMIT_PER_IP: '2',
      // No background sync: the address signed in below would otherwise be looked up on public explorers.
      WORKER_CONCURRENCY: '0',
    };
    const first = await startServerProcess(env);
    let csrf: string | undefined;
    try {
      expect(first.output()).toContain(`listening on http://localhost:`);
      const config = (await (await fetch(`${first.url}${authEndpoints.publicConfig.path}`)).json()) as PublicConfig;
      expect(config.demo_wallets).toHaveLength(2);
      const page = await fetch(`${first.url}/overview`, { headers: { Accept: 'text/html' } });
      expect(await page.text()).toContain('<title>Ledgerloop</title>');
      expect(statSync(join(workDir, 'data', 'secret-key')).mode & 0o777).toBe(0o600);
      csrf = cookieValue(await fetch(`${first.url}${API.csrf}`), 'csrftoken');
      expect(csrf).toBeDefined();
      // The client IP comes from the socket: the third attempt from 127.0.0.1 is refused.
      const attempt = () =>
        fetch(`${first.url}${authEndpoints.loginWithAddress.path}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-CSRFToken': csrf ?? '', Cookie: `csrftoken=${csrf ?? ''}` },
          body: JSON.stringify({ address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' }),
        });
      expect((await attempt()).status).toBe(200);
      expect((await attempt()).status).toBe(200);
      expect((await attempt()).status).toBe(429);
    } finally {
      expect(await first.stop()).toBe(0);
    }

    const second = await startServerProcess({ ...env, LOGIN_RATE_LIMIT_PER_IP: '100' });
    try {
      // Same secret key: a CSRF token from the first run is still accepted.
      const response = await fetch(`${second.url}${authEndpoints.loginWithAddress.path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-CSRFToken': csrf ?? '', Cookie: `csrftoken=${csrf ?? ''}` },
        body: JSON.stringify({ address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' }),
      });
      expect(response.status).toBe(200);
      // A client that never finishes its headers is answered 408 and cut off after 10 seconds, and counted.
      const port = Number(new URL(second.url).port);
      const ended = await rawConnection(port, (socket) => {
        socket.write('GET /api/config HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');
      });
      expect(ended.text).toMatch(/^HTTP\/1\.1 408/);
      expect(ended.afterMs).toBeGreaterThanOrEqual(9_900);
      expect(ended.afterMs).toBeLessThan(12_000);
      expect(second.output()).toContain('Slow client cut off');
    } finally {
      expect(await second.stop()).toBe(0);
    }
    // Two cold starts of a process (embedded database, migrations, demo data) take long on a busy machine.
  }, 240_000);

  it('stops with a clear message on invalid configuration', async () => {
    await expect(startServerProcess({ DATA_DIR: join(workDir, 'data2'), PORT: 'eighty' }, 30_000)).rejects.toThrow(
      /PORT must be a whole number/,
    );
  });
});

const testDatabaseUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(testDatabaseUrl === undefined || testDatabaseUrl === '')('server processes on PostgreSQL', () => {
  const name = `ledgerloop_main_${randomBytes(5).toString('hex')}`;
  const admin = () => new pg.Client({ connectionString: testDatabaseUrl });

  beforeAll(async () => {
    const client = admin();
    await client.connect();
    await client.query(`CREATE DATABASE "${name}"`);
    await client.end();
  });
  afterAll(async () => {
    const client = admin();
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.end();
  });

  it('two processes starting at once on a fresh database migrate and seed it once', async () => {
    const url = new URL(testDatabaseUrl ?? '');
    url.pathname = `/${name}`;
    const env = {
      DATABASE_URL: url.toString(),
      DATA_DIR: join(workDir, 'pg-data'),
      SECRET_KEY: 'shared-secret-of-every-process-0123456789',
      STATIC_DIR: workDir,
      WORKER_CONCURRENCY: '0',
    };
    const [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    try {
      for (const server of [a, b]) {
        const config = (await (await fetch(`${server.url}${authEndpoints.publicConfig.path}`)).json()) as PublicConfig;
        expect(config.demo_wallets).toHaveLength(2);
      }
      // A session made on one process works on the other.
      const csrfResponse = await fetch(`${a.url}${API.csrf}`);
      const csrf = cookieValue(csrfResponse, 'csrftoken') ?? '';
      const login = await fetch(`${a.url}${authEndpoints.loginDemo.path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-CSRFToken': csrf, Cookie: `csrftoken=${csrf}` },
        body: JSON.stringify({ address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' }),
      });
      expect(login.status).toBe(200);
      const session = cookieValue(login, 'sessionid') ?? '';
      const me = await fetch(`${b.url}${userEndpoints.getUser.path}`, { headers: { Cookie: `sessionid=${session}` } });
      expect(me.status).toBe(200);
      const db = new pg.Client({ connectionString: url.toString() });
      await db.connect();
      try {
        expect((await db.query('select count(*)::int as n from plans')).rows[0]).toEqual({ n: 3 });
        expect((await db.query('select count(*)::int as n from users where is_demo')).rows[0]).toEqual({ n: 2 });
        expect((await db.query('select count(*)::int as n from drizzle.__drizzle_migrations')).rows[0]?.n).toBeGreaterThan(0);
      } finally {
        await db.end();
      }
    } finally {
      expect(await a.stop()).toBe(0);
      expect(await b.stop()).toBe(0);
    }
  });
});
