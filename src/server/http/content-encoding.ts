import { parseAccept } from 'hono/utils/accept';

/** Encodings the build writes beside each compressible file (`.br`, `.gz`), best first. */
export type StaticEncoding = 'br' | 'gzip';

/** Files the build writes compressed copies of (src/scripts/precompress-plugin.ts); images and fonts are not. */
export const PRECOMPRESSED_FILE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|ico)$/;

export const ENCODING_SUFFIX: Record<StaticEncoding, string> = { br: '.br', gzip: '.gz' };

/**
 * The encodings an Accept-Encoding header allows, best first: brotli before gzip; `q=0` refuses one; `*` stands
 * for any encoding not named. No header means identity only.
 */
export function acceptedEncodings(header: string | undefined): StaticEncoding[] {
  if (header === undefined || header.trim() === '') return [];
  const accepts = parseAccept(header);
  const wildcard = accepts.find((accept) => accept.type === '*')?.q;
  const allowed = (encoding: StaticEncoding): boolean => {
    const named = accepts.find((accept) => accept.type.toLowerCase() === encoding);
    return (named?.q ?? wildcard ?? 0) > 0;
  };
  return (['br', 'gzip'] as const).filter(allowed);
}
