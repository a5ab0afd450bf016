/**
 * Native and ERC-20 balances over JSON-RPC. With Multicall3 on the chain, many wallets' native balances and
 * token balances come back from one eth_call (aggregate3 with allowFailure, so a broken token does not sink the
 * rest), all at one block. Without it, plain eth_calls pinned to one block number do the same job.
 */
import { erc20Abi, getAddress, parseAbi, type Address, type PublicClient } from 'viem';
import { createRpcPublicClient, MULTICALL3_ADDRESS, type RpcClientOptions, type RpcEndpoint } from './rpc-client';

export interface BalanceQuery {
  address: Address;
  /** ERC-20 contracts whose balance to read for `address`. */
  tokens: readonly Address[];
}

export interface TokenBalance {
  token: Address;
  /** Base units; null when the call failed (not a token, reverted), with the reason in `error`. */
  balance: bigint | null;
  error: string | null;
}

export interface AddressBalances {
  address: Address;
  /** Wei. */
  native: bigint;
  tokens: TokenBalance[];
}

export interface BalanceSnapshot {
  /** Every balance was read at this block. */
  blockNumber: bigint;
  via: 'multicall3' | 'eth_call';
  balances: AddressBalances[];
}

export interface RpcBalanceReader {
  readonly client: PublicClient;
  readonly chainId: number;
  /** Whether Multicall3 has code on the chain (checked once per reader). */
  hasMulticall3(): Promise<boolean>;
  readBalances(queries: readonly BalanceQuery[], at?: { blockNumber?: bigint }): Promise<BalanceSnapshot>;
  readBalance(address: Address, tokens: readonly Address[], at?: { blockNumber?: bigint }): Promise<AddressBalances & { blockNumber: bigint; via: BalanceSnapshot['via'] }>;
}

export interface RpcBalanceReaderOptions extends RpcClientOptions {
  /** Calls per aggregate3 request (default 500); more are split into several requests at the same block. */
  maxCallsPerRequest?: number;
  /** Concurrent eth_calls on the fallback path (default 8). */
  fallbackConcurrency?: number;
  /** Reuse an existing client instead of creating one from the endpoint. */
  client?: PublicClient;
}

const multicallAbi = parseAbi([
  'function getEthBalance(address addr) view returns (uint256 balance)',
  'function getBlockNumber() view returns (uint256 blockNumber)',
  'function balanceOf(address account) view returns (uint256)',
]);

type Call =
  | { kind: 'block' }
  | { kind: 'native'; query: number }
  | { kind: 'token'; query: number; token: Address };

type CallResult = { status: 'success'; result: bigint } | { status: 'failure'; error: Error };

const reason = (error: unknown): string => {
  if (error instanceof Error) return (error as Error & { shortMessage?: string }).shortMessage ?? error.message;
  return String(error);
};

class MulticallUnusable extends Error {}

function emptyBalances(queries: readonly BalanceQuery[]): AddressBalances[] {
  return queries.map((q) => ({ address: getAddress(q.address), native: 0n, tokens: [] }));
}

export function createRpcBalanceReader(endpoint: RpcEndpoint, options: RpcBalanceReaderOptions = {}): RpcBalanceReader {
  const client = options.client ?? createRpcPublicClient(endpoint, options);
  const multicallAddress = options.multicall3Address ?? MULTICALL3_ADDRESS;
  const maxCalls = Math.max(2, options.maxCallsPerRequest ?? 500);
  const concurrency = Math.max(1, options.fallbackConcurrency ?? 8);
  let multicallPresent: Promise<boolean> | undefined;

  const hasMulticall3 = (): Promise<boolean> => {
    multicallPresent ??= client.getCode({ address: multicallAddress }).then(
      (code) => code !== undefined && code !== '0x',
      (error: unknown) => {
        multicallPresent = undefined;
        throw error;
      },
    );
    return multicallPresent;
  };

  const runChunk = async (calls: Call[], queries: readonly BalanceQuery[], blockNumber: bigint | undefined) => {
    const contracts = calls.map((call) => {
      switch (call.kind) {
        case 'block':
          return { address: multicallAddress, abi: multicallAbi, functionName: 'getBlockNumber', args: [] } as const;
        case 'native':
          return { address: multicallAddress, abi: multicallAbi, functionName: 'getEthBalance', args: [(queries[call.query] as BalanceQuery).address] } as const;
        case 'token':
          return { address: call.token, abi: multicallAbi, functionName: 'balanceOf', args: [(queries[call.query] as BalanceQuery).address] } as const;
      }
    });
    const results = (await client.multicall({
      contracts,
      allowFailure: true,
      multicallAddress,
      batchSize: 0,
      ...(blockNumber === undefined ? {} : { blockNumber }),
    })) as CallResult[];
    return results;
  };

  const viaMulticall = async (queries: readonly BalanceQuery[], pinned: bigint | undefined): Promise<BalanceSnapshot> => {
    const calls: Call[] = pinned === undefined ? [{ kind: 'block' }] : [];
    queries.forEach((q, query) => {
      calls.push({ kind: 'native', query });
      for (const token of q.tokens) calls.push({ kind: 'token', query, token });
    });
    const chunks: Call[][] = [];
    for (let i = 0; i < calls.length; i += maxCalls) chunks.push(calls.slice(i, i + maxCalls));

    // The first request fixes the block (through getBlockNumber) when none was given; the rest are pinned to it.
    const first = await runChunk(chunks[0] ?? [], queries, pinned);
    let blockNumber = pinned;
    if (blockNumber === undefined) {
      const block = first[0];
      if (block?.status !== 'success') throw new MulticallUnusable(block ? reason(block.error) : 'no answer');
      blockNumber = block.result;
    }
    const rest = await Promise.all(chunks.slice(1).map((chunk) => runChunk(chunk, queries, blockNumber)));

    const balances = emptyBalances(queries);
    const results = [first, ...rest].flat();
    calls.forEach((call, i) => {
      const result = results[i];
      if (!result || call.kind === 'block') return;
      const target = balances[call.query] as AddressBalances;
      if (call.kind === 'native') {
        // getEthBalance cannot fail on a working Multicall3: a failure means the aggregate call itself failed.
        if (result.status !== 'success') throw new MulticallUnusable(reason(result.error));
        target.native = result.result;
      } else {
        target.tokens.push(
          result.status === 'success'
            ? { token: getAddress(call.token), balance: result.result, error: null }
            : { token: getAddress(call.token), balance: null, error: reason(result.error) },
        );
      }
    });
    return { blockNumber, via: 'multicall3', balances };
  };

  const viaEthCall = async (queries: readonly BalanceQuery[], pinned: bigint | undefined): Promise<BalanceSnapshot> => {
    const blockNumber = pinned ?? (await client.getBlockNumber({ cacheTime: 0 }));
    const balances = emptyBalances(queries);
    const jobs: (() => Promise<void>)[] = [];
    queries.forEach((q, i) => {
      const target = balances[i] as AddressBalances;
      jobs.push(async () => {
        target.native = await client.getBalance({ address: q.address, blockNumber });
      });
      q.tokens.forEach((token, t) => {
        target.tokens[t] = { token: getAddress(token), balance: null, error: 'not read' };
        jobs.push(async () => {
          try {
            const balance = await client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [q.address], blockNumber });
            target.tokens[t] = { token: getAddress(token), balance, error: null };
          } catch (error) {
            target.tokens[t] = { token: getAddress(token), balance: null, error: reason(error) };
          }
        });
      });
    });
    for (let i = 0; i < jobs.length; i += concurrency) {
      await Promise.all(jobs.slice(i, i + concurrency).map((job) => job()));
    }
    return { blockNumber, via: 'eth_call', balances };
  };

  const readBalances: RpcBalanceReader['readBalances'] = async (queries, at = {}) => {
    if (queries.length === 0) {
      return { blockNumber: at.blockNumber ?? (await client.getBlockNumber({ cacheTime: 0 })), via: 'eth_call', balances: [] };
    }
    if (await hasMulticall3()) {
      try {
        return await viaMulticall(queries, at.blockNumber);
      } catch (error) {
        // Multicall3 missing at that block (a historical read) or broken: plain calls still work.
        if (!(error instanceof MulticallUnusable)) throw error;
      }
    }
    return viaEthCall(queries, at.blockNumber);
  };

  return {
    client,
    chainId: endpoint.chainId,
    hasMulticall3,
    readBalances,
    async readBalance(address, tokens, at) {
      const snapshot = await readBalances([{ address, tokens }], at);
      const balances = snapshot.balances[0] as AddressBalances;
      return { ...balances, blockNumber: snapshot.blockNumber, via: snapshot.via };
    },
  };
}
