import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';
import type { Plugin, ResolvedConfig } from 'vite';
import { PRECOMPRESSED_FILE } from '../server/http/content-encoding';

const brotli = promisify(brotliCompress);

/**
 * A compressed copy is written only when it saves at least this much: the `Content-Encoding` header it adds costs
 * about 25 bytes. Most small chunks (a few hundred bytes of minified code) still come out 30–50% smaller.
 */
const MIN_SAVING_BYTES = 64;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

/**
 * Writes `file.br` (brotli, quality 11) and `file.gz` (gzip written by Zopfli, 3–5% smaller than zlib's level 9)
 * beside every compressible output file, once at build time, so the server sends them as they are instead of
 * compressing on every request. A copy is only written when it saves MIN_SAVING_BYTES or more. Runs after every
 * other plugin, so the service worker is included.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config: ResolvedConfig) {
      outDir = join(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const jobs: Promise<void>[] = [];
        for await (const file of filesUnder(outDir)) {
          if (!PRECOMPRESSED_FILE.test(file) || (await stat(file)).size <= MIN_SAVING_BYTES) continue;
          jobs.push(
            (async () => {
              const source = await readFile(file);
              const [br, gz] = await Promise.all([
                brotli(source, {
                  params: {
                    [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                    [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
                  },
                }),
                gzipAsync(source, {}),
              ]);
              if (br.length + MIN_SAVING_BYTES <= source.length) await writeFile(`${file}.br`, br);
              if (gz.length + MIN_SAVING_BYTES <= source.length) await writeFile(`${file}.gz`, gz);
            })(),
          );
        }
        await Promise.all(jobs);
      },
    },
  };
}
