/**
 * `npm run lighthouse`: Lighthouse (mobile emulation, its default throttling) on the real server with a fresh
 * data folder: /auth, /faq, a payer's invoice page (an issued demo invoice) and the demo's /overview (signed in
 * through the demo: the session cookie in the browser, the user in localStorage, as after a sign-in). Prints
 * the four category scores per page against the budget (performance >= 95, the others 100). Chromium is taken
 * from /usr/bin/chromium (CHROMIUM_PATH overrides); LIGHTHOUSE_REPORTS=<folder> also writes each HTML report,
 * LIGHTHOUSE_ONLY=<part of a path> scores only the matching pages, BENCH_VERBOSE=1 prints the failing audits' details
 * and, for every page, its layout shifts, largest contentful paint element, long tasks and script start-up times.
 * Each page is scored LIGHTHOUSE_RUNS times (default 3), each time in a fresh browser: the table shows the median
 * run (by performance score, as Lighthouse's own guidance does) and the range of the performance scores, since
 * the total blocking time, measured on this machine, moves the score from run to run.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from '@playwright/test';
import lighthouse from 'lighthouse';
import { STORAGE_KEYS } from '../../src/app/lib/storage-keys';
import { CSRF_COOKIE, SESSION_COOKIE } from '../../src/shared/api-paths';
import { authEndpoints } from '../../src/shared/contract/auth';
import type { PublicConfig } from '../../src/shared/contract/auth';
import { documentEndpoints } from '../../src/shared/contract/documents';
import type { DocumentPage } from '../../src/shared/contract/documents';
import { startBenchServer } from './bench-server';
import { BenchClient } from './load-bench';
import { textTable } from './measure';

const PORT = Number(process.env.BENCH_PORT ?? 8205);
const DEBUG_PORT = Number(process.env.LIGHTHOUSE_DEBUG_PORT ?? 9335);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const BUDGET: Record<(typeof CATEGORIES)[number], number> = {
  performance: 95,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
};
const REPORTS = process.env.LIGHTHOUSE_REPORTS;
const VERBOSE = process.env.BENCH_VERBOSE === '1';

interface PageToScore {
  name: string;
  path: string;
  signedIn: boolean;
}

interface SignIn {
  origin: string;
  cookies: { name: string; value: string }[];
  user: string;
}

/** How many times each page is scored: LIGHTHOUSE_RUNS when it is a whole number from 1, else 3. */
const RUNS = /^[1-9]\d*$/.test(process.env.LIGHTHOUSE_RUNS ?? '') ? Number(process.env.LIGHTHOUSE_RUNS) : 3;

interface Score {
  /** Performance, accessibility, best practices, SEO (0–100). */
  scores: number[];
  row: string[];
}

/** Scores one page in the browser given: its four scores and its table row. */
async function scorePage(browser: BrowserContext, page: PageToScore, signIn: SignIn): Promise<Score> {
  if (page.signedIn) {
    // Lighthouse then keeps storage (it would clear the sign-in) but its cache is emptied here first.
    await browser.addCookies(signIn.cookies.map((cookie) => ({ ...cookie, url: signIn.origin })));
    const tab = await browser.newPage();
    await tab.goto(`${signIn.origin}/robots.txt`);
    await tab.evaluate(([key, value]) => window.localStorage.setItem(key, value), [STORAGE_KEYS.user, signIn.user] as const);
    const cdp = await browser.newCDPSession(tab);
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Storage.clearDataForOrigin', { origin: signIn.origin, storageTypes: 'service_workers,cache_storage' });
    await tab.close();
  }
  process.stderr.write(`Lighthouse ${page.path}…\n`);
  const result = await lighthouse(
    `${signIn.origin}${page.path}`,
    { port: DEBUG_PORT, output: 'html', logLevel: 'error', disableStorageReset: page.signedIn },
  );
  if (result === undefined) throw new Error(`Lighthouse gave no result for ${page.path}`);
  const lhr = result.lhr;
  // A run Lighthouse could not measure (no paint seen, page hung) has no performance score: say why.
  if (lhr.runtimeError !== undefined) process.stderr.write(`  ${page.path}: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}\n`);
  if (REPORTS !== undefined) {
    mkdirSync(REPORTS, { recursive: true });
    writeFileSync(join(REPORTS, `${page.name.replace(/[^a-z]+/gi, '-')}.html`), String(result.report));
  }
  const scores = CATEGORIES.map((category) => Math.round((lhr.categories[category]?.score ?? 0) * 100));
  const ok = CATEGORIES.every((category, i) => (scores[i] ?? 0) >= BUDGET[category]);
  const fcp = lhr.audits['first-contentful-paint']?.displayValue ?? '-';
  const lcp = lhr.audits['largest-contentful-paint']?.displayValue ?? '-';
  const tbt = lhr.audits['total-blocking-time']?.displayValue ?? '-';
  const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
  if (VERBOSE) {
    for (const id of ['layout-shifts', 'largest-contentful-paint-element', 'long-tasks', 'bootup-time']) {
      const audit = lhr.audits[id];
      const shown = audit?.details ?? audit?.errorMessage ?? audit?.scoreDisplayMode ?? null;
      process.stderr.write(`  ${id}: ${JSON.stringify(shown).slice(0, 3000)}\n`);
    }
  }
  if (!ok) {
    for (const category of CATEGORIES) {
      for (const ref of lhr.categories[category]?.auditRefs ?? []) {
        const audit = lhr.audits[ref.id];
        if (ref.weight > 0 && audit !== undefined && audit.score !== null && audit.score < 0.9) {
          process.stderr.write(`  ${page.path} ${category}: ${audit.id} ${String(audit.score)} ${audit.displayValue ?? ''}\n`);
          if (VERBOSE) process.stderr.write(`    ${JSON.stringify(audit.details ?? null).slice(0, 1500)}\n`);
        }
      }
    }
  }
  return { scores, row: [page.name, finalPath, ...scores.map(String), fcp, lcp, tbt, ok ? 'OK' : 'OVER'] };
}

/** Scores the page in a browser of its own and closes it. */
async function scoreInFreshBrowser(page: PageToScore, signIn: SignIn): Promise<Score> {
  // Each run in a browser of its own, as the Lighthouse CLI runs it: a renderer kept from the page before carries
  // that page's heap, which Lighthouse's own instrumentation then walks inside the measured load.
  const profile = mkdtempSync(join(tmpdir(), 'ledgerloop-lighthouse-'));
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', `--remote-debugging-port=${String(DEBUG_PORT)}`],
  });
  try {
    return await scorePage(browser, page, signIn);
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

/** The median run by performance score (the lower middle one for an even count), with the scores' range. */
function medianRun(runs: readonly Score[]): { median: Score; range: string } {
  const sorted = [...runs].sort((a, b) => (a.scores[0] ?? 0) - (b.scores[0] ?? 0));
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  if (median === undefined) throw new Error('No Lighthouse run to take the median of');
  const low = sorted[0]?.scores[0] ?? 0;
  const high = sorted[sorted.length - 1]?.scores[0] ?? 0;
  return { median, range: low === high ? String(low) : `${String(low)}–${String(high)}` };
}

async function main(): Promise<void> {
  const server = await startBenchServer(PORT);
  try {
    const config = (await (await fetch(`${server.origin}${authEndpoints.publicConfig.path}`)).json()) as PublicConfig;
    const demo = new BenchClient(server.origin);
    const user = await demo.signInToDemo(config.demo_wallets[0]?.address ?? '');
    const documents = (await (await demo.request(`${documentEndpoints.listDocuments.path}?limit=50`)).json()) as DocumentPage;
    // The payer's page takes the invoice's id (documents list their invoice under `invoice`), not the document's.
    const issued = documents.results.find((document) => document.state === 'DUE' && document.invoice !== null)?.invoice ?? undefined;
    const signIn: SignIn = {
      origin: server.origin,
      user,
      cookies: [SESSION_COOKIE, CSRF_COOKIE].flatMap((name) => {
        const value = demo.cookies.get(name);
        return value === undefined ? [] : [{ name, value }];
      }),
    };

    const only = process.env.LIGHTHOUSE_ONLY;
    const allPages: PageToScore[] = [
      { name: 'sign-in', path: '/auth', signedIn: false },
      { name: 'FAQ', path: '/faq', signedIn: false },
      { name: "payer's invoice", path: `/pay-invoice/${issued?.id ?? 'no-issued-invoice'}`, signedIn: false },
      { name: 'overview (demo)', path: '/overview', signedIn: true },
    ];
    const pages = allPages.filter((page) => only === undefined || page.path.includes(only));
    const rows: string[][] = [];
    for (const page of pages) {
      const runs: Score[] = [];
      for (let run = 0; run < RUNS; run++) runs.push(await scoreInFreshBrowser(page, signIn));
      const { median, range } = medianRun(runs);
      const [name = '', path = '', ...rest] = median.row;
      rows.push([name, path, range, ...rest]);
    }
    process.stdout.write(
      `${textTable(
        `Lighthouse 12 (mobile; budget performance >= 95, accessibility, best practices and SEO 100; median of ${String(RUNS)} runs, performance range of all)`,
        ['page', 'path', 'performance range', 'performance', 'accessibility', 'best practices', 'SEO', 'FCP', 'LCP', 'TBT', 'budget'],
        rows,
      )}\n${issued === undefined ? '(the demo has no issued invoice: the payer page was opened with an unknown id)\n' : ''}` +
        `load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}\n`,
    );
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
