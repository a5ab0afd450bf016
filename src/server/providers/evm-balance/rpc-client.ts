import {
  createPublicClient,
  custom,
  defineChain,
  http,
  RpcRequestError,
  type Address,
  type PublicClient,
  type Transport,
} from 'viem';
import type { HttpClient } from '../http/http-client';

/** Multicall3's address, the same on every chain that has it. */
export const MULTICALL3_ADDRESS: Address = '0xcA11bde05977b3631167028862bE2a173976CA11';

export interface RpcEndpoint {
  rpcUrl: string;
  chainId: number;
}

export interface RpcClientOptions {
  /** Where Multicall3 lives (default the canonical address). */
  multicall3Address?: Address;
  /**
   * Send the JSON-RPC requests through the provider HTTP client (per-host rate limit, backoff on 429 and 5xx,
   * redacted errors). Without it viem's own HTTP transport is used.
   */
  http?: HttpClient;
  /** Requests per second per RPC host when `http` is given (default 25). */
  rateLimitPerSecond?: number;
  /** Per request (default 15000). */
  timeoutMs?: number;
  /** Further attempts on network errors and 5xx / 429 (default 2). */
  retries?: number;
  /** A ready transport (tests); takes precedence over `http`. */
  transport?: Transport;
}

interface JsonRpcAnswer {
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

function providerTransport(rpcUrl: string, client: HttpClient, options: RpcClientOptions): Transport {
  const host = new URL(rpcUrl).host;
  let id = 0;
  return custom(
    {
      async request({ method, params }: { method: string; params?: unknown }) {
        id += 1;
        const body = { jsonrpc: '2.0', id, method, params: params ?? [] };
        const answer = await client.postJson<JsonRpcAnswer>({
          url: rpcUrl,
          body,
          rateLimit: { key: `rpc:${host}`, perSecond: options.rateLimitPerSecond ?? 25 },
          retries: options.retries ?? 2,
          timeoutMs: options.timeoutMs ?? 15_000,
          provider: `JSON-RPC node ${host}`,
        });
        if (answer.error) throw new RpcRequestError({ body, error: answer.error, url: rpcUrl });
        return answer.result;
      },
    },
    { retryCount: 0 },
  );
}

/** A viem public client for one EVM chain, with Multicall3 registered so `multicall` batches through it. */
export function createRpcPublicClient(endpoint: RpcEndpoint, options: RpcClientOptions = {}): PublicClient {
  const chain = defineChain({
    id: endpoint.chainId,
    name: `Chain ${endpoint.chainId}`,
    nativeCurrency: { name: 'Native', symbol: 'NATIVE', decimals: 18 },
    rpcUrls: { default: { http: [endpoint.rpcUrl] } },
    contracts: { multicall3: { address: options.multicall3Address ?? MULTICALL3_ADDRESS } },
  });
  const transport =
    options.transport ??
    (options.http
      ? providerTransport(endpoint.rpcUrl, options.http, options)
      : http(endpoint.rpcUrl, { timeout: options.timeoutMs ?? 15_000, retryCount: options.retries ?? 2 }));
  return createPublicClient({ chain, transport });
}
