/**
 * The Node HTTP server around the app, with limits a slow or stalled client cannot outlast (docs/security.md):
 * headers must arrive within `headersMs`, the whole request within `requestMs`, a body that stops arriving for
 * `bodyIdleMs` is cut off, and an idle keep-alive connection is closed after `keepAliveMs`. Every client cut
 * off is counted and logged.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { serve } from '@hono/node-server';
import type { Logger } from '../logging/logger';

export interface HttpTimeouts {
  headersMs: number;
  requestMs: number;
  bodyIdleMs: number;
  keepAliveMs: number;
}

export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = {
  headersMs: 10_000,
  // Long enough for a 14 MB invoice save over a slow mobile link.
  requestMs: 120_000,
  bodyIdleMs: 15_000,
  keepAliveMs: 5_000,
};

export type SlowClientReason = 'request-timeout' | 'body-idle';

/** Clients cut off since start, by reason. */
export type SlowClientCounts = Record<SlowClientReason, number>;

export interface HttpServerOptions {
  fetch: (request: Request) => Response | Promise<Response>;
  port: number;
  hostname?: string;
  logger: Logger;
  timeouts?: Partial<HttpTimeouts>;
  onListening?: (address: { address: string; port: number }) => void;
}

export interface HttpServer {
  server: Server;
  slowClients: SlowClientCounts;
}

const REQUEST_TIMEOUT_RESPONSE = 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n';

export function startHttpServer(options: HttpServerOptions): HttpServer {
  const timeouts = { ...DEFAULT_HTTP_TIMEOUTS, ...options.timeouts };
  const slowClients: SlowClientCounts = { 'request-timeout': 0, 'body-idle': 0 };
  const cutOff = (reason: SlowClientReason, socket: Socket): void => {
    slowClients[reason] += 1;
    options.logger.warn('Slow client cut off', { reason, remote: socket.remoteAddress, total: slowClients[reason] });
  };

  const server = serve(
    {
      fetch: options.fetch,
      port: options.port,
      ...(options.hostname === undefined ? {} : { hostname: options.hostname }),
      serverOptions: {
        headersTimeout: timeouts.headersMs,
        requestTimeout: timeouts.requestMs,
        keepAliveTimeout: timeouts.keepAliveMs,
        // How often Node checks the two timeouts above (its default, 30 s, would let a client overstay by that much).
        connectionsCheckingInterval: Math.max(100, Math.min(1_000, Math.floor(timeouts.headersMs / 4))),
      },
    },
    (info) => options.onListening?.({ address: info.address, port: info.port }),
  ) as Server;

  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
      cutOff('request-timeout', socket);
      if (socket.writable) socket.end(REQUEST_TIMEOUT_RESPONSE);
      socket.destroy();
      return;
    }
    // Node's own answer to a malformed request.
    if (socket.writable && error.code !== 'ECONNRESET') socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    socket.destroy();
  });

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    // While the body is arriving, a pause longer than bodyIdleMs ends the connection.
    req.setTimeout(timeouts.bodyIdleMs, () => {
      if (req.complete) return;
      cutOff('body-idle', req.socket);
      req.socket.destroy();
    });
    // Once the request is in, the app may take its time: no idle limit while the response is prepared.
    res.on('timeout', () => req.socket.setTimeout(0));
  });

  return { server, slowClients };
}
