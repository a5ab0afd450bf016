import '../setup/no-network';
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  byQuery,
  fakeClock,
  loadFixture,
  startProviderServer,
  type Fixture,
  type ProviderServer,
} from '../fixtures/provider-server';

const FOLDERS = ['etherscan', 'blockscout', 'routescan', 'esplora'];

describe('provider fixture files', () => {
  for (const folder of FOLDERS) {
    const files = readdirSync(new URL(`../fixtures/providers/${folder}/`, import.meta.url)).filter((f) => f.endsWith('.json'));

    it(`${folder}: every file is a marked fixture`, () => {
      expect(files.length).toBeGreaterThan(0);
      for (const file of files) {
        const fixture = loadFixture(`${folder}/${file}`);
        expect(['recorded', 'synthetic'], file).toContain(fixture.source);
        expect(fixture.note.length, file).toBeGreaterThan(10);
        expect(fixture, file).toHaveProperty('body');
      }
    });
  }

  it('refuses malformed fixtures and paths outside the folder', () => {
    expect(() => loadFixture('../provider-server.ts')).toThrow(/leaves the fixture folder/);
  });
});

describe('provider fixture server', () => {
  let server: ProviderServer;
  const synthetic = (body: unknown, extra: Partial<Fixture> = {}): Fixture => ({
    source: 'synthetic',
    note: 'Inline test answer.',
    body,
    ...extra,
  });

  beforeAll(async () => {
    server = await startProviderServer({
      'GET /seq': [synthetic(1), synthetic(2)],
      'POST /echo': (req) => synthetic({ got: req.body, count: req.count }),
      '/items/:id': (req) => synthetic({ id: req.params.id, method: req.method }),
      '/items/special': synthetic('static wins'),
      'GET /api': byQuery('action', { a: synthetic('A') }, synthetic('other')),
      'GET /text': synthetic('plain words', { headers: { 'content-type': 'text/plain' } }),
      'GET /broken': () => ({ source: 'invented', note: 'x', body: 1 }) as unknown as Fixture,
      'GET /slow': synthetic('late', { delayMs: 30 }),
    });
  });
  afterAll(() => server.close());

  const json = async (path: string, init?: RequestInit) => {
    const res = await fetch(`${server.url}${path}`, init);
    return { status: res.status, body: (await res.json()) as unknown, headers: res.headers };
  };

  it('listens on 127.0.0.1 only', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('answers a list in turn, repeating the last', async () => {
    expect((await json('/seq')).body).toBe(1);
    expect((await json('/seq')).body).toBe(2);
    expect((await json('/seq')).body).toBe(2);
    expect(server.count('/seq')).toBe(3);
  });

  it('passes method, params, parsed body and count to route functions', async () => {
    const first = await json('/echo', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"x":1}' });
    expect(first.body).toEqual({ got: { x: 1 }, count: 1 });
    expect((await json('/items/42', { method: 'DELETE' })).body).toEqual({ id: '42', method: 'DELETE' });
    expect((await json('/items/special')).body).toBe('static wins');
    expect(server.count('/items/:id')).toBe(1);
  });

  it('dispatches on a query parameter', async () => {
    expect((await json('/api?action=a')).body).toBe('A');
    expect((await json('/api?action=b')).body).toBe('other');
  });

  it('records unmatched requests and answers them 404', async () => {
    const res = await json('/nowhere?q=1');
    expect(res.status).toBe(404);
    expect(server.unmatched.at(-1)).toMatchObject({ method: 'GET', path: '/nowhere', query: { q: '1' }, route: null });
  });

  it('sends text bodies as they are, and reports malformed answers as 500', async () => {
    const text = await fetch(`${server.url}/text`);
    expect(text.headers.get('content-type')).toBe('text/plain');
    expect(await text.text()).toBe('plain words');
    const broken = await json('/broken');
    expect(broken.status).toBe(500);
    expect(JSON.stringify(broken.body)).toContain('malformed');
  });

  it('can answer late', async () => {
    const started = Date.now();
    expect((await json('/slow')).body).toBe('late');
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
  });

  it('forgets requests on reset', async () => {
    server.reset();
    expect(server.requests).toHaveLength(0);
    expect((await json('/seq')).body).toBe(1);
  });
});

describe('fake clock', () => {
  it('ends concurrent sleeps at their own due times', async () => {
    const clock = fakeClock(100);
    const ended: [string, number][] = [];
    await Promise.all([
      clock.sleep(300).then(() => ended.push(['b', clock.now()])),
      clock.sleep(100).then(() => ended.push(['a', clock.now()])),
      clock.sleep(300).then(() => ended.push(['c', clock.now()])),
    ]);
    expect(ended).toEqual([
      ['a', 200],
      ['b', 400],
      ['c', 400],
    ]);
    expect(clock.sleeps).toEqual([300, 100, 300]);
  });
});
