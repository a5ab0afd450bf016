/**
 * A local explorer for the ingestion bench: an HTTP server on 127.0.0.1 answering Etherscan API V2's
 * `module=account` lists (`?action=txlist&address=…&startblock=…&page=…&offset=…&sort=asc`) for one address, in
 * ascending blocks, `offset` rows per page, `startblock` inclusive, as the explorer does.
 *
 * So that the server is never what the bench measures, every page the provider will ask for is rendered to bytes
 * before the clock starts: the requests are worked out by paging as the provider pages (pages 1 to
 * resultWindow / pageSize, then again from the last block read). A request outside that plan is still answered,
 * rendered on demand and counted, so the bench can tell when the plan and the provider differ. The time spent in
 * the request handler is counted too.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ExplorerRow } from './synthetic-history';

export interface ExplorerFixtureOptions {
  /** The address the lists belong to (lower case); any other address has no transactions. */
  address: string;
  /** Rows per action (`txlist`, `tokentx`, …), in ascending blocks; absent actions have no rows. */
  lists: Readonly<Record<string, readonly ExplorerRow[]>>;
  /** Rows per page the provider asks for (its `offset`). */
  pageSize: number;
  /** The explorer's result window (page × offset at most this). */
  resultWindow: number;
}

export interface ExplorerFixtureStats {
  requests: number;
  /** Response bytes sent. */
  bytes: number;
  /** Pages rendered before the run. */
  prerendered: number;
  /** Requests answered with a page rendered on demand (outside the plan). */
  renderedOnDemand: number;
  /** Time spent in the request handler, milliseconds. */
  handlerMs: number;
}

export interface ExplorerFixture {
  /** The Etherscan V2 endpoint: `http://127.0.0.1:<port>/v2/api`. */
  readonly url: string;
  stats(): ExplorerFixtureStats;
  close(): Promise<void>;
}

const EMPTY = Buffer.from(JSON.stringify({ status: '0', message: 'No transactions found', result: [] }));

function render(rows: readonly ExplorerRow[]): Buffer {
  return rows.length === 0 ? EMPTY : Buffer.from(JSON.stringify({ status: '1', message: 'OK', result: rows }));
}

const pageKey = (action: string, startBlock: bigint, page: number, offset: number) => `${action}|${startBlock.toString()}|${String(page)}|${String(offset)}`;

/** The first row at or after `startBlock` (rows ascend by block). */
function firstAt(blocks: readonly bigint[], startBlock: bigint): number {
  let low = 0;
  let high = blocks.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((blocks[mid] ?? 0n) < startBlock) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** One page as the explorer answers it. */
function pageOf(rows: readonly ExplorerRow[], blocks: readonly bigint[], startBlock: bigint, page: number, offset: number): readonly ExplorerRow[] {
  const from = firstAt(blocks, startBlock) + (page - 1) * offset;
  return rows.slice(from, from + offset);
}

/** Every page the provider asks for, from block 0, rendered. */
function prerender(action: string, rows: readonly ExplorerRow[], blocks: readonly bigint[], pageSize: number, resultWindow: number, into: Map<string, Buffer>): void {
  const pagesPerWindow = Math.floor(resultWindow / pageSize);
  let startBlock = 0n;
  for (;;) {
    for (let page = 1; page <= pagesPerWindow; page += 1) {
      const result = pageOf(rows, blocks, startBlock, page, pageSize);
      into.set(pageKey(action, startBlock, page, pageSize), render(result));
      if (result.length < pageSize) return;
    }
    // The window is used up: the provider reads on from the last block seen (the next one if the whole window
    // was that block).
    const last = blocks[firstAt(blocks, startBlock) + pagesPerWindow * pageSize - 1] ?? startBlock;
    startBlock = last === startBlock ? last + 1n : last;
  }
}

export async function startExplorerFixture(options: ExplorerFixtureOptions): Promise<ExplorerFixture> {
  const lists = new Map(Object.entries(options.lists).map(([action, rows]) => [action, { rows, blocks: rows.map((row) => BigInt(row.blockNumber ?? '0')) }]));
  const pages = new Map<string, Buffer>();
  for (const [action, list] of lists) prerender(action, list.rows, list.blocks, options.pageSize, options.resultWindow, pages);
  const stats: ExplorerFixtureStats = { requests: 0, bytes: 0, prerendered: pages.size, renderedOnDemand: 0, handlerMs: 0 };

  const answer = (req: IncomingMessage): { status: number; body: Buffer } => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const q = url.searchParams;
    if (req.method !== 'GET' || url.pathname !== '/v2/api' || q.get('module') !== 'account') {
      return { status: 404, body: Buffer.from(JSON.stringify({ status: '0', message: 'NOTOK', result: 'Error! Unknown endpoint' })) };
    }
    const action = q.get('action') ?? '';
    const startBlock = BigInt(q.get('startblock') ?? '0');
    const page = Number(q.get('page') ?? '1');
    const offset = Number(q.get('offset') ?? '10000');
    if (page * offset > options.resultWindow) {
      return { status: 200, body: Buffer.from(JSON.stringify({ status: '0', message: 'NOTOK', result: 'Result window is too large, PageNo x Offset size must be less than or equal to 10000' })) };
    }
    const list = lists.get(action);
    if (list === undefined || (q.get('address') ?? '').toLowerCase() !== options.address) return { status: 200, body: EMPTY };
    const ready = pages.get(pageKey(action, startBlock, page, offset));
    if (ready !== undefined) return { status: 200, body: ready };
    stats.renderedOnDemand += 1;
    return { status: 200, body: render(pageOf(list.rows, list.blocks, startBlock, page, offset)) };
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now();
    const { status, body } = answer(req);
    stats.requests += 1;
    stats.bytes += body.length;
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': String(body.length) });
    res.end(body);
    stats.handlerMs += performance.now() - started;
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${String(port)}/v2/api`,
    stats: () => ({ ...stats }),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
