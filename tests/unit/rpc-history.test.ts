/**
 * History over JSON-RPC as public chains need it, against the devnet's anvil nodes: the account-state scan
 * finds exactly what reading every block finds while reading only the active blocks; a node that dropped old
 * states is scanned from the oldest one it keeps; internal transfers come from whichever tracing method the
 * node offers (detected once) in the explorer's shape, and from none when it offers none; eth_getLogs ranges
 * narrow when the node refuses them and widen while answers stay small. Nodes that lack a method are the real
 * anvil node behind a filter that answers those methods with the JSON-RPC errors such nodes give.
 */
import * as v from 'valibot';
import { custom, RpcRequestError, type PublicClient } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevnet, type Devnet } from '../../src/server/devnet/start-devnet';
import { ACCOUNT_ADDRESSES, DEVNET_CHAINS, DEVNET_PLANS, lastScenarioBlock, SCENARIO_ACCOUNTS, scenarioTransfers, type DevnetChainKey } from '../../src/server/devnet/scenario';
import { alignedSplit } from '../../src/server/providers/evm-balance/account-activity';
import { detectBlockTracer } from '../../src/server/providers/evm-balance/block-tracer';
import { createChainDetails } from '../../src/server/providers/evm-balance/chain-details';
import { internalTransfersIn } from '../../src/server/providers/evm-balance/internal-transfers';
import { createRpcPublicClient } from '../../src/server/providers/evm-balance/rpc-client';
import { createRpcHistoryProvider, type RpcHistoryProviderConfig } from '../../src/server/providers/evm-balance/rpc-history-provider';
import { getLogsTransfers } from '../../src/server/providers/evm-balance/transfer-logs';
import { etherscanRowSchema, toRawTransfer } from '../../src/server/providers/evm-history/etherscan-rows';
import type { EvmTransferKind, EvmTransferPage, RawEvmTransfer } from '../../src/server/providers/evm-history/types';
import { ProviderError } from '../../src/server/providers/http/http-client';
import { playRouterActivity, type RouterActivity } from '../fixtures/value-router/router-activity';

let devnet: Devnet;
let activity: RouterActivity;
const rpcUrl = (chain: DevnetChainKey) => (chain === 'ethereum' ? devnet.ethereumRpcUrl : devnet.polygonRpcUrl);

beforeAll(async () => {
  devnet = await startDevnet({ ethereumPort: 0, polygonPort: 0 });
  activity = await playRouterActivity(devnet.ethereumRpcUrl, 1);
}, 60_000);

afterAll(async () => {
  await devnet?.stop();
});

interface Call {
  method: string;
  params: unknown[];
}

interface NodeFilter {
  /** A JSON-RPC error for requests the filtered node does not serve; null passes the request on. */
  refuse?: (call: Call) => { code: number; message: string } | null;
  /** Fails the request before it reaches the node (an outage), once per call that returns true. */
  fail?: (call: Call) => boolean;
  calls?: Call[];
}

/** The devnet node behind a filter: every request is recorded, some are refused as a lesser node would. */
function filteredClient(chain: DevnetChainKey, filter: NodeFilter = {}): PublicClient {
  const url = rpcUrl(chain);
  let id = 0;
  const transport = custom(
    {
      async request({ method, params }: { method: string; params?: unknown }) {
        const call = { method, params: (params ?? []) as unknown[] };
        filter.calls?.push(call);
        id += 1;
        const body = { jsonrpc: '2.0', id, method, params: call.params };
        if (filter.fail?.(call)) throw new ProviderError({ kind: 'unavailable', host: new URL(url).host, detail: 'no answer within 15000 ms' });
        const refusal = filter.refuse?.(call);
        if (refusal) throw new RpcRequestError({ body, error: refusal, url });
        const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
        const answer = (await response.json()) as { result?: unknown; error?: { code: number; message: string } };
        if (answer.error) throw new RpcRequestError({ body, error: answer.error, url });
        return answer.result;
      },
    },
    { retryCount: 0 },
  );
  return createRpcPublicClient({ rpcUrl: url, chainId: DEVNET_PLANS[chain].chainId }, { transport });
}

const METHOD_NOT_FOUND = { code: -32601, message: 'the method does not exist/is not available' };
const refuseTracing = (call: Call) => (call.method.startsWith('trace_') ? METHOD_NOT_FOUND : null);
const refuseAllTracing = (call: Call) => (call.method.startsWith('trace_') || call.method.startsWith('debug_') ? METHOD_NOT_FOUND : null);

async function collect(pages: AsyncIterable<EvmTransferPage>): Promise<{ items: RawEvmTransfer[]; pages: EvmTransferPage[] }> {
  const all: EvmTransferPage[] = [];
  for await (const page of pages) all.push(page);
  return { items: all.flatMap((page) => page.items), pages: all };
}

function provider(chain: DevnetChainKey, config: Omit<RpcHistoryProviderConfig, 'clients'> & { client?: PublicClient } = {}) {
  const { client, ...rest } = config;
  const network = DEVNET_PLANS[chain].network;
  return createRpcHistoryProvider({ clients: { [network]: client ?? filteredClient(chain) }, ...rest });
}

function list(chain: DevnetChainKey, history: ReturnType<typeof provider>, address: string, kind: EvmTransferKind, fromBlock = 0n, toBlock?: bigint) {
  return collect(
    history.listTransfers({ network: DEVNET_PLANS[chain].network, address: address as `0x${string}`, kind, fromBlock, ...(toBlock !== undefined ? { toBlock } : {}) }),
  );
}

const internalView = (t: RawEvmTransfer) => ({ hash: t.hash, blockNumber: t.blockNumber, traceId: t.traceId, from: t.from, to: t.to, value: t.value, isError: t.isError });

describe('account-state scan', () => {
  it('splits on a fixed grid inside the stretch', () => {
    expect(alignedSplit(0n, 1000n)).toBe(512n);
    expect(alignedSplit(512n, 1000n)).toBe(768n);
    expect(alignedSplit(5n, 7n)).toBe(6n);
    expect(alignedSplit(100n, 103n)).toBe(102n);
    for (const [lo, hi] of [[0n, 2n], [3n, 9n], [1023n, 1025n], [17n, 4000n]] as const) {
      const point = alignedSplit(lo, hi);
      expect(point > lo && point < hi).toBe(true);
    }
  });

  for (const chain of DEVNET_CHAINS) {
    it(`${chain}: finds the same transactions as reading every block, reading only the active blocks`, async () => {
      const last = lastScenarioBlock(chain);
      for (const account of SCENARIO_ACCOUNTS) {
        const address = ACCOUNT_ADDRESSES[account];
        const everyBlock = await list(chain, provider(chain), address, 'normal', 0n, last);
        const calls: Call[] = [];
        const byState = await list(chain, provider(chain, { scan: 'state', client: filteredClient(chain, { calls }) }), address, 'normal', 0n, last);
        expect(byState.items).toEqual(everyBlock.items);
        expect(everyBlock.items.length).toBeGreaterThan(0);
        const blocksRead = calls.filter((c) => c.method === 'eth_getBlockByNumber' && c.params[1] === true).map((c) => BigInt(c.params[0] as string));
        const active = new Set(everyBlock.items.map((t) => t.blockNumber));
        // Blocks where the account only received through a failed call or gained nothing are never read.
        expect(blocksRead.every((block) => active.has(block))).toBe(true);
        expect(new Set(blocksRead).size).toBe(active.size);
        expect(byState.pages.at(-1)?.lastBlock).toBe(last);
      }
    });
  }

  it('resumes from a cursor, and moves an idle account’s cursor to the head with an empty page', async () => {
    const alice = ACCOUNT_ADDRESSES.alice;
    const history = provider('ethereum', { scan: 'state' });
    const all = await list('ethereum', history, alice, 'normal', 0n, lastScenarioBlock('ethereum'));
    const later = await list('ethereum', history, alice, 'normal', 4n, lastScenarioBlock('ethereum'));
    expect(later.items).toEqual(all.items.filter((t) => t.blockNumber >= 4n));

    const idle = await list('ethereum', history, '0x000000000000000000000000000000000000dEaD', 'normal');
    expect(idle.items).toEqual([]);
    const head = await filteredClient('ethereum').getBlockNumber();
    expect(idle.pages.map((p) => p.lastBlock)).toEqual([head]);
  });

  it('reports progress over quiet stretches with empty pages', async () => {
    const bob = ACCOUNT_ADDRESSES.bob;
    const { pages } = await list('polygon', provider('polygon', { scan: 'state', progressBlocks: 1n }), bob, 'normal', 0n, lastScenarioBlock('polygon'));
    const lastBlocks = pages.map((p) => p.lastBlock);
    expect(lastBlocks).toEqual([...lastBlocks].sort((a, b) => (a < b ? -1 : 1)));
    expect(pages.some((p) => p.items.length === 0)).toBe(true);
    expect(lastBlocks.at(-1)).toBe(lastScenarioBlock('polygon'));
  });

  it('starts at the oldest state a pruned node keeps, and says so once', async () => {
    const pruned = (call: Call) =>
      (call.method === 'eth_getBalance' || call.method === 'eth_getTransactionCount') && typeof call.params[1] === 'string' && call.params[1].startsWith('0x') && BigInt(call.params[1]) < 4n
        ? { code: -32000, message: 'missing trie node' }
        : null;
    const warnings: string[] = [];
    const history = provider('ethereum', { scan: 'state', client: filteredClient('ethereum', { refuse: pruned }), logger: { warn: (msg) => warnings.push(msg) } });
    const alice = ACCOUNT_ADDRESSES.alice;
    const last = lastScenarioBlock('ethereum');
    const found = await list('ethereum', history, alice, 'normal', 0n, last);
    const everyBlock = await list('ethereum', provider('ethereum'), alice, 'normal', 0n, last);
    expect(found.items).toEqual(everyBlock.items.filter((t) => t.blockNumber > 4n));
    await list('ethereum', history, alice, 'normal', 0n, last);
    expect(warnings).toEqual(['The JSON-RPC node for Ethereum keeps no account states before block 4; earlier native transactions are not read']);
  });
});

describe('internal transfers', () => {
  it('are read alike through trace_filter, trace_block and debug_traceBlockByNumber', async () => {
    const erin = activity.accounts.erin.toLowerCase();
    const expected = activity.internal.filter((t) => t.to === erin);
    const methods: string[] = [];
    for (const [preference, filter] of [
      ['ranges', {}],
      ['blocks', {}],
      ['blocks', { refuse: refuseTracing }],
    ] as const) {
      const client = filteredClient('ethereum', filter);
      const tracer = await detectBlockTracer(client, preference);
      if (!tracer) throw new Error('anvil traces calls');
      methods.push(tracer.method);
      const items = await internalTransfersIn(tracer, createChainDetails(client), activity.firstBlock, activity.lastBlock, erin);
      expect(items.map(internalView)).toEqual(expected);
      expect(items.every((t) => t.kind === 'internal' && t.gas !== null && t.gasPrice === null && t.logIndex === null)).toBe(true);
    }
    expect(methods).toEqual(['trace_filter', 'trace_block', 'debug_traceBlockByNumber']);
  });

  it('come in the shape explorers give them', async () => {
    const history = provider('ethereum');
    const { items } = await list('ethereum', history, activity.accounts.frank, 'internal');
    expect(items).toHaveLength(1);
    const [rpc] = items as [RawEvmTransfer];
    const explorerRow = v.parse(etherscanRowSchema, {
      blockNumber: rpc.blockNumber.toString(),
      timeStamp: String(rpc.timestamp.getTime() / 1000),
      hash: rpc.hash,
      from: rpc.from,
      to: rpc.to ?? '',
      value: rpc.value.toString(),
      contractAddress: '',
      input: '',
      type: 'call',
      gas: rpc.gas?.toString() ?? '',
      gasUsed: rpc.gasUsed?.toString() ?? '',
      traceId: rpc.traceId,
      isError: rpc.isError ? '1' : '0',
      errCode: '',
    });
    // Explorers leave the transaction's position out of internal rows.
    expect({ ...toRawTransfer('internal', explorerRow), transactionIndex: rpc.transactionIndex }).toEqual(rpc);
  });

  it('are found from the active blocks in the state scan, the payee’s own withdrawal included', async () => {
    const erin = activity.accounts.erin;
    const { items } = await list('ethereum', provider('ethereum', { scan: 'state' }), erin, 'internal');
    // The undone transfer left erin's balance as it was, so its block is not among her active ones.
    expect(items.map(internalView)).toEqual(activity.internal.filter((t) => t.to === erin.toLowerCase() && !t.isError));
    const normal = await list('ethereum', provider('ethereum', { scan: 'state' }), erin, 'normal');
    expect(normal.items.map((t) => t.hash)).toEqual([activity.withdrawal]);
  });

  it('are left out, with one warning and one detection, where the node offers no tracing', async () => {
    const calls: Call[] = [];
    const warnings: string[] = [];
    const history = provider('ethereum', { client: filteredClient('ethereum', { refuse: refuseAllTracing, calls }), logger: { warn: (msg) => warnings.push(msg) } });
    for (let i = 0; i < 2; i += 1) expect((await list('ethereum', history, activity.accounts.erin, 'internal')).items).toEqual([]);
    expect(calls.filter((c) => c.method.startsWith('trace_') || c.method.startsWith('debug_')).map((c) => c.method)).toEqual([
      'trace_filter',
      'trace_block',
      'debug_traceBlockByNumber',
    ]);
    expect(warnings).toEqual(['The JSON-RPC node for Ethereum offers no call tracing; internal transfers are not read']);
  });

  it('do not take an unreachable node for one without tracing', async () => {
    let failures = 1;
    const history = provider('ethereum', {
      client: filteredClient('ethereum', { fail: (call) => call.method === 'trace_filter' && failures-- > 0 }),
    });
    await expect(list('ethereum', history, activity.accounts.erin, 'internal')).rejects.toThrow();
    const { items } = await list('ethereum', history, activity.accounts.erin, 'internal');
    expect(items).toHaveLength(3);
  });
});

describe('eth_getLogs ranges', () => {
  const rangeOf = (call: Call) => {
    const filter = call.params[0] as { fromBlock: string; toBlock: string };
    return BigInt(filter.toBlock) - BigInt(filter.fromBlock) + 1n;
  };

  it('narrow when the node refuses them, and nothing is lost', async () => {
    const calls: Call[] = [];
    const refuse = (call: Call) => (call.method === 'eth_getLogs' && rangeOf(call) > 3n ? { code: -32005, message: 'query exceeds max block range 3' } : null);
    const client = filteredClient('ethereum', { refuse, calls });
    const last = lastScenarioBlock('ethereum');
    const { items } = await collect(getLogsTransfers(client, { fromBlock: 0n, toBlock: last, blockRange: 4n, maxBlockRange: 64n }));
    expect(items.map((t) => [t.blockNumber, t.logIndex, t.value])).toEqual(scenarioTransfers('ethereum').map((t) => [t.blockNumber, t.logIndex, t.value]));
    const asked = calls.filter((c) => c.method === 'eth_getLogs').map(rangeOf);
    expect(asked.slice(0, 2)).toEqual([4n, 2n]);
    // Every range the node answered was within its limit, and the ranges answered cover the blocks once.
    const answered = asked.filter((r) => r <= 3n);
    expect(answered.reduce((sum, r) => sum + r, 0n)).toBe(last + 1n);
  });

  it('widen while answers stay small, up to the limit', async () => {
    const calls: Call[] = [];
    const client = filteredClient('ethereum', { calls });
    const head = await client.getBlockNumber();
    const { items } = await collect(getLogsTransfers(client, { fromBlock: 0n, toBlock: head, blockRange: 1n, maxBlockRange: 4n, progressBlocks: 100n }));
    expect(items.map((t) => [t.blockNumber, t.logIndex])).toEqual(scenarioTransfers('ethereum').map((t) => [t.blockNumber, t.logIndex]));
    const asked = [...new Set(calls.filter((c) => c.method === 'eth_getLogs').map(rangeOf))];
    expect(asked.slice(0, 3)).toEqual([1n, 2n, 4n]);
    expect(asked.every((r) => r <= 4n)).toBe(true);
  });
});
