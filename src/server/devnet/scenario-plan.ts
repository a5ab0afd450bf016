import { parseEther, parseUnits } from 'viem';
import type { ScenarioAccount } from './accounts';
import type { DevnetContract } from './contracts';

export type DevnetChainKey = 'ethereum' | 'polygon';
export type ScenarioToken = 'USDC' | 'USDT';

/** One scripted transaction. Deployments and mints are sent by the deployer (the contracts' owner). */
export type ScenarioAction =
  | { type: 'deploy'; contract: DevnetContract }
  | { type: 'native'; from: ScenarioAccount; to: ScenarioAccount; value: bigint }
  | { type: 'mint-token'; token: ScenarioToken; to: ScenarioAccount; amount: bigint }
  | { type: 'token-transfer'; token: ScenarioToken; from: ScenarioAccount; to: ScenarioAccount; amount: bigint }
  | { type: 'mint-nft'; to: ScenarioAccount; tokenId: bigint }
  | { type: 'nft-transfer'; from: ScenarioAccount; to: ScenarioAccount; tokenId: bigint }
  /** A token transfer above the sender's balance: mined, reverted, its gas paid. */
  | { type: 'failed-token-transfer'; token: ScenarioToken; from: ScenarioAccount; to: ScenarioAccount; amount: bigint };

export interface ScenarioStep {
  action: ScenarioAction;
  /**
   * Gas the committed bytecode uses for this step (anvil, --hardfork prague). Fees and final native balances
   * follow from it; the devnet compares every receipt with it, so a changed contract cannot drift unnoticed.
   */
  gasUsed: bigint;
}

export interface ScenarioBlock {
  number: bigint;
  /** Unix seconds. */
  timestamp: number;
  steps: ScenarioStep[];
}

export interface DevnetChainPlan {
  key: DevnetChainKey;
  network: 'ETHEREUM' | 'POLYGON';
  chainId: number;
  nativeSymbol: string;
  /** Unix seconds of block 0 (anvil --timestamp). */
  genesisTimestamp: number;
  /** Every scripted transaction is a legacy transaction at this gas price, so its fee is gasUsed x gasPrice. */
  gasPrice: bigint;
  blocks: ScenarioBlock[];
}

/** Gas limit of every scripted contract call and of the deployments; native transfers use 21,000. */
export const CALL_GAS_LIMIT = 200_000n;
export const DEPLOY_GAS_LIMIT = 3_000_000n;
export const NATIVE_GAS_LIMIT = 21_000n;

const at = (iso: string): number => Date.parse(iso) / 1000;
const usd = (amount: string): bigint => parseUnits(amount, 6);
const GENESIS = at('2024-01-01T00:00:00Z');

const deployments = (gas: { usdc: bigint; usdt: bigint; nft: bigint }): ScenarioStep[] => [
  { action: { type: 'deploy', contract: 'USDC' }, gasUsed: gas.usdc },
  { action: { type: 'deploy', contract: 'USDT' }, gasUsed: gas.usdt },
  { action: { type: 'deploy', contract: 'NFT' }, gasUsed: gas.nft },
];

export const ETHEREUM_PLAN: DevnetChainPlan = {
  key: 'ethereum',
  network: 'ETHEREUM',
  chainId: 1,
  nativeSymbol: 'ETH',
  genesisTimestamp: GENESIS,
  gasPrice: parseUnits('20', 9),
  blocks: [
    {
      number: 1n,
      timestamp: at('2024-01-01T09:00:00Z'),
      steps: deployments({ usdc: 496_733n, usdt: 496_757n, nft: 981_496n }),
    },
    {
      number: 2n,
      timestamp: at('2024-01-02T10:00:00Z'),
      steps: [
        { action: { type: 'native', from: 'deployer', to: 'alice', value: parseEther('10') }, gasUsed: 21_000n },
        { action: { type: 'native', from: 'deployer', to: 'bob', value: parseEther('5') }, gasUsed: 21_000n },
        { action: { type: 'mint-token', token: 'USDC', to: 'alice', amount: usd('5000') }, gasUsed: 68_205n },
        { action: { type: 'mint-token', token: 'USDT', to: 'bob', amount: usd('2500') }, gasUsed: 68_205n },
      ],
    },
    {
      number: 3n,
      timestamp: at('2024-01-03T14:30:00Z'),
      steps: [
        { action: { type: 'native', from: 'alice', to: 'bob', value: parseEther('1.5') }, gasUsed: 21_000n },
        { action: { type: 'token-transfer', token: 'USDC', from: 'alice', to: 'bob', amount: usd('250.5') }, gasUsed: 51_393n },
      ],
    },
    {
      number: 4n,
      timestamp: at('2024-01-06T08:15:00Z'),
      steps: [
        { action: { type: 'token-transfer', token: 'USDT', from: 'bob', to: 'alice', amount: usd('100') }, gasUsed: 51_369n },
        { action: { type: 'native', from: 'bob', to: 'carol', value: parseEther('0.25') }, gasUsed: 21_000n },
        { action: { type: 'token-transfer', token: 'USDC', from: 'bob', to: 'alice', amount: usd('0.5') }, gasUsed: 34_269n },
      ],
    },
    {
      number: 5n,
      timestamp: at('2024-01-10T12:00:00Z'),
      steps: [
        { action: { type: 'mint-nft', to: 'alice', tokenId: 1n }, gasUsed: 90_398n },
        { action: { type: 'mint-nft', to: 'bob', tokenId: 2n }, gasUsed: 73_310n },
        { action: { type: 'token-transfer', token: 'USDC', from: 'alice', to: 'carol', amount: usd('1000') }, gasUsed: 51_381n },
      ],
    },
    {
      number: 6n,
      timestamp: at('2024-01-15T16:45:00Z'),
      steps: [
        { action: { type: 'nft-transfer', from: 'alice', to: 'carol', tokenId: 1n }, gasUsed: 57_394n },
        { action: { type: 'failed-token-transfer', token: 'USDT', from: 'bob', to: 'alice', amount: usd('10000') }, gasUsed: 24_410n },
      ],
    },
    {
      number: 7n,
      timestamp: at('2024-01-21T11:20:00Z'),
      steps: [
        { action: { type: 'token-transfer', token: 'USDT', from: 'alice', to: 'bob', amount: usd('40.25') }, gasUsed: 34_293n },
        { action: { type: 'native', from: 'carol', to: 'alice', value: parseEther('0.01') }, gasUsed: 21_000n },
        { action: { type: 'token-transfer', token: 'USDC', from: 'carol', to: 'bob', amount: usd('20') }, gasUsed: 34_281n },
      ],
    },
  ],
};

export const POLYGON_PLAN: DevnetChainPlan = {
  key: 'polygon',
  network: 'POLYGON',
  chainId: 137,
  nativeSymbol: 'POL',
  genesisTimestamp: GENESIS,
  gasPrice: parseUnits('50', 9),
  blocks: [
    {
      number: 1n,
      timestamp: at('2024-01-01T12:00:00Z'),
      steps: deployments({ usdc: 496_733n, usdt: 496_757n, nft: 981_496n }),
    },
    {
      number: 2n,
      timestamp: at('2024-01-04T09:00:00Z'),
      steps: [
        { action: { type: 'native', from: 'deployer', to: 'alice', value: parseEther('250') }, gasUsed: 21_000n },
        { action: { type: 'native', from: 'deployer', to: 'bob', value: parseEther('40') }, gasUsed: 21_000n },
        { action: { type: 'mint-token', token: 'USDC', to: 'alice', amount: usd('1200') }, gasUsed: 68_193n },
        { action: { type: 'mint-token', token: 'USDT', to: 'alice', amount: usd('800') }, gasUsed: 68_193n },
      ],
    },
    {
      number: 3n,
      timestamp: at('2024-01-08T18:00:00Z'),
      steps: [
        { action: { type: 'token-transfer', token: 'USDC', from: 'alice', to: 'bob', amount: usd('300') }, gasUsed: 51_381n },
        { action: { type: 'native', from: 'alice', to: 'bob', value: parseEther('12.5') }, gasUsed: 21_000n },
        { action: { type: 'token-transfer', token: 'USDT', from: 'alice', to: 'bob', amount: usd('200') }, gasUsed: 51_381n },
      ],
    },
    {
      number: 4n,
      timestamp: at('2024-01-12T07:30:00Z'),
      steps: [
        { action: { type: 'token-transfer', token: 'USDC', from: 'bob', to: 'alice', amount: usd('75.125') }, gasUsed: 34_281n },
        { action: { type: 'token-transfer', token: 'USDT', from: 'bob', to: 'alice', amount: usd('50') }, gasUsed: 34_281n },
        { action: { type: 'mint-nft', to: 'bob', tokenId: 1n }, gasUsed: 90_410n },
      ],
    },
    {
      number: 5n,
      timestamp: at('2024-01-18T20:00:00Z'),
      steps: [
        { action: { type: 'failed-token-transfer', token: 'USDC', from: 'bob', to: 'alice', amount: usd('5000') }, gasUsed: 24_410n },
        { action: { type: 'nft-transfer', from: 'bob', to: 'alice', tokenId: 1n }, gasUsed: 57_394n },
        { action: { type: 'native', from: 'bob', to: 'carol', value: parseEther('2') }, gasUsed: 21_000n },
      ],
    },
  ],
};

export const DEVNET_PLANS: Record<DevnetChainKey, DevnetChainPlan> = {
  ethereum: ETHEREUM_PLAN,
  polygon: POLYGON_PLAN,
};
