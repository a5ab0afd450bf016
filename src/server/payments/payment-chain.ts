/**
 * What the payment rules need from a chain, over JSON-RPC (viem): a transaction's transfers by hash, the head,
 * ERC-20 Transfer logs to many addresses at once, and a block's hash (to see a reorganisation). Every call is
 * counted per method so the bench can report what a watcher cycle costs.
 */
import { decodeEventLog, parseAbiItem, type Address, type Hex, type PublicClient } from 'viem';
import { CHAIN_IDS, type EvmNetwork } from '../../shared/enums';
import type { Config } from '../config/env';
import { createRpcPublicClient } from '../providers/evm-balance/rpc-client';
import type { HttpClient } from '../providers/http/http-client';
import { PUBLIC_RPC_URLS } from '../sync/sync-deps';
import type { ChainTransfer } from './payment-rules';

export const TRANSFER_EVENT = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');
/** keccak256("Transfer(address,address,uint256)"). */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

export type TransactionLookup =
  | { found: false }
  | { found: true; succeeded: boolean; blockNumber: bigint; blockHash: string; transfers: ChainTransfer[] };

export interface PaymentChain {
  supports(network: string): boolean;
  /** A mined transaction's transfers (ERC-20 Transfer logs and its native value); found false while unknown. */
  lookup(network: string, txHash: string): Promise<TransactionLookup>;
  head(network: string): Promise<bigint>;
  /** ERC-20 transfers of `tokens` to `to` (at most 1,000 addresses) in [fromBlock, toBlock], one eth_getLogs. */
  transferLogs(network: string, q: { tokens: readonly string[]; to: readonly string[]; fromBlock: bigint; toBlock: bigint }): Promise<ChainTransfer[]>;
  /** RPC calls made so far, per JSON-RPC method. */
  readonly calls: Map<string, number>;
}

const padTopic = (address: string): Hex => `0x${address.toLowerCase().replace(/^0x/, '').padStart(64, '0')}`;

/** A payment chain over one viem client per network. */
export function createPaymentChain(clientFor: (network: EvmNetwork) => PublicClient | null): PaymentChain {
  const calls = new Map<string, number>();
  const count = (method: string, n = 1): void => void calls.set(method, (calls.get(method) ?? 0) + n);
  const clients = new Map<string, PublicClient | null>();
  const client = (network: string): PublicClient => {
    if (!clients.has(network)) clients.set(network, network in CHAIN_IDS ? clientFor(network as EvmNetwork) : null);
    const found = clients.get(network);
    if (!found) throw new Error(`No JSON-RPC node for ${network}.`);
    return found;
  };
  const blockTimes = new Map<string, Date>();
  const blockTime = async (network: string, blockNumber: bigint): Promise<Date> => {
    const key = `${network}:${String(blockNumber)}`;
    const known = blockTimes.get(key);
    if (known) return known;
    count('eth_getBlockByNumber');
    const block = await client(network).getBlock({ blockNumber });
    const time = new Date(Number(block.timestamp) * 1000);
    if (blockTimes.size > 10_000) blockTimes.clear();
    blockTimes.set(key, time);
    return time;
  };

  return {
    calls,
    supports: (network) => {
      try {
        client(network);
        return true;
      } catch {
        return false;
      }
    },
    async lookup(network, txHash) {
      const c = client(network);
      const hash = txHash as Hex;
      count('eth_getTransactionReceipt');
      const receipt = await c.getTransactionReceipt({ hash }).catch((error: unknown) => {
        if (error instanceof Error && /could not be found|not found/i.test(error.message)) return null;
        throw error;
      });
      if (receipt === null) return { found: false };
      const time = await blockTime(network, receipt.blockNumber);
      const base = { network, txHash: txHash.toLowerCase(), blockNumber: receipt.blockNumber, blockHash: receipt.blockHash.toLowerCase(), blockTime: time };
      if (receipt.status !== 'success') return { found: true, succeeded: false, blockNumber: base.blockNumber, blockHash: base.blockHash, transfers: [] };
      const transfers: ChainTransfer[] = [];
      for (const log of receipt.logs) {
        if (log.topics[0] !== TRANSFER_TOPIC || log.topics.length !== 3) continue;
        const decoded = decodeEventLog({ abi: [TRANSFER_EVENT], data: log.data, topics: log.topics });
        transfers.push({
          ...base,
          logIndex: log.logIndex,
          token: log.address.toLowerCase(),
          from: decoded.args.from.toLowerCase(),
          to: decoded.args.to.toLowerCase(),
          amount: decoded.args.value,
        });
      }
      count('eth_getTransactionByHash');
      const tx = await c.getTransaction({ hash });
      if (tx.to && tx.value > 0n) {
        transfers.push({ ...base, logIndex: -1, token: null, from: tx.from.toLowerCase(), to: tx.to.toLowerCase(), amount: tx.value });
      }
      return { found: true, succeeded: true, blockNumber: base.blockNumber, blockHash: base.blockHash, transfers };
    },
    async head(network) {
      count('eth_blockNumber');
      return client(network).getBlockNumber({ cacheTime: 0 });
    },
    async transferLogs(network, q) {
      if (q.to.length === 0 || q.tokens.length === 0) return [];
      if (q.to.length > 1000) throw new Error('At most 1,000 addresses per eth_getLogs.');
      count('eth_getLogs');
      const logs = await client(network).request({
        method: 'eth_getLogs',
        params: [
          {
            address: q.tokens.map((t) => t as Address),
            topics: [TRANSFER_TOPIC, null, q.to.map(padTopic)],
            fromBlock: `0x${q.fromBlock.toString(16)}`,
            toBlock: `0x${q.toBlock.toString(16)}`,
          },
        ],
      });
      const result: ChainTransfer[] = [];
      for (const log of logs) {
        if (log.topics.length !== 3 || log.blockNumber === null || log.blockHash === null || log.transactionHash === null) continue;
        const decoded = decodeEventLog({ abi: [TRANSFER_EVENT], data: log.data, topics: log.topics as [Hex, ...Hex[]] });
        const blockNumber = BigInt(log.blockNumber);
        result.push({
          network,
          txHash: log.transactionHash.toLowerCase(),
          logIndex: Number(log.logIndex),
          token: log.address.toLowerCase(),
          from: decoded.args.from.toLowerCase(),
          to: decoded.args.to.toLowerCase(),
          amount: decoded.args.value,
          blockNumber,
          blockHash: log.blockHash.toLowerCase(),
          blockTime: await blockTime(network, blockNumber),
        });
      }
      return result;
    },
  };
}

/** The RPC endpoint of a network from the configuration: the devnet's local chain, a configured node or a public one. */
export function paymentChainFromConfig(config: Config, http?: HttpClient): PaymentChain {
  return createPaymentChain((network) => {
    const endpoint = config.chain.devnet?.[network] ?? { rpcUrl: config.chain.rpcUrls[network] ?? PUBLIC_RPC_URLS[network], chainId: CHAIN_IDS[network] };
    return createRpcPublicClient(endpoint, http ? { http } : {});
  });
}
