import type { MiddlewareHandler } from 'hono';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { acceptedEncodings } from './content-encoding';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** JSON is compressed whole; streamed text (CSV exports) as it streams. PDFs and images are compressed already. */
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;
const STREAMED_TEXT_TYPE = /^text\/csv\b/i;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

function addVary(headers: Headers): void {
  const vary = headers.get('Vary');
  if (vary === '*' || (vary !== null && /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary))) return;
  headers.set('Vary', vary === null ? 'Accept-Encoding' : `${vary}, Accept-Encoding`);
}

/**
 * Compresses API answers the client accepts compressed: JSON of at least `minBytes` with brotli (a fast level,
 * on libuv's thread pool, so the event loop stays free) or gzip, CSV streams with gzip as they are written.
 * See docs/performance.md.
 */
export function compressResponses(minBytes: number): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    const type = res.headers.get('Content-Type') ?? '';
    const isJson = JSON_TYPE.test(type);
    if (
      c.req.method === 'HEAD' ||
      res.body === null ||
      res.status === 204 ||
      res.status === 206 ||
      res.headers.has('Content-Encoding') ||
      NO_TRANSFORM.test(res.headers.get('Cache-Control') ?? '') ||
      !(isJson || STREAMED_TEXT_TYPE.test(type))
    ) {
      return;
    }
    addVary(res.headers);
    const encoding = acceptedEncodings(c.req.header('accept-encoding'))[0];
    if (encoding === undefined) return;
    if (!isJson) {
      c.res = new Response(res.body.pipeThrough(new CompressionStream('gzip')), res);
      c.res.headers.delete('Content-Length');
      c.res.headers.set('Content-Encoding', 'gzip');
      return;
    }
    const body = Buffer.from(await res.arrayBuffer());
    if (body.length < minBytes) {
      c.res = new Response(body, res);
      return;
    }
    const compressed =
      encoding === 'br'
        ? await brotliAsync(body, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
          })
        : await gzipAsync(body, { level: 6 });
    c.res = new Response(new Uint8Array(compressed.buffer, compressed.byteOffset, compressed.byteLength), res);
    c.res.headers.set('Content-Encoding', encoding);
    c.res.headers.set('Content-Length', String(compressed.length));
  };
}
