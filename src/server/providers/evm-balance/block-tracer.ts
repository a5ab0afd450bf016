/**
 * Which call-tracing method a JSON-RPC node offers, found out once per node by trying each on the newest block:
 * `trace_filter` (one request per block range, filtered by address), `trace_block` (every trace of a block) or
 * `debug_traceBlockByNumber` with geth's `callTracer`. A node that refuses all three has no tracer: internal
 * transfers are then not read from it. A failure to reach the node decides nothing and is thrown.
 */
import type { Hex, PublicClient } from 'viem';
import { movesFromCallFrame, movesFromFlatTraces, type CallFrame, type FlatTrace, type InternalMove } from './call-traces';
import { isRefusedByNode } from './rpc-errors';

export const TRACE_METHODS = ['trace_filter', 'trace_block', 'debug_traceBlockByNumber'] as const;
export type TraceMethod = (typeof TRACE_METHODS)[number];

export interface BlockTracer {
  readonly method: TraceMethod;
  /** Internal value transfers in blocks `from`..`to` concerning `who` (every one when absent), in block order. */
  internalMoves(from: bigint, to: bigint, who: string | undefined): Promise<InternalMove[]>;
}

/** Ranges (several blocks per request) or single blocks: the order in which the methods are tried. */
export type TracerPreference = 'ranges' | 'blocks';

const hex = (n: bigint): Hex => `0x${n.toString(16)}`;
const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

type Request = (method: string, params: unknown[]) => Promise<unknown>;

function requester(client: PublicClient): Request {
  const send = client.request as unknown as (args: { method: string; params: unknown[] }) => Promise<unknown>;
  return (method, params) => send({ method, params });
}

function byPosition(a: InternalMove, b: InternalMove): number {
  if (a.blockNumber !== b.blockNumber) return a.blockNumber < b.blockNumber ? -1 : 1;
  const position = (a.transactionIndex ?? 0) - (b.transactionIndex ?? 0);
  if (position !== 0) return position;
  const pa = a.traceId.split('_').map(Number);
  const pb = b.traceId.split('_').map(Number);
  for (let i = 0; i < Math.min(pa.length, pb.length); i += 1) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return pa.length - pb.length;
}

function groupByTransaction(traces: readonly FlatTrace[]): FlatTrace[][] {
  const groups = new Map<string, FlatTrace[]>();
  for (const trace of traces) {
    if (!trace.transactionHash) continue;
    const key = trace.transactionHash.toLowerCase();
    const list = groups.get(key);
    if (list) list.push(trace);
    else groups.set(key, [trace]);
  }
  return [...groups.values()];
}

function traceFilterTracer(request: Request): BlockTracer {
  return {
    method: 'trace_filter',
    async internalMoves(from, to, who) {
      const range = { fromBlock: hex(from), toBlock: hex(to) };
      const found = who
        ? [
            ...((await request('trace_filter', [{ ...range, fromAddress: [who] }])) as FlatTrace[]),
            ...((await request('trace_filter', [{ ...range, toAddress: [who] }])) as FlatTrace[]),
          ]
        : ((await request('trace_filter', [range])) as FlatTrace[]);
      // A transfer's failure can come from a call above it that the filter left out: read the whole transaction.
      const hashes = [...new Set(found.filter((t) => t.traceAddress.length > 0 && t.transactionHash).map((t) => (t.transactionHash as string).toLowerCase()))];
      const moves: InternalMove[] = [];
      for (const hash of hashes) {
        const traces = (await request('trace_transaction', [hash])) as FlatTrace[];
        moves.push(...movesFromFlatTraces(traces, who));
      }
      return moves.sort(byPosition);
    },
  };
}

function traceBlockTracer(request: Request): BlockTracer {
  return {
    method: 'trace_block',
    async internalMoves(from, to, who) {
      const moves: InternalMove[] = [];
      for (let block = from; block <= to; block += 1n) {
        const traces = ((await request('trace_block', [hex(block)])) as FlatTrace[] | null) ?? [];
        for (const group of groupByTransaction(traces)) moves.push(...movesFromFlatTraces(group, who));
      }
      return moves.sort(byPosition);
    },
  };
}

interface BlockTraceEntry {
  txHash?: string;
  result?: CallFrame;
  error?: string;
}

function callTracer(request: Request, client: PublicClient): BlockTracer {
  return {
    method: 'debug_traceBlockByNumber',
    async internalMoves(from, to, who) {
      const moves: InternalMove[] = [];
      for (let block = from; block <= to; block += 1n) {
        const entries = ((await request('debug_traceBlockByNumber', [hex(block), { tracer: 'callTracer' }])) as BlockTraceEntry[] | null) ?? [];
        if (entries.length === 0) continue;
        // Older geth versions leave out txHash: the entries follow the block's transaction order.
        const hashes = entries.some((entry) => !entry.txHash) ? (await client.getBlock({ blockNumber: block })).transactions : [];
        entries.forEach((entry, index) => {
          const hash = entry.txHash ?? hashes[index];
          if (!entry.result || !hash) return;
          moves.push(...movesFromCallFrame(entry.result, { hash, blockNumber: block, transactionIndex: index }, who));
        });
      }
      return moves.sort(byPosition);
    },
  };
}

async function offers(request: Request, method: TraceMethod, head: bigint): Promise<boolean> {
  const params: Record<TraceMethod, unknown[]> = {
    trace_filter: [{ fromBlock: hex(head), toBlock: hex(head), toAddress: [ZERO_ADDRESS] }],
    trace_block: [hex(head)],
    debug_traceBlockByNumber: [hex(head), { tracer: 'callTracer' }],
  };
  try {
    const answer = await request(method, params[method]);
    return Array.isArray(answer) || (method === 'trace_block' && answer === null);
  } catch (error) {
    if (isRefusedByNode(error)) return false;
    throw error;
  }
}

/** The node's tracer, trying the methods in the preferred order; null when it offers none. */
export async function detectBlockTracer(client: PublicClient, preference: TracerPreference): Promise<BlockTracer | null> {
  const request = requester(client);
  const order: readonly TraceMethod[] =
    preference === 'ranges' ? TRACE_METHODS : ['trace_block', 'debug_traceBlockByNumber', 'trace_filter'];
  const head = await client.getBlockNumber({ cacheTime: 0 });
  for (const method of order) {
    if (!(await offers(request, method, head))) continue;
    switch (method) {
      case 'trace_filter':
        return traceFilterTracer(request);
      case 'trace_block':
        return traceBlockTracer(request);
      case 'debug_traceBlockByNumber':
        return callTracer(request, client);
    }
  }
  return null;
}
