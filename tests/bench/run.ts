/**
 * `npm run bench`: data API latency and sync ingestion rate.
 *
 * PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres; the bench creates and
 * drops its own database): 1,000 users and 1,000,000 transactions, one user owning 200,000. Times, in-process
 * through app.request, GET transactions (default page, every filter, search, deep offsets), balances, the token
 * and NFT summaries and the portfolio history for that user, then syncs a wallet whose 100,000-transfer synthetic
 * history a local explorer fixture serves over HTTP (ingest-bench.ts). A smaller PGlite section follows. Prints
 * the figures beside the budgets (list endpoints p95 <= 25 ms, ingestion >= 10,000 transactions/s) marked OK or
 * OVER; nothing is asserted.
 *
 * BENCH_REQUESTS (default 100) sets the requests per figure (a figure stops early after BENCH_FIGURE_SECONDS,
 * default 8, with at least 20 requests timed); BENCH_SCALE (default 1) scales the data down for a quick look
 * (0.1: a tenth). For a partial run: BENCH_ONLY, a comma list of words, times only the figures whose name
 * contains one of them ("ingestion" names the ingestion figure; e.g. `BENCH_ONLY=offset,fungible,ingestion`);
 * BENCH_SECTIONS (default `postgres,pglite,payments`) picks the sections (payments: the payment watcher over 10,000
 * open invoices, payment-watch-bench.ts); BENCH_KEEP_DATABASE=1 leaves the seeded
 * PostgreSQL database in place (its name is printed) for a look at query plans.
 */
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createApp } from '../../src/server/app';
import { loadConfig, type Config } from '../../src/server/config/env';
import { openDatabase, type OpenDatabase } from '../../src/server/db/client';
import { prepareDatabase } from '../../src/server/prepare-database';
import { createLogger } from '../../src/server/logging/logger';
import { DEFAULT_PAGE_SIZE } from '../../src/server/providers/evm-history/etherscan-compatible';
import { SESSION_COOKIE } from '../../src/shared/api-paths';
import { userEndpoints } from '../../src/shared/contract/users';
import { holdingsEndpoints } from '../../src/shared/contract/holdings';
import { transactionEndpoints } from '../../src/shared/contract/transactions';
import { LIST_P95_BUDGET_MS, measureDataApi, SQL_RATIO_BUDGET, type CapturedStatement, type RawSql, type SqlRatio } from './api-bench';
import { INGEST_BUDGET_PER_SECOND, measureIngestion, type IngestFigures } from './ingest-bench';
import { formatTable, measure, textTable, verdict, type Figures } from './measure';
import { measurePaymentWatch } from './payment-watch-bench';
import { seedBenchUsers } from './seed-bench-data';
import { seedChainData } from './seed-chain-data';
import { bundleSection, loadSection } from './speed-bench';

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const REQUESTS = Math.max(1, Number(process.env.BENCH_REQUESTS ?? 100));
const FIGURE_MS = Math.max(1, Number(process.env.BENCH_FIGURE_SECONDS ?? 8)) * 1000;
const SCALE = Math.min(1, Math.max(0.001, Number(process.env.BENCH_SCALE ?? 1)));
const SECRET = randomBytes(32).toString('hex');
const ONLY = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((word) => word.trim().toLowerCase())
  .filter((word) => word !== '');
const SECTIONS = new Set(
  (process.env.BENCH_SECTIONS ?? 'postgres,pglite,bundle,load,payments')
    .split(',')
    .map((word) => word.trim().toLowerCase())
    .filter((word) => word !== ''),
);
const KEEP_DATABASE = process.env.BENCH_KEEP_DATABASE === '1' || process.env.BENCH_KEEP_DATABASE === 'true';

/** Whether the figure named `name` is timed in this run (BENCH_ONLY). */
const selected = (name: string): boolean => ONLY.length === 0 || ONLY.some((word) => name.toLowerCase().includes(word));

interface Plan {
  label: string;
  users: number;
  transactions: number;
  bigUserTransactions: number;
  ingestTransfers: number;
  /** The ingestion budget is PostgreSQL's; the embedded database's rate is shown as a figure only. */
  ingestBudget: boolean;
  requests: number;
}

interface SectionResult {
  text: string;
  figures: Figures[];
  ratios: SqlRatio[];
  /** Undefined when BENCH_ONLY left the ingestion out. */
  ingestion: IngestFigures | undefined;
  ingestBudget: boolean;
}

const scaled = (n: number) => Math.max(1000, Math.round(n * SCALE));

const log = (message: string) => process.stderr.write(`${message}\n`);
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

function benchConfig(): Config {
  return loadConfig({
    SECRET_KEY: SECRET,
    LOG_LEVEL: 'error',
    DATA_DIR: '/nonexistent-bench-data-dir',
    LOGIN_RATE_LIMIT_PER_IP: '1000000',
    LOGIN_RATE_LIMIT_PER_ADDRESS: '1000000',
  });
}

/** Statements the bench database is sent while a capture runs (the API-against-its-SQL comparison). */
let capturing: CapturedStatement[] | undefined;
const onQuery = (text: string, params: unknown[]): void => {
  capturing?.push({ text, params });
};

function rawSql(database: OpenDatabase): RawSql {
  return {
    capture: async (call) => {
      const statements: CapturedStatement[] = [];
      capturing = statements;
      try {
        await call();
      } finally {
        capturing = undefined;
      }
      return statements;
    },
    execute: async (statement) => {
      await database.rawQuery(statement.text, statement.params);
    },
  };
}

function ratioTable(label: string, ratios: readonly SqlRatio[]): string {
  return textTable(
    `${label}: list pages against their own SQL (the statements one request sent, captured from Drizzle, run raw one after ` +
      `the other on the same pool with the same values; request and statements timed in turn; ratio of the p95s)`,
    ['request', 'statements', 'n', 'API p50 ms', 'SQL p50 ms', 'API p95 ms', 'SQL p95 ms', 'ratio', 'budget', ''],
    ratios.map((r) => [
      r.name,
      String(r.statements),
      String(r.count),
      r.apiP50.toFixed(2),
      r.sqlP50.toFixed(2),
      r.apiP95.toFixed(2),
      r.sqlP95.toFixed(2),
      `${r.ratio.toFixed(2)}x`,
      `<= ${String(SQL_RATIO_BUDGET)}x`,
      verdict(r.ratio, SQL_RATIO_BUDGET),
    ]),
  );
}

/** The bench's outgoing HTTP: none. A provider call would fail here rather than reach the network. */
const noNetwork: typeof fetch = () => Promise.reject(new Error('The bench reaches no network.'));

async function runSection(database: OpenDatabase, plan: Plan): Promise<SectionResult> {
  const now = new Date();
  let t = performance.now();
  await prepareDatabase(database, { now });
  log(`${plan.label}: schema ready in ${seconds(t)}`);
  const config = benchConfig();
  const logger = createLogger('error');
  const app = createApp({ db: database.db, config, logger, fetch: noNetwork });

  t = performance.now();
  const benchUsers = await seedBenchUsers(database.db, plan.users, now);
  // Users are given 1, 2 or 3 wallets in turn: the third has three.
  const big = benchUsers[2] ?? benchUsers[0];
  if (big === undefined) throw new Error('No bench users.');
  const facts = await seedChainData(database.db, {
    bigUserId: big.id,
    bigUserTransactions: plan.bigUserTransactions,
    otherTransactions: plan.transactions - plan.bigUserTransactions,
    userIds: benchUsers.map((u) => u.id),
    end: now,
    onProgress: (n) => log(`${plan.label}: ${n.toLocaleString('en')} transactions (${seconds(t)})`),
  });
  const seedTime = seconds(t);
  log(`${plan.label}: seeded in ${seedTime}; timing requests`);

  const walletId = facts.bigUserWalletIds[0];
  if (walletId === undefined) throw new Error('The big user has no wallet.');
  const { figures, ratios } = await measureDataApi({
    raw: rawSql(database),
    app,
    sessionToken: big.sessionToken,
    transactions: plan.bigUserTransactions,
    labelId: facts.labelId,
    walletId,
    txHash: facts.txHash,
    counterparty: facts.counterparty,
    contactName: facts.contactName,
    requests: plan.requests,
    maxMsPerFigure: FIGURE_MS,
    selected,
  });

  // Everyone else: the pages a typical user opens, each request as another user.
  const others = benchUsers.filter((u) => u.id !== big.id);
  const asOther = (path: string) => async (i: number) => {
    const user = others[(i < 0 ? -i : i * 7919) % others.length];
    const response = await app.request(path, { headers: { Cookie: `${SESSION_COOKIE}=${user?.sessionToken ?? ''}` } });
    if (response.status !== 200) throw new Error(`${path} answered ${String(response.status)}`);
    await response.arrayBuffer();
  };
  const typical = `typical user (${String(Math.round((plan.transactions - plan.bigUserTransactions) / others.length))} tx): `;
  const typicalFigures: [string, string, number | undefined][] = [
    [`${typical}transactions`, transactionEndpoints.listTransactions.path, LIST_P95_BUDGET_MS],
    [`${typical}balances`, holdingsEndpoints.balances.path, LIST_P95_BUDGET_MS],
    [`${typical}user`, userEndpoints.getUser.path, undefined],
  ];
  for (const [name, path, budgetMs] of typicalFigures) {
    if (!selected(name)) continue;
    figures.push(await measure(name, plan.requests, asOther(path), { ...(budgetMs === undefined ? {} : { budgetMs }), maxMs: FIGURE_MS }));
  }

  let ingestion: IngestFigures | undefined;
  if (selected('sync ingestion')) {
    if (database.kind === 'postgres') {
      // The seeding's dirty pages are written out first, so the timed sync does not share the disk with the
      // checkpoint that would otherwise follow the million-row seed.
      await database.db.execute(sql`checkpoint`);
    }
    log(`${plan.label}: ingesting ${plan.ingestTransfers.toLocaleString('en')} transfers`);
    ingestion = await measureIngestion(database.db, { logger, transfers: plan.ingestTransfers });
  }

  const title =
    `${plan.label}: ${plan.users.toLocaleString('en')} users, ${plan.transactions.toLocaleString('en')} transactions ` +
    `(one user ${plan.bigUserTransactions.toLocaleString('en')}), seeded in ${seedTime}; requests as that user unless named`;
  const ingestTable =
    ingestion === undefined
      ? `${plan.label}: sync ingestion not timed (BENCH_ONLY)`
      : `${textTable(
          `${plan.label}: sync ingestion (syncWallet through the Etherscan V2 provider and HTTP client, explorer fixture on 127.0.0.1, ` +
            `pages of ${DEFAULT_PAGE_SIZE.toLocaleString('en')})`,
          ['transactions', 'seconds', 'history s', 'reading pages s', 'transactions/s', 'budget', ''],
          [
            [
              ingestion.rows.toLocaleString('en'),
              ingestion.seconds.toFixed(2),
              ingestion.historySeconds.toFixed(2),
              ingestion.readingSeconds.toFixed(2),
              Math.round(ingestion.perSecond).toLocaleString('en'),
              plan.ingestBudget ? `>= ${INGEST_BUDGET_PER_SECOND.toLocaleString('en')}` : 'none (PostgreSQL only)',
              plan.ingestBudget ? verdict(ingestion.perSecond, INGEST_BUDGET_PER_SECOND, true) : '',
            ],
          ],
        )}\n${explorerLine(ingestion)}`;
  return { text: `${formatTable(title, figures)}\n\n${ratioTable(plan.label, ratios)}\n\n${ingestTable}`, figures, ratios, ingestion, ingestBudget: plan.ingestBudget };
}

/** What the explorer fixture served, and how long its handler took (it must not be what is measured). */
function explorerLine({ explorer }: IngestFigures): string {
  return (
    `explorer fixture: ${String(explorer.requests)} requests, ${(explorer.bytes / 1e6).toFixed(1)} MB, ` +
    `${String(explorer.prerendered)} pages rendered before the run, ${String(explorer.renderedOnDemand)} on demand, ` +
    `${explorer.handlerMs.toFixed(0)} ms in its handler`
  );
}

function budgetSummary(label: string, result: SectionResult): string {
  const budgeted = result.figures.filter((f) => f.budgetMs !== undefined);
  const over = budgeted.filter((f) => verdict(f.p95, f.budgetMs) === 'OVER');
  const worst = budgeted.reduce<Figures | undefined>((a, b) => (a === undefined || b.p95 > a.p95 ? b : a), undefined);
  const lines = [
    `${label}: list endpoints p95 <= ${String(LIST_P95_BUDGET_MS)} ms: ${over.length === 0 ? 'OK' : 'OVER'} ` +
      `(${String(budgeted.length - over.length)} of ${String(budgeted.length)} within; slowest ${worst?.name ?? '-'} ${worst?.p95.toFixed(2) ?? '-'} ms)`,
  ];
  if (result.ingestion !== undefined && result.ingestBudget) {
    lines.push(
      `${label}: ingestion >= ${INGEST_BUDGET_PER_SECOND.toLocaleString('en')} transactions/s: ` +
        `${verdict(result.ingestion.perSecond, INGEST_BUDGET_PER_SECOND, true)} (${Math.round(result.ingestion.perSecond).toLocaleString('en')}/s)`,
    );
  }
  for (const f of over) lines.push(`  OVER: ${f.name} p95 ${f.p95.toFixed(2)} ms`);
  const overRatio = result.ratios.filter((r) => verdict(r.ratio, SQL_RATIO_BUDGET) === 'OVER');
  if (result.ratios.length > 0) {
    lines.push(
      `${label}: list pages within ${String(SQL_RATIO_BUDGET)}x of their SQL: ${overRatio.length === 0 ? 'OK' : 'OVER'} ` +
        `(${String(result.ratios.length - overRatio.length)} of ${String(result.ratios.length)})`,
    );
  }
  for (const r of overRatio) lines.push(`  OVER: ${r.name} ${r.ratio.toFixed(2)}x`);
  return lines.join('\n');
}

async function onPostgres(url: string): Promise<SectionResult | string> {
  const name = `ledgerloop_bench_${randomBytes(5).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  try {
    await admin(`CREATE DATABASE "${name}"`);
  } catch (error) {
    return `PostgreSQL: skipped, ${url.replace(/\/\/[^@]*@/, '//')} is not reachable (${error instanceof Error ? error.message : String(error)})`;
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: target.toString(), dataDir: '' }, { poolSize: 10, onQuery });
  try {
    return await runSection(database, {
      label: `PostgreSQL (${target.host})`,
      users: 1000,
      transactions: scaled(1_000_000),
      bigUserTransactions: scaled(200_000),
      ingestTransfers: scaled(100_000),
      ingestBudget: true,
      requests: REQUESTS,
    });
  } finally {
    await database.close();
    if (KEEP_DATABASE) log(`PostgreSQL: kept database ${name} (BENCH_KEEP_DATABASE)`);
    else await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }
}

async function onPglite(): Promise<SectionResult> {
  const database = await openDatabase({ databaseUrl: undefined, dataDir: '' }, { inMemory: true, onQuery });
  try {
    return await runSection(database, {
      label: 'PGlite (in memory)',
      users: 100,
      transactions: scaled(50_000),
      bigUserTransactions: scaled(20_000),
      ingestTransfers: scaled(10_000),
      ingestBudget: false,
      requests: Math.max(1, Math.round(REQUESTS / 4)),
    });
  } finally {
    await database.close();
  }
}

async function main(): Promise<void> {
  const started = performance.now();
  const url = process.env.BENCH_DATABASE_URL ?? DEFAULT_DATABASE_URL;
  const postgres = SECTIONS.has('postgres') ? await onPostgres(url) : undefined;
  const pglite = SECTIONS.has('pglite') ? await onPglite() : undefined;
  const payments = SECTIONS.has('payments') ? await measurePaymentWatch() : undefined;
  const out: string[] = [];
  if (payments !== undefined) out.push(payments);
  if (typeof postgres === 'string') out.push(postgres);
  else if (postgres !== undefined) out.push(postgres.text);
  if (pglite !== undefined) out.push(pglite.text);
  if (SECTIONS.has('bundle')) out.push(await bundleSection());
  if (SECTIONS.has('load')) out.push(await loadSection(url));
  out.push('Budgets');
  if (postgres !== undefined && typeof postgres !== 'string') out.push(budgetSummary('PostgreSQL', postgres));
  if (pglite !== undefined) out.push(budgetSummary('PGlite', pglite));
  out.push(
    `Total ${seconds(started)} (BENCH_REQUESTS=${String(REQUESTS)}, BENCH_FIGURE_SECONDS=${String(FIGURE_MS / 1000)}, ` +
      `BENCH_SCALE=${String(SCALE)}${ONLY.length === 0 ? '' : `, BENCH_ONLY=${ONLY.join(',')}`}, Node ${process.version}, ${String(cpus().length)} CPUs, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')})`,
  );
  process.stdout.write(`${out.join('\n\n')}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  if (error instanceof Error && error.cause !== undefined) process.stderr.write(`${String(error.cause)}\n`);
  process.exit(1);
});
