/**
 * The bench's speed sections, against the real server process (bench-server.ts) on loopback:
 *  - `bundle`: what /auth, /faq, a payer's invoice page and the demo's /overview download with an empty cache;
 *  - `load`: polling clients on PGlite (fresh data folder) and on PostgreSQL (a database of its own), with a
 *    static file's latency under that load, the start time on a fresh data folder and the idle RSS.
 * BENCH_LOAD_SECONDS (default 30) bounds each load run; BENCH_LOAD_PERIOD_SECONDS (default 10, the overview's
 * polling cadence) may be shortened to press harder (reported beside the figures).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { PublicConfig } from '../../src/shared/contract/auth';
import { SESSION_COOKIE, CSRF_COOKIE } from '../../src/shared/api-paths';
import { authEndpoints } from '../../src/shared/contract/auth';
import type { DocumentPage } from '../../src/shared/contract/documents';
import { documentEndpoints } from '../../src/shared/contract/documents';
import { startBenchServer, type BenchServer } from './bench-server';
import { weighPages, type PageWeight } from './bundle-bench';
import { BenchClient, runPollingLoad, type LoadResult } from './load-bench';
import { textTable } from './measure';
import { STORAGE_KEYS } from '../../src/app/lib/storage-keys';

const PORT = Number(process.env.BENCH_PORT ?? 8205);
const LOAD_MS = Math.max(5, Number(process.env.BENCH_LOAD_SECONDS ?? 30)) * 1000;
const PERIOD_MS = Math.max(0.5, Number(process.env.BENCH_LOAD_PERIOD_SECONDS ?? 10)) * 1000;
const KB = 1000;

export const PAGE_BUDGETS = { auth: 100 * KB, payer: 120 * KB, overview: 170 * KB };
export const LOAD_BUDGETS = {
  pglite: { clients: 200, p99Ms: 250 },
  postgres: { clients: 1000, p99Ms: 150 },
};

const log = (message: string) => process.stderr.write(`${message}\n`);
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const ms = (value: number) => value.toFixed(1);
const mark = (ok: boolean) => (ok ? 'OK' : 'OVER');

async function demoAddress(origin: string): Promise<string> {
  const config = (await (await fetch(`${origin}${authEndpoints.publicConfig.path}`)).json()) as PublicConfig;
  const address = config.demo_wallets[0]?.address;
  if (address === undefined) throw new Error('The server offers no demo wallet.');
  return address;
}

/** The entry script's path in the built index.html (the static file the load probe fetches). */
function entryScript(): string {
  const html = readFileSync(join(import.meta.dirname, '../../dist/index.html'), 'utf8');
  const src = /<script[^>]+type="module"[^>]+src="([^"]+)"/.exec(html)?.[1];
  if (src === undefined) throw new Error('dist/index.html names no entry script: run `npm run build`.');
  return src;
}

async function weighTheApp(server: BenchServer): Promise<string> {
  const demo = new BenchClient(server.origin);
  const user = await demo.signInToDemo(await demoAddress(server.origin));
  const documents = (await (await demo.request(`${documentEndpoints.listDocuments.path}?limit=50`)).json()) as DocumentPage;
  // The payer's link names the invoice, not the document that holds it.
  const issued = documents.results.find((document) => document.state === 'DUE')?.invoice ?? undefined;
  const cookies = [SESSION_COOKIE, CSRF_COOKIE].flatMap((name) => {
    const value = demo.cookies.get(name);
    return value === undefined ? [] : [{ name, value }];
  });
  const weights = await weighPages(server.origin, [
    { name: 'sign-in', path: '/auth', budgetBytes: PAGE_BUDGETS.auth },
    { name: 'FAQ', path: '/faq', budgetBytes: PAGE_BUDGETS.auth },
    { name: "payer's invoice", path: `/pay-invoice/${issued?.id ?? 'no-issued-invoice'}`, budgetBytes: PAGE_BUDGETS.payer },
    { name: 'overview (demo)', path: '/overview', budgetBytes: PAGE_BUDGETS.overview, cookies, localStorage: { [STORAGE_KEYS.user]: user } },
  ]);
  return pageTable(weights, issued === undefined);
}

function pageTable(weights: PageWeight[], noIssuedInvoice: boolean): string {
  const rows = weights.map((w) => [
    w.name,
    w.path.length > 28 ? `${w.path.slice(0, 26)}…` : w.path,
    String(w.requests),
    kb(w.transferredBytes),
    kb(w.scriptGzipBytes),
    kb(w.gzipBytes),
    `${kb(w.budgetBytes)} ${mark(w.gzipBytes <= w.budgetBytes)}`,
  ]);
  return [
    textTable('First load with an empty cache (Chromium, service worker blocked; gzip budget)', ['page', 'path', 'requests', 'transferred (br)', 'JS gzip', 'all gzip', 'budget'], rows),
    ...(noIssuedInvoice ? ['(the demo has no issued invoice: the payer page was opened with an unknown id)'] : []),
  ].join('\n');
}

function loadLine(label: string, clients: number, result: LoadResult, budgetMs: number): string[] {
  const ok = result.api.errors === 0 && result.api.p99 <= budgetMs;
  return [
    `${label}: ${String(clients)} clients polling 3 requests every ${String(PERIOD_MS / 1000)} s for ${String(LOAD_MS / 1000)} s ` +
      `(${result.perSecond.toFixed(0)} requests/s)`,
    `  API: ${String(result.api.count)} answered, ${String(result.api.errors)} errors, p50 ${ms(result.api.p50)} ms, ` +
      `p95 ${ms(result.api.p95)} ms, p99 ${ms(result.api.p99)} ms, max ${ms(result.api.max)} ms; ` +
      `budget 0 errors and p99 <= ${String(budgetMs)} ms: ${mark(ok)}`,
    `  static file under load: ${String(result.static.count)} fetched, ${String(result.static.errors)} errors, ` +
      `p50 ${ms(result.static.p50)} ms, p95 ${ms(result.static.p95)} ms, p99 ${ms(result.static.p99)} ms, max ${ms(result.static.max)} ms`,
  ];
}

async function withServer<T>(databaseUrl: string | undefined, run: (server: BenchServer) => Promise<T>): Promise<T> {
  const server = await startBenchServer(PORT, databaseUrl);
  try {
    return await run(server);
  } finally {
    await server.stop();
  }
}

export async function bundleSection(): Promise<string> {
  log('Weighing the pages in Chromium…');
  return withServer(undefined, weighTheApp);
}

export async function loadSection(postgresUrl: string): Promise<string> {
  const lines: string[] = [];
  log('Load on PGlite…');
  await withServer(undefined, async (server) => {
    lines.push(`PGlite server: first answer ${ms(server.startMs)} ms after start on a fresh data folder (migrations and demo seed included)`);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    lines.push(`PGlite server: idle RSS ${(server.rssKb() / 1024).toFixed(0)} MB`);
    const { clients, p99Ms } = LOAD_BUDGETS.pglite;
    const result = await runPollingLoad(server.origin, await demoAddress(server.origin), {
      clients,
      periodMs: PERIOD_MS,
      durationMs: LOAD_MS,
      staticPath: entryScript(),
    });
    lines.push(...loadLine('PGlite', clients, result, p99Ms));
  });

  const name = `ledgerloop_bench_load_${String(process.pid)}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  try {
    await admin.connect();
  } catch (error) {
    lines.push(`PostgreSQL load: skipped (${error instanceof Error ? error.message : String(error)})`);
    return lines.join('\n');
  }
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
    const target = new URL(postgresUrl);
    target.pathname = `/${name}`;
    log('Load on PostgreSQL…');
    await withServer(target.toString(), async (server) => {
      lines.push(`PostgreSQL server: first answer ${ms(server.startMs)} ms after start on an empty database`);
      const { clients, p99Ms } = LOAD_BUDGETS.postgres;
      const result = await runPollingLoad(server.origin, await demoAddress(server.origin), {
        clients,
        periodMs: PERIOD_MS,
        durationMs: LOAD_MS,
        staticPath: entryScript(),
      });
      lines.push(...loadLine('PostgreSQL', clients, result, p99Ms));
    });
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
  return lines.join('\n');
}
