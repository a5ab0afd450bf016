import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpServer, type HttpServer } from '../../src/server/http/http-server';
import type { Logger } from '../../src/server/logging/logger';
import { rawConnection } from './helpers/raw-connection';

const TIMEOUTS = { headersMs: 300, requestMs: 1_500, bodyIdleMs: 400, keepAliveMs: 300 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('HTTP server timeouts (raw sockets against a started server)', () => {
  let http: HttpServer;
  let port = 0;
  const warnings: Record<string, unknown>[] = [];
  const logger: Logger = {
    debug: () => undefined,
    info: () => undefined,
    warn: (message, fields) => warnings.push({ message, ...fields }),
    error: () => undefined,
  };

  beforeAll(async () => {
    await new Promise<void>((resolve) => {
      http = startHttpServer({
        port: 0,
        hostname: '127.0.0.1',
        logger,
        timeouts: TIMEOUTS,
        fetch: async (request) => {
          const body = await request.text();
          if (new URL(request.url).pathname === '/slow') await sleep(TIMEOUTS.bodyIdleMs * 2);
          return new Response(`got ${String(body.length)}`);
        },
        onListening: (info) => {
          port = info.port;
          resolve();
        },
      });
    });
  });

  afterAll(async () => {
    http.server.closeAllConnections();
    await new Promise((resolve) => http.server.close(resolve));
  });

  it('answers unfinished headers with 408 and closes the connection after the headers timeout', async () => {
    const before = http.slowClients['request-timeout'];
    const ended = await rawConnection(port, (socket) => {
      socket.write('GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');
    });
    expect(ended.text).toMatch(/^HTTP\/1\.1 408/);
    expect(ended.afterMs).toBeGreaterThanOrEqual(TIMEOUTS.headersMs - 50);
    expect(ended.afterMs).toBeLessThan(TIMEOUTS.headersMs + 1_000);
    expect(http.slowClients['request-timeout']).toBe(before + 1);
    expect(warnings).toContainEqual(expect.objectContaining({ message: 'Slow client cut off', reason: 'request-timeout' }));
  });

  it('cuts off a body that stops arriving', async () => {
    const before = http.slowClients['body-idle'];
    const ended = await rawConnection(port, (socket) => {
      socket.write('POST / HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":');
    });
    expect(ended.text).toBe('');
    expect(ended.afterMs).toBeGreaterThanOrEqual(TIMEOUTS.bodyIdleMs - 50);
    expect(ended.afterMs).toBeLessThan(TIMEOUTS.requestMs);
    expect(http.slowClients['body-idle']).toBe(before + 1);
  });

  it('cuts off a body that trickles in for longer than the request timeout', async () => {
    const before = http.slowClients['request-timeout'];
    let stop = false;
    const ended = await rawConnection(port, async (socket) => {
      socket.write('POST / HTTP/1.1\r\nHost: localhost\r\nContent-Length: 1000\r\n\r\n');
      void (async () => {
        while (!stop && !socket.destroyed) {
          socket.write('x');
          await sleep(TIMEOUTS.bodyIdleMs / 4);
        }
      })();
    });
    stop = true;
    expect(ended.afterMs).toBeGreaterThanOrEqual(TIMEOUTS.requestMs - 50);
    expect(ended.afterMs).toBeLessThan(TIMEOUTS.requestMs + 1_000);
    expect(http.slowClients['request-timeout']).toBe(before + 1);
  });

  it('closes an idle keep-alive connection after the keep-alive timeout', async () => {
    const ended = await rawConnection(port, (socket) => {
      socket.write('GET / HTTP/1.1\r\nHost: localhost\r\n\r\n');
    });
    expect(ended.text).toMatch(/^HTTP\/1\.1 200/);
    expect(ended.text).toContain('got 0');
    // Node keeps the socket a second beyond the advertised keep-alive timeout, for requests already on their way.
    expect(ended.text).toMatch(/Keep-Alive: timeout=0/i);
    expect(ended.afterMs).toBeLessThan(TIMEOUTS.keepAliveMs + 1_800);
  });

  it('lets the app take longer than the body idle timeout once the request is in', async () => {
    const before = { ...http.slowClients };
    const ended = await rawConnection(port, (socket) => {
      socket.write('POST /slow HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nContent-Length: 2\r\n\r\n{}');
    });
    expect(ended.text).toMatch(/^HTTP\/1\.1 200/);
    expect(ended.text).toContain('got 2');
    expect(http.slowClients).toEqual(before);
  });
});
