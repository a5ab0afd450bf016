/**
 * What a page costs to open with an empty cache, measured in Chromium against the real server: every same-origin
 * response the page loads until the network is idle (service worker blocked, so its precache is not counted),
 * as transferred (brotli, what Chromium asks for) and as gzip (the size of the build's `.gz` file, or the plain
 * file where the build wrote none; for the page itself, the shell the server sent, gzipped as the server gzips it).
 * Budgets are on the gzip figure.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

export interface PageWeight {
  name: string;
  path: string;
  requests: number;
  transferredBytes: number;
  gzipBytes: number;
  scriptGzipBytes: number;
  budgetBytes: number;
}

export interface PageToWeigh {
  name: string;
  path: string;
  budgetBytes: number;
  /** Session cookies for signed-in pages. */
  cookies?: { name: string; value: string }[];
  /** Set before the page's scripts run (the PWA remembers who is signed in there). */
  localStorage?: Record<string, string>;
}

const VERBOSE = process.env.BENCH_VERBOSE === '1';
const DIST = join(import.meta.dirname, '../../dist');

function gzipSize(pathname: string): number | undefined {
  const file = join(DIST, pathname);
  for (const candidate of [`${file}.gz`, file]) {
    try {
      return statSync(candidate).size;
    } catch {
      // next
    }
  }
  return undefined;
}

export async function weighPages(origin: string, pages: PageToWeigh[]): Promise<PageWeight[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  const results: PageWeight[] = [];
  try {
    for (const page of pages) {
      const context = await browser.newContext({
        serviceWorkers: 'block',
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      });
      if (page.cookies !== undefined) {
        await context.addCookies(page.cookies.map((cookie) => ({ ...cookie, url: origin })));
      }
      if (page.localStorage !== undefined) {
        await context.addInitScript((entries) => {
          for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
        }, page.localStorage);
      }
      const tab = await context.newPage();
      const weight: PageWeight = {
        name: page.name,
        path: page.path,
        requests: 0,
        transferredBytes: 0,
        gzipBytes: 0,
        scriptGzipBytes: 0,
        budgetBytes: page.budgetBytes,
      };
      const pending: Promise<void>[] = [];
      tab.on('requestfinished', (request) => {
        const url = new URL(request.url());
        if (url.origin !== origin) return;
        pending.push(
          Promise.all([request.sizes(), request.resourceType() === 'document' ? request.response() : null]).then(async ([sizes, document]) => {
            weight.requests += 1;
            // An answer from the browser's cache (a second image of one URL) is reported with negative sizes: nothing
            // crossed the network.
            const body = Math.max(0, sizes.responseBodySize);
            weight.transferredBytes += body + Math.max(0, sizes.responseHeadersSize);
            const fromCache = body === 0 && sizes.responseHeadersSize <= 0;
            const gzip =
              document !== null
                ? gzipSync(await document.body(), { level: 9 }).length
                : url.pathname.startsWith('/api/') || fromCache
                  ? body
                  : (gzipSize(url.pathname) ?? body);
            weight.gzipBytes += gzip;
            if (url.pathname.endsWith('.js')) weight.scriptGzipBytes += gzip;
            if (VERBOSE) process.stderr.write(`  ${page.path} ${url.pathname} ${String(gzip)}\n`);
          }),
        );
      });
      await tab.goto(`${origin}${page.path}`, { waitUntil: 'networkidle' });
      if (new URL(tab.url()).pathname !== page.path) throw new Error(`${page.path} went to ${tab.url()}`);
      await Promise.all(pending);
      if (weight.scriptGzipBytes === 0) throw new Error(`${page.path} loaded no script: is the app built (npx vite build)?`);
      results.push(weight);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}
