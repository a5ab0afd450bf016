import { createPublicClient, erc20Abi, formatUnits, http, parseEther, type PublicClient } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import multicall3 from '../fixtures/contracts/multicall3.json';
import { devnetEndpoints } from '../../src/server/devnet/devnet-endpoints';
import { startDevnet, type Devnet } from '../../src/server/devnet/start-devnet';
import {
  ACCOUNT_ADDRESSES,
  CONTRACT_ADDRESSES,
  DEVNET_CHAINS,
  DEVNET_PLANS,
  finalBalances,
  lastScenarioBlock,
  scenarioTransactions,
  scenarioTransfers,
} from '../../src/server/devnet/scenario';

describe('scenario (pure)', () => {
  it('adds up to hand-checked balances', () => {
    const eth = finalBalances('ethereum');
    // USDC on Ethereum: alice 5000 - 250.5 + 0.5 - 1000; bob 250.5 - 0.5 + 20; carol 1000 - 20.
    expect(formatUnits(eth.alice.tokens.USDC, 6)).toBe('3750');
    expect(formatUnits(eth.bob.tokens.USDC, 6)).toBe('270');
    expect(formatUnits(eth.carol.tokens.USDC, 6)).toBe('980');
    // USDT: bob 2500 - 100 + 40.25 (the 10,000 transfer reverted); alice 100 - 40.25.
    expect(formatUnits(eth.bob.tokens.USDT, 6)).toBe('2440.25');
    expect(formatUnits(eth.alice.tokens.USDT, 6)).toBe('59.75');
    expect(eth.carol.nfts).toEqual([1n]);
    expect(eth.bob.nfts).toEqual([2n]);
    expect(eth.alice.nfts).toEqual([]);
    // alice: +10 ETH, -1.5 ETH, +0.01 ETH, and five transactions' fees at 20 gwei.
    const aliceGas = 21_000n + 51_393n + 51_381n + 57_394n + 34_293n;
    expect(eth.alice.native).toBe(parseEther('8.51') - aliceGas * 20_000_000_000n);

    const pol = finalBalances('polygon');
    expect(formatUnits(pol.alice.tokens.USDC, 6)).toBe('975.125');
    expect(formatUnits(pol.alice.tokens.USDT, 6)).toBe('650');
    expect(pol.alice.nfts).toEqual([1n]);
    expect(pol.carol.native).toBe(parseEther('2'));
  });

  it('numbers log indexes per block and leaves failed transactions without transfers', () => {
    const transfers = scenarioTransfers('ethereum');
    const block5 = transfers.filter((t) => t.blockNumber === 5n);
    expect(block5.map((t) => [t.kind, t.logIndex, t.transactionIndex])).toEqual([
      ['erc721', 0, 0],
      ['erc721', 1, 1],
      ['erc20', 2, 2],
    ]);
    const failed = scenarioTransactions('ethereum').filter((t) => t.isError);
    expect(failed).toHaveLength(1);
    expect(transfers.some((t) => t.blockNumber === failed[0]?.blockNumber && t.transactionIndex === failed[0]?.transactionIndex)).toBe(false);
  });
});

describe('devnetEndpoints', () => {
  it('points ETHEREUM and POLYGON at the devnet ports', () => {
    expect(devnetEndpoints({})).toEqual({
      ETHEREUM: { rpcUrl: 'http://127.0.0.1:8545', chainId: 1 },
      POLYGON: { rpcUrl: 'http://127.0.0.1:8546', chainId: 137 },
    });
    expect(devnetEndpoints({ DEVNET_ETHEREUM_PORT: '9545', DEVNET_POLYGON_PORT: '9546' }).POLYGON?.rpcUrl).toBe('http://127.0.0.1:9546');
    expect(() => devnetEndpoints({ DEVNET_ETHEREUM_PORT: 'eight' })).toThrow('DEVNET_ETHEREUM_PORT must be a port number');
  });
});

describe('startDevnet', () => {
  let devnet: Devnet;
  const clients = {} as Record<'ethereum' | 'polygon', PublicClient>;

  beforeAll(async () => {
    devnet = await startDevnet({ ethereumPort: 0, polygonPort: 0 });
    clients.ethereum = createPublicClient({ transport: http(devnet.ethereumRpcUrl, { retryCount: 0 }) });
    clients.polygon = createPublicClient({ transport: http(devnet.polygonRpcUrl, { retryCount: 0 }) });
  }, 30_000);

  afterAll(async () => {
    await devnet?.stop();
  });

  it('serves Ethereum as chain id 1 and Polygon as chain id 137 on loopback', async () => {
    expect(devnet.ethereumRpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await clients.ethereum.getChainId()).toBe(1);
    expect(await clients.polygon.getChainId()).toBe(137);
    expect(devnet.contracts).toEqual({
      multicall3: '0xcA11bde05977b3631167028862bE2a173976CA11',
      usdc: CONTRACT_ADDRESSES.USDC,
      usdt: CONTRACT_ADDRESSES.USDT,
      nft: CONTRACT_ADDRESSES.NFT,
    });
  });

  for (const chain of DEVNET_CHAINS) {
    it(`${chain}: places Multicall3 and deploys the 6-decimal tokens and the NFT`, async () => {
      const client = clients[chain];
      expect(await client.getCode({ address: devnet.contracts.multicall3 })).toBe(multicall3.deployedBytecode);
      for (const [token, symbol] of [[devnet.contracts.usdc, 'USDC'], [devnet.contracts.usdt, 'USDT']] as const) {
        expect(await client.readContract({ address: token, abi: erc20Abi, functionName: 'symbol' })).toBe(symbol);
        expect(await client.readContract({ address: token, abi: erc20Abi, functionName: 'decimals' })).toBe(6);
      }
      expect((await client.getCode({ address: devnet.contracts.nft }))?.length).toBeGreaterThan(100);
    });

    it(`${chain}: mined every scripted block at its set timestamp, with the planned transactions`, async () => {
      const client = clients[chain];
      const plan = DEVNET_PLANS[chain];
      expect(await client.getBlockNumber()).toBe(lastScenarioBlock(chain));
      expect((await client.getBlock({ blockNumber: 0n })).timestamp).toBe(BigInt(plan.genesisTimestamp));

      for (const expected of scenarioTransactions(chain)) {
        const block = await client.getBlock({ blockNumber: expected.blockNumber, includeTransactions: true });
        expect(block.timestamp).toBe(BigInt(expected.timestamp.getTime() / 1000));
        const tx = block.transactions[expected.transactionIndex];
        if (!tx) throw new Error(`block ${expected.blockNumber} lacks transaction ${expected.transactionIndex}`);
        const receipt = await client.getTransactionReceipt({ hash: tx.hash });
        expect({ from: tx.from, to: tx.to, value: tx.value, gasPrice: tx.gasPrice, gasUsed: receipt.gasUsed, failed: receipt.status === 'reverted' }).toEqual({
          from: expected.from.toLowerCase(),
          to: expected.to?.toLowerCase() ?? null,
          value: expected.value,
          gasPrice: expected.gasPrice,
          gasUsed: expected.gasUsed,
          failed: expected.isError,
        });
      }
      const counted = (await Promise.all(plan.blocks.map((b) => client.getBlockTransactionCount({ blockNumber: b.number })))).reduce((a, b) => a + b, 0);
      expect(counted).toBe(scenarioTransactions(chain).length);
    });

    it(`${chain}: leaves automatic mining on for later use`, async () => {
      expect(await clients[chain].request({ method: 'anvil_getAutomine' } as never)).toBe(true);
    });
  }

  it('well-known accounts start with nothing but their scripted history', async () => {
    // carol only ever received native value from bob and sent 0.01 ETH (and a USDC transfer) on Ethereum.
    const balance = await clients.ethereum.getBalance({ address: ACCOUNT_ADDRESSES.carol });
    expect(balance).toBe(finalBalances('ethereum').carol.native);
    expect(await clients.ethereum.getTransactionCount({ address: ACCOUNT_ADDRESSES.carol })).toBe(2);
  });

  it('moves the clock to the present after the scenario: later blocks carry the current time', async () => {
    const before = Math.floor(Date.now() / 1000);
    await clients.polygon.request({ method: 'evm_mine' } as never);
    const block = await clients.polygon.getBlock();
    expect(block.number).toBe(lastScenarioBlock('polygon') + 1n);
    expect(Number(block.timestamp)).toBeGreaterThanOrEqual(before - 1);
    expect(Number(block.timestamp)).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 1);
  });

  it('stop() ends both nodes', async () => {
    await devnet.stop();
    await expect(clients.ethereum.getChainId()).rejects.toThrow();
    await expect(clients.polygon.getChainId()).rejects.toThrow();
  });
});
