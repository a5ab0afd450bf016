import { http, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevnet, type Devnet } from '../../src/server/devnet/start-devnet';
import {
  ACCOUNT_ADDRESSES,
  DEVNET_CHAINS,
  DEVNET_PLANS,
  finalBalances,
  lastScenarioBlock,
  SCENARIO_ACCOUNTS,
  scenarioTransactions,
  scenarioTransfers,
  type DevnetChainKey,
  type ScenarioTransfer,
} from '../../src/server/devnet/scenario';
import { createRpcBalanceReader } from '../../src/server/providers/evm-balance/balance-reader';
import { scanNativeTransfers } from '../../src/server/providers/evm-balance/native-transfers';
import { createRpcPublicClient } from '../../src/server/providers/evm-balance/rpc-client';
import { createRpcHistoryProvider } from '../../src/server/providers/evm-balance/rpc-history-provider';
import { getLogsTransfers } from '../../src/server/providers/evm-balance/transfer-logs';
import type { EvmTransferPage, RawEvmTransfer } from '../../src/server/providers/evm-history/types';
import { createHttpClient } from '../../src/server/providers/http/http-client';

let devnet: Devnet;
const rpcUrl = (chain: DevnetChainKey) => (chain === 'ethereum' ? devnet.ethereumRpcUrl : devnet.polygonRpcUrl);
const endpoint = (chain: DevnetChainKey) => ({ rpcUrl: rpcUrl(chain), chainId: DEVNET_PLANS[chain].chainId });

beforeAll(async () => {
  devnet = await startDevnet({ ethereumPort: 0, polygonPort: 0 });
}, 30_000);

afterAll(async () => {
  await devnet?.stop();
});

async function collect(pages: AsyncIterable<EvmTransferPage>): Promise<{ items: RawEvmTransfer[]; lastBlocks: bigint[] }> {
  const items: RawEvmTransfer[] = [];
  const lastBlocks: bigint[] = [];
  for await (const page of pages) {
    items.push(...page.items);
    lastBlocks.push(page.lastBlock);
  }
  return { items, lastBlocks };
}

const comparable = (t: RawEvmTransfer | ScenarioTransfer) => ({
  kind: t.kind,
  blockNumber: t.blockNumber,
  timestamp: t.timestamp.toISOString(),
  transactionIndex: t.transactionIndex,
  logIndex: t.logIndex,
  from: t.from.toLowerCase(),
  to: t.to?.toLowerCase(),
  value: t.value,
  tokenAddress: t.tokenAddress?.toLowerCase(),
  tokenSymbol: t.tokenSymbol,
  tokenName: t.tokenName,
  tokenDecimals: t.tokenDecimals,
  tokenId: t.tokenId,
});

/** viem's HTTP transport, noting the JSON-RPC method of every request it sends. */
const countingTransport = (url: string, methods: string[]) =>
  http(url, {
    onFetchRequest: async (request) => {
      methods.push((JSON.parse(await request.clone().text()) as { method: string }).method);
    },
  });

const involves = (address: Address) => (t: { from: string; to: string | null }) =>
  t.from.toLowerCase() === address.toLowerCase() || t.to?.toLowerCase() === address.toLowerCase();

describe('RPC balance reader', () => {
  for (const chain of DEVNET_CHAINS) {
    it(`${chain}: reads every account's native, USDC and USDT balance in one Multicall3 eth_call`, async () => {
      const requests: string[] = [];
      const reader = createRpcBalanceReader(endpoint(chain), { transport: countingTransport(rpcUrl(chain), requests) });
      expect(await reader.hasMulticall3()).toBe(true);
      requests.length = 0;

      const tokens = [devnet.contracts.usdc, devnet.contracts.usdt];
      const snapshot = await reader.readBalances(SCENARIO_ACCOUNTS.map((account) => ({ address: ACCOUNT_ADDRESSES[account], tokens })));
      expect(requests).toEqual(['eth_call']);
      expect(snapshot.via).toBe('multicall3');
      expect(snapshot.blockNumber).toBe(lastScenarioBlock(chain));

      const expected = finalBalances(chain);
      expect(snapshot.balances).toEqual(
        SCENARIO_ACCOUNTS.map((account) => ({
          address: ACCOUNT_ADDRESSES[account],
          native: expected[account].native,
          tokens: [
            { token: devnet.contracts.usdc, balance: expected[account].tokens.USDC, error: null },
            { token: devnet.contracts.usdt, balance: expected[account].tokens.USDT, error: null },
          ],
        })),
      );
    });
  }

  it('reports a failing token without losing the others, and splits large reads at one block', async () => {
    const requests: string[] = [];
    const reader = createRpcBalanceReader(endpoint('ethereum'), { maxCallsPerRequest: 2, transport: countingTransport(devnet.ethereumRpcUrl, requests) });
    await reader.hasMulticall3();
    requests.length = 0;
    const notAToken = ACCOUNT_ADDRESSES.bob;
    const result = await reader.readBalance(ACCOUNT_ADDRESSES.alice, [devnet.contracts.usdc, notAToken, devnet.contracts.usdt]);
    const expected = finalBalances('ethereum').alice;
    expect(result.via).toBe('multicall3');
    // Five calls (block number, native, three tokens) at two per request: three eth_calls, the block fixed by the first.
    expect(requests).toEqual(['eth_call', 'eth_call', 'eth_call']);
    expect(result.blockNumber).toBe(lastScenarioBlock('ethereum'));
    expect(result.native).toBe(expected.native);
    expect(result.tokens[0]).toEqual({ token: devnet.contracts.usdc, balance: expected.tokens.USDC, error: null });
    expect(result.tokens[1]?.balance).toBeNull();
    expect(result.tokens[1]?.error).toBeTruthy();
    expect(result.tokens[2]).toEqual({ token: devnet.contracts.usdt, balance: expected.tokens.USDT, error: null });
  });

  it('reads at a past block', async () => {
    const reader = createRpcBalanceReader(endpoint('ethereum'));
    // After block 2 alice holds the 10 ETH and 5,000 USDC she was sent, nothing else yet.
    const atBlock2 = await reader.readBalance(ACCOUNT_ADDRESSES.alice, [devnet.contracts.usdc], { blockNumber: 2n });
    expect(atBlock2.blockNumber).toBe(2n);
    expect(atBlock2.native).toBe(10n * 10n ** 18n);
    expect(atBlock2.tokens[0]?.balance).toBe(5_000_000_000n);
  });

  it('falls back to plain eth_call when Multicall3 is absent', async () => {
    const reader = createRpcBalanceReader(endpoint('polygon'), { multicall3Address: '0x000000000000000000000000000000000000dEaD' });
    expect(await reader.hasMulticall3()).toBe(false);
    const expected = finalBalances('polygon');
    const snapshot = await reader.readBalances([
      { address: ACCOUNT_ADDRESSES.alice, tokens: [devnet.contracts.usdc, devnet.contracts.usdt, ACCOUNT_ADDRESSES.carol] },
      { address: ACCOUNT_ADDRESSES.bob, tokens: [devnet.contracts.usdc] },
    ]);
    expect(snapshot.via).toBe('eth_call');
    expect(snapshot.blockNumber).toBe(lastScenarioBlock('polygon'));
    expect(snapshot.balances[0]?.native).toBe(expected.alice.native);
    expect(snapshot.balances[0]?.tokens.map((t) => t.balance)).toEqual([expected.alice.tokens.USDC, expected.alice.tokens.USDT, null]);
    expect(snapshot.balances[1]?.tokens.map((t) => t.balance)).toEqual([expected.bob.tokens.USDC]);
  });

  it('sends its requests through the provider HTTP client when given one', async () => {
    const reader = createRpcBalanceReader(endpoint('ethereum'), { http: createHttpClient() });
    const result = await reader.readBalance(ACCOUNT_ADDRESSES.bob, [devnet.contracts.usdt]);
    expect(result.via).toBe('multicall3');
    expect(result.tokens[0]?.balance).toBe(finalBalances('ethereum').bob.tokens.USDT);
  });
});

describe('transfers over RPC', () => {
  for (const chain of DEVNET_CHAINS) {
    it(`${chain}: getLogsTransfers returns exactly the scenario's token transfers`, async () => {
      const client = createRpcPublicClient(endpoint(chain));
      const all = await collect(getLogsTransfers(client, { fromBlock: 0n, blockRange: 2n }));
      expect(all.items.map(comparable)).toEqual(scenarioTransfers(chain).map(comparable));
      // One page per 2-block range that holds transfers, in order.
      expect(all.lastBlocks).toEqual([...all.lastBlocks].sort((a, b) => (a < b ? -1 : 1)));
      expect(all.lastBlocks.every((b) => b % 2n === 1n)).toBe(true);

      const transactions = scenarioTransactions(chain);
      for (const t of all.items) {
        const tx = transactions.find((x) => x.blockNumber === t.blockNumber && x.transactionIndex === t.transactionIndex);
        expect({ gasUsed: t.gasUsed, gasPrice: t.gasPrice, gas: t.gas, isError: t.isError }).toEqual({
          gasUsed: tx?.gasUsed,
          gasPrice: DEVNET_PLANS[chain].gasPrice,
          gas: tx?.gasLimit,
          isError: false,
        });
        expect(t.hash).toMatch(/^0x[0-9a-f]{64}$/);
      }

      for (const account of ['alice', 'bob', 'carol'] as const) {
        const address = ACCOUNT_ADDRESSES[account];
        const mine = await collect(getLogsTransfers(client, { address, fromBlock: 0n }));
        expect(mine.items.map(comparable)).toEqual(scenarioTransfers(chain).filter(involves(address)).map(comparable));
      }
    });

    it(`${chain}: scanNativeTransfers returns each account's transactions, failures included`, async () => {
      const client = createRpcPublicClient(endpoint(chain));
      for (const account of SCENARIO_ACCOUNTS) {
        const address = ACCOUNT_ADDRESSES[account];
        const found = await collect(scanNativeTransfers(client, { address, fromBlock: 0n, pageBlocks: 3n }));
        const expected = scenarioTransactions(chain).filter(involves(address));
        expect(
          found.items.map((t) => ({
            blockNumber: t.blockNumber,
            timestamp: t.timestamp.toISOString(),
            transactionIndex: t.transactionIndex,
            from: t.from,
            to: t.to,
            value: t.value,
            gas: t.gas,
            gasPrice: t.gasPrice,
            gasUsed: t.gasUsed,
            isError: t.isError,
            contractAddress: t.contractAddress,
          })),
        ).toEqual(
          expected.map((t) => ({
            blockNumber: t.blockNumber,
            timestamp: t.timestamp.toISOString(),
            transactionIndex: t.transactionIndex,
            from: t.from.toLowerCase(),
            to: t.to?.toLowerCase() ?? null,
            value: t.value,
            gas: t.gasLimit,
            gasPrice: t.gasPrice,
            gasUsed: t.gasUsed,
            isError: t.isError,
            contractAddress: t.contractAddress?.toLowerCase() ?? null,
          })),
        );
      }
    });
  }

  it('serves the sync as an EvmHistoryProvider for the configured networks', async () => {
    const provider = createRpcHistoryProvider({
      endpoints: { ETHEREUM: endpoint('ethereum'), POLYGON: endpoint('polygon') },
    });
    expect(provider.supports('ETHEREUM')).toBe(true);
    expect(provider.supports('POLYGON')).toBe(true);
    expect(provider.supports('FANTOM')).toBe(false);

    const carol = ACCOUNT_ADDRESSES.carol;
    const nfts = await collect(provider.listTransfers({ network: 'ETHEREUM', address: carol, kind: 'erc721', fromBlock: 0n }));
    expect(nfts.items.map((t) => [t.kind, t.tokenId, t.tokenSymbol, t.tokenDecimals, t.to])).toEqual([['erc721', 1n, 'LLDC', 0, carol.toLowerCase()]]);

    const polygonErc20 = await collect(provider.listTransfers({ network: 'POLYGON', address: ACCOUNT_ADDRESSES.bob, kind: 'erc20', fromBlock: 3n, toBlock: 4n }));
    expect(polygonErc20.items.map(comparable)).toEqual(
      scenarioTransfers('polygon').filter((t) => t.kind === 'erc20' && t.blockNumber >= 3n && t.blockNumber <= 4n).filter(involves(ACCOUNT_ADDRESSES.bob)).map(comparable),
    );

    const normal = await collect(provider.listTransfers({ network: 'POLYGON', address: ACCOUNT_ADDRESSES.bob, kind: 'normal', fromBlock: 5n }));
    expect(normal.items.map((t) => t.isError)).toEqual([true, false, false]);
    expect(normal.items[0]?.methodId).toBe('0xa9059cbb');
    expect(normal.items[2]?.methodId).toBe('0x');

    expect((await collect(provider.listTransfers({ network: 'ETHEREUM', address: carol, kind: 'internal', fromBlock: 0n }))).items).toEqual([]);
    await expect(collect(provider.listTransfers({ network: 'FANTOM', address: carol, kind: 'erc20', fromBlock: 0n }))).rejects.toThrow(
      'No JSON-RPC endpoint is configured for FANTOM.',
    );
  });
});
