import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/**
 * The client's IP. Behind a trusted proxy it is the last X-Forwarded-For entry (the one the proxy appended;
 * earlier entries are whatever the client claimed). Otherwise the socket's peer address.
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for');
    const last = forwarded
      ?.split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '')
      .at(-1);
    if (last !== undefined) return last.slice(0, 64);
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // In-process requests (tests, benchmarks) have no socket.
    return 'unknown';
  }
}
