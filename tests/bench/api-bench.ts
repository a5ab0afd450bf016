/**
 * Timed requests to the data API, in-process through `app.request`, as one signed-in user: every variant of
 * GET transactions the screens use (default page, each filter, search, deep offsets), balances, the token and
 * NFT summaries and the portfolio history.
 */
import type { Hono } from 'hono';
import type { AppEnv } from '../../src/server/http/app-env';
import { SESSION_COOKIE } from '../../src/shared/api-paths';
import { walletEndpoints } from '../../src/shared/contract/wallets';
import { holdingsEndpoints } from '../../src/shared/contract/holdings';
import { nftEndpoints } from '../../src/shared/contract/nft';
import { portfolioEndpoints } from '../../src/shared/contract/portfolio';
import { transactionEndpoints } from '../../src/shared/contract/transactions';
import { measure, type Figures } from './measure';

/** The budget issue 3 sets for list endpoints on the bench data. */
export const LIST_P95_BUDGET_MS = 25;
/** A list page's p95 may be at most this many times the p95 of running its own SQL statements raw. */
export const SQL_RATIO_BUDGET = 2;

/** One statement as Drizzle sent it. */
export interface CapturedStatement {
  text: string;
  params: readonly unknown[];
}

/** What the API-against-its-SQL comparison needs of the database. */
export interface RawSql {
  /** The statements the database is sent while `call` runs (requests run one at a time here). */
  capture(call: () => Promise<void>): Promise<CapturedStatement[]>;
  /** Runs one statement as it is on the app's own pool or thread, reading every row. */
  execute(statement: CapturedStatement): Promise<void>;
}

/** A list page's API p95 beside the p95 of its statements run raw, one after the other, with the same values (timed in turn). */
export interface SqlRatio {
  name: string;
  statements: number;
  /** Pairs timed. */
  count: number;
  apiP50: number;
  sqlP50: number;
  apiP95: number;
  sqlP95: number;
  ratio: number;
}

export interface DataApiTarget {
  app: Hono<AppEnv>;
  sessionToken: string;
  /** How many transactions the user has (deep offsets go near the end). */
  transactions: number;
  labelId: string;
  walletId: string;
  txHash: string;
  counterparty: string;
  contactName: string;
  /** Requests per figure. */
  requests: number;
  /** Time limit per figure in milliseconds (at least 20 requests are timed). */
  maxMsPerFigure?: number;
  /** Prefixed to each figure's name. */
  label?: string;
  /** Which figures to time, by name (default: all). */
  selected?: (name: string) => boolean;
  /** Given: the list pages are also timed against their own SQL run raw (`ratios`). */
  raw?: RawSql;
}

/** The list pages compared with their own SQL: the default page, the label, token and deep-offset filters, and the other lists. */
const COMPARED_WITH_SQL = (name: string): boolean =>
  name === 'transactions: default page' ||
  name === 'transactions: label' ||
  name === 'transactions: token USDC' ||
  name.startsWith('transactions: offset ') ||
  ['balances', 'fungible-tokens-summary', 'non-fungible-tokens-summary', 'portfolio-value-history 30 d', 'wallets'].includes(name);

interface Probe {
  name: string;
  path: string | ((i: number) => string);
}

const dayOffset = (days: number): string => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

function probes(target: DataApiTarget): Probe[] {
  const tx = (query: string) => `${transactionEndpoints.listTransactions.path}?${query}`;
  const deep = Math.max(0, target.transactions - 20);
  return [
    { name: 'transactions: default page', path: transactionEndpoints.listTransactions.path },
    { name: 'transactions: pages 2-50', path: (i) => tx(`offset=${String(10 * (1 + (Math.abs(i) % 49)))}`) },
    { name: 'transactions: oldest first', path: tx('ordering=created_at') },
    { name: 'transactions: by amount', path: tx('ordering=-amount') },
    { name: 'transactions: token USDC', path: tx('token__in=USDC') },
    { name: 'transactions: tokens LINK,UNI', path: tx('token__in=LINK,UNI') },
    { name: 'transactions: date range (30 days)', path: tx(`created_at_after=${dayOffset(400)}&created_at_before=${dayOffset(370)}`) },
    { name: 'transactions: label', path: tx(`labels=${target.labelId}`) },
    { name: 'transactions: wallet', path: tx(`wallet=${target.walletId}`) },
    { name: 'transactions: with spam', path: tx('show_spam=true') },
    { name: 'transactions: token + dates + amount', path: tx(`token__in=ETH&created_at_after=${dayOffset(200)}&ordering=-amount`) },
    { name: 'transactions: search hash', path: tx(`search=${target.txHash.slice(0, 12)}`) },
    { name: 'transactions: search address', path: tx(`search=${target.counterparty.slice(0, 10)}`) },
    { name: 'transactions: search token', path: tx('search=chainlink') },
    { name: 'transactions: search contact', path: tx(`search=${encodeURIComponent(target.contactName)}`) },
    { name: 'transactions: search no match', path: tx('search=nothing-like-this') },
    { name: `transactions: offset ${String(Math.floor(deep / 2))}`, path: tx(`offset=${String(Math.floor(deep / 2))}`) },
    { name: `transactions: offset ${String(deep)}`, path: tx(`offset=${String(deep)}`) },
    { name: 'balances', path: holdingsEndpoints.balances.path },
    { name: 'fungible-tokens-summary', path: `${holdingsEndpoints.fungibleTokensSummary.path}?page=1&size=10` },
    { name: 'non-fungible-tokens-summary', path: nftEndpoints.nonFungibleTokensSummary.path },
    { name: 'portfolio-value-history 30 d', path: `${portfolioEndpoints.portfolioValueHistory.path}?num_days=30` },
    { name: 'portfolio-value-history 730 d', path: `${portfolioEndpoints.portfolioValueHistory.path}?num_days=730` },
    { name: 'wallets', path: walletEndpoints.listWallets.path },
  ];
}

export async function measureDataApi(target: DataApiTarget): Promise<{ figures: Figures[]; ratios: SqlRatio[] }> {
  const headers = { Cookie: `${SESSION_COOKIE}=${target.sessionToken}` };
  const figures: Figures[] = [];
  const ratios: SqlRatio[] = [];
  for (const probe of probes(target)) {
    if (target.selected !== undefined && !target.selected(probe.name)) continue;
    const pathOf = typeof probe.path === 'string' ? () => probe.path as string : probe.path;
    const figure = await measure(
      `${target.label ?? ''}${probe.name}`,
      target.requests,
      async (i) => {
        const path = pathOf(i);
        const response = await target.app.request(path, { headers });
        if (response.status !== 200) throw new Error(`GET ${path} answered ${String(response.status)}: ${await response.text()}`);
        await response.arrayBuffer();
      },
      {
        budgetMs: LIST_P95_BUDGET_MS,
        warmup: Math.min(10, target.requests),
        ...(target.maxMsPerFigure === undefined ? {} : { maxMs: target.maxMsPerFigure }),
      },
    );
    figures.push(figure);
    const raw = target.raw;
    if (raw === undefined || !COMPARED_WITH_SQL(probe.name)) continue;
    const path = pathOf(0);
    const statements = await raw.capture(async () => {
      await (await target.app.request(path, { headers })).arrayBuffer();
    });
    // The request and its statements alternate, so both see the same load on the machine.
    const api: number[] = [];
    const sql: number[] = [];
    const started = performance.now();
    for (let i = 0; i < target.requests; i += 1) {
      let t0 = performance.now();
      await (await target.app.request(path, { headers })).arrayBuffer();
      api.push(performance.now() - t0);
      t0 = performance.now();
      for (const statement of statements) await raw.execute(statement);
      sql.push(performance.now() - t0);
      if (target.maxMsPerFigure !== undefined && i + 1 >= 20 && performance.now() - started > target.maxMsPerFigure) break;
    }
    const p95 = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.max(0, Math.ceil(0.95 * samples.length) - 1)] ?? Number.NaN;
    const p50 = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.max(0, Math.ceil(0.5 * samples.length) - 1)] ?? Number.NaN;
    ratios.push({
      name: figure.name,
      statements: statements.length,
      count: api.length,
      apiP50: p50(api),
      sqlP50: p50(sql),
      apiP95: p95(api),
      sqlP95: p95(sql),
      ratio: p95(api) / p95(sql),
    });
  }
  return { figures, ratios };
}
