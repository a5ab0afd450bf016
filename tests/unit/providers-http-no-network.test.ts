import { isLoopbackHost, takeBlockedRequests } from '../setup/no-network';
import http, { get as namedGet } from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProviderServer, type ProviderServer } from '../fixtures/provider-server';

const BLOCKED = /Non-loopback request blocked in tests: /;

describe('no-network test setup', () => {
  let server: ProviderServer;
  beforeAll(async () => {
    server = await startProviderServer({
      'GET /ping': { source: 'synthetic', note: 'Loopback check.', body: { pong: true } },
    });
  });
  afterAll(() => server.close());

  it('tells loopback hosts from others', () => {
    for (const host of ['127.0.0.1', '127.8.9.10', 'localhost', 'api.localhost', '::1', '[::1]', '']) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
    for (const host of ['example.com', '10.0.0.1', '192.168.1.2', '128.0.0.1', 'api.etherscan.io', '::2', 'localhost.example.com']) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });

  it('lets loopback requests through', async () => {
    const res = await fetch(`${server.url}/ping`);
    expect(await res.json()).toEqual({ pong: true });
  });

  it('blocks fetch to any other host', async () => {
    await expect(fetch('https://api.etherscan.io/v2/api')).rejects.toThrow(
      'Non-loopback request blocked in tests: api.etherscan.io',
    );
    await expect(fetch(new URL('http://10.1.2.3:8080/'))).rejects.toThrow(BLOCKED);
    await expect(fetch(new Request('https://mempool.space/api/blocks'))).rejects.toThrow(BLOCKED);
    expect(takeBlockedRequests()).toEqual(['api.etherscan.io', '10.1.2.3', 'mempool.space']);
  });

  it('blocks node:http, node:https and node:net, including named imports', () => {
    expect(() => http.request('http://example.com/')).toThrow(BLOCKED);
    expect(() => http.get({ hostname: 'example.org', path: '/' })).toThrow(BLOCKED);
    expect(() => namedGet('http://example.net/')).toThrow(BLOCKED);
    expect(() => https.request({ host: 'coins.llama.fi', path: '/prices' })).toThrow(BLOCKED);
    expect(() => https.get(new URL('https://api.coingecko.com/'))).toThrow(BLOCKED);
    expect(() => net.connect(443, 'blockstream.info')).toThrow(BLOCKED);
    expect(() => net.createConnection({ host: '8.8.8.8', port: 53 })).toThrow(BLOCKED);
    expect(takeBlockedRequests()).toHaveLength(7);
  });

  it('leaves loopback node:http alone', async () => {
    const body = await new Promise<string>((resolve, reject) => {
      http
        .get(`${server.url}/ping`, (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve(text));
        })
        .on('error', reject);
    });
    expect(JSON.parse(body)).toEqual({ pong: true });
  });
});
