import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { transactionEndpoints } from '../../src/shared/contract/transactions';
import { availableDrivers } from './helpers/drivers';
import { signInWithDemo } from './helpers/sign-in';
import { setupSuite } from './helpers/suite';

const INDEX = `<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body>${'<p>Ledgerloop</p>'.repeat(100)}<div id="root"></div></body></html>`;
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;
const IMMUTABLE = 'public, max-age=31536000, immutable';

let staticDir: string;

beforeAll(() => {
  staticDir = mkdtempSync(join(tmpdir(), 'ledgerloop-compression-'));
  mkdirSync(join(staticDir, 'assets'));
  writeFileSync(join(staticDir, 'index.html'), INDEX);
  const asset = join(staticDir, 'assets', 'index-abc123.js');
  writeFileSync(asset, SCRIPT);
  writeFileSync(`${asset}.br`, brotliCompressSync(SCRIPT));
  writeFileSync(`${asset}.gz`, gzipSync(SCRIPT));
  // A file the build left uncompressed (too small) is served as it is.
  writeFileSync(join(staticDir, 'assets', 'tiny-abc123.css'), 'a{}');
  const sw = join(staticDir, 'sw.js');
  writeFileSync(sw, SCRIPT);
  writeFileSync(`${sw}.br`, brotliCompressSync(SCRIPT));
  writeFileSync(join(staticDir, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
});
afterAll(() => {
  rmSync(staticDir, { recursive: true, force: true });
});

const bytes = async (response: Response): Promise<Buffer> => Buffer.from(await response.arrayBuffer());

describe.each(availableDrivers())('compression on %s', (kind) => {
  const suite = setupSuite(kind);
  const app = () => suite.makeApp({ env: { STATIC_DIR: staticDir } });
  const get = (path: string, acceptEncoding?: string, extra: Record<string, string> = {}) =>
    app().request(path, { headers: { ...(acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding }), ...extra } });

  it('serves the precompressed brotli file to browsers that accept it, with immutable caching', async () => {
    const response = await get('/assets/index-abc123.js', 'gzip, deflate, br, zstd');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(response.headers.get('cache-control')).toBe(IMMUTABLE);
    const body = await bytes(response);
    expect(Number(response.headers.get('content-length'))).toBe(body.length);
    expect(body.length).toBeLessThan(SCRIPT.length / 10);
    expect(brotliDecompressSync(body).toString()).toBe(SCRIPT);
  });

  it('falls back to gzip, then to the plain file, as Accept-Encoding allows', async () => {
    const gzip = await get('/assets/index-abc123.js', 'gzip, deflate');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(await bytes(gzip)).toString()).toBe(SCRIPT);
    const refused = await get('/assets/index-abc123.js', 'br;q=0, gzip');
    expect(refused.headers.get('content-encoding')).toBe('gzip');
    const wildcard = await get('/assets/index-abc123.js', '*');
    expect(wildcard.headers.get('content-encoding')).toBe('br');
    for (const header of [undefined, 'identity', 'br;q=0, gzip;q=0', '*;q=0']) {
      const plain = await get('/assets/index-abc123.js', header);
      expect(plain.headers.get('content-encoding'), header).toBeNull();
      expect(plain.headers.get('vary'), header).toBe('Accept-Encoding');
      expect(await plain.text(), header).toBe(SCRIPT);
    }
    const onlyBrotliBuilt = await get('/sw.js', 'gzip');
    expect(onlyBrotliBuilt.headers.get('content-encoding')).toBeNull();
    expect(onlyBrotliBuilt.headers.get('cache-control')).toBe('no-cache');
    const tiny = await get('/assets/tiny-abc123.css', 'br, gzip');
    expect(tiny.headers.get('content-encoding')).toBeNull();
    expect(await tiny.text()).toBe('a{}');
  });

  it('gives each encoding its own ETag, so a revalidation never mixes them', async () => {
    const br = await get('/assets/index-abc123.js', 'br');
    const plain = await get('/assets/index-abc123.js');
    const brTag = br.headers.get('etag') ?? '';
    expect(brTag).not.toBe(plain.headers.get('etag'));
    expect((await get('/assets/index-abc123.js', 'br', { 'If-None-Match': brTag })).status).toBe(304);
    expect((await get('/assets/index-abc123.js', undefined, { 'If-None-Match': brTag })).status).toBe(200);
  });

  it('compresses the shell without caching it, for / and for navigations', async () => {
    for (const path of ['/', '/overview']) {
      const response = await get(path, 'gzip, br', { Accept: 'text/html' });
      expect(response.headers.get('content-encoding'), path).toBe('br');
      expect(response.headers.get('cache-control'), path).toBe('no-cache');
      expect(response.headers.get('vary'), path).toBe('Accept-Encoding');
      expect(brotliDecompressSync(await bytes(response)).toString(), path).toBe(INDEX);
    }
    const gzip = await get('/', 'gzip');
    expect(gunzipSync(await bytes(gzip)).toString()).toBe(INDEX);
    expect(await (await get('/')).text()).toBe(INDEX);
  });

  it('leaves images alone', async () => {
    const response = await get('/logo.png', 'br, gzip');
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('vary')).toBeNull();
  });

  it('compresses JSON answers of 1 KB or more and sends small ones as they are', async () => {
    const client = suite.client(app());
    await signInWithDemo(client);
    const list = await client.get(transactionEndpoints.listTransactions.path, { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(list.status).toBe(200);
    expect(list.headers.get('content-encoding')).toBe('br');
    expect(list.headers.get('vary')).toContain('Accept-Encoding');
    expect(list.headers.get('cache-control')).toBe('no-store');
    const json = brotliDecompressSync(await bytes(list)).toString();
    expect(json.length).toBeGreaterThanOrEqual(1024);
    const plain = await client.get(transactionEndpoints.listTransactions.path, { headers: { 'Accept-Encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(JSON.parse(json)).toEqual(await plain.json());
    const gzip = await client.get(transactionEndpoints.listTransactions.path, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(await bytes(gzip)).toString())).toEqual(JSON.parse(json));

    const small = await get('/api/no-such-route', 'gzip, br');
    expect(small.status).toBe(404);
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.json()).toEqual({ detail: 'Not found.' });
  });
});
