/**
 * What the local chains hold once `npm run devnet` (or startDevnet) has run its scripted activity: the accounts,
 * the contract addresses, every transaction and token transfer, and the final balances. Everything here follows
 * from the plan in scenario-plan.ts, so tests can compare a sync of the local chains against it.
 */
import type { Address } from 'viem';
import { parseEther } from 'viem';
import { ACCOUNT_ADDRESSES, PREFUNDED_BALANCE_ETHER, SCENARIO_ACCOUNTS, type ScenarioAccount } from './accounts';
import { CONTRACT_ADDRESSES, NFT_DEFINITION, TOKEN_DEFINITIONS } from './contracts';
import {
  CALL_GAS_LIMIT,
  DEPLOY_GAS_LIMIT,
  DEVNET_PLANS,
  NATIVE_GAS_LIMIT,
  type DevnetChainKey,
  type ScenarioAction,
  type ScenarioToken,
} from './scenario-plan';

export { ACCOUNT_ADDRESSES, SCENARIO_ACCOUNTS, type ScenarioAccount } from './accounts';
export { CONTRACT_ADDRESSES, MULTICALL3_ADDRESS, NFT_DEFINITION, TOKEN_DEFINITIONS } from './contracts';
export { DEVNET_PLANS, type DevnetChainKey, type DevnetChainPlan, type ScenarioAction, type ScenarioToken } from './scenario-plan';

export const DEVNET_CHAINS: readonly DevnetChainKey[] = ['ethereum', 'polygon'];

/** A mined transaction of the scripted activity. */
export interface ScenarioTransaction {
  blockNumber: bigint;
  timestamp: Date;
  transactionIndex: number;
  from: Address;
  /** null for a contract creation. */
  to: Address | null;
  value: bigint;
  gasLimit: bigint;
  gasPrice: bigint;
  gasUsed: bigint;
  /** gasUsed x gasPrice, paid by `from`. */
  fee: bigint;
  isError: boolean;
  /** The created contract, for a deployment. */
  contractAddress: Address | null;
  action: ScenarioAction;
}

/** A Transfer event of the scripted activity (ERC-20 amount or ERC-721 token id). */
export interface ScenarioTransfer {
  kind: 'erc20' | 'erc721';
  blockNumber: bigint;
  timestamp: Date;
  transactionIndex: number;
  logIndex: number;
  from: Address;
  to: Address;
  /** Token base units for ERC-20; 1 for an ERC-721 token. */
  value: bigint;
  tokenAddress: Address;
  tokenSymbol: string;
  tokenName: string;
  tokenDecimals: number;
  tokenId: bigint | null;
}

export interface ScenarioBalances {
  /** Native balance in wei. */
  native: bigint;
  tokens: Record<ScenarioToken, bigint>;
  /** ERC-721 token ids of the devnet collection held at the end, ascending. */
  nfts: bigint[];
}

const ZERO: Address = '0x0000000000000000000000000000000000000000';

function sender(action: ScenarioAction): ScenarioAccount {
  switch (action.type) {
    case 'deploy':
    case 'mint-token':
    case 'mint-nft':
      return 'deployer';
    default:
      return action.from;
  }
}

function target(action: ScenarioAction): { to: Address | null; value: bigint; gasLimit: bigint } {
  switch (action.type) {
    case 'deploy':
      return { to: null, value: 0n, gasLimit: DEPLOY_GAS_LIMIT };
    case 'native':
      return { to: ACCOUNT_ADDRESSES[action.to], value: action.value, gasLimit: NATIVE_GAS_LIMIT };
    case 'mint-token':
    case 'token-transfer':
    case 'failed-token-transfer':
      return { to: CONTRACT_ADDRESSES[action.token], value: 0n, gasLimit: CALL_GAS_LIMIT };
    case 'mint-nft':
    case 'nft-transfer':
      return { to: CONTRACT_ADDRESSES.NFT, value: 0n, gasLimit: CALL_GAS_LIMIT };
  }
}

export function scenarioTransactions(chain: DevnetChainKey): ScenarioTransaction[] {
  const plan = DEVNET_PLANS[chain];
  return plan.blocks.flatMap((block) =>
    block.steps.map((step, transactionIndex) => {
      const { to, value, gasLimit } = target(step.action);
      return {
        blockNumber: block.number,
        timestamp: new Date(block.timestamp * 1000),
        transactionIndex,
        from: ACCOUNT_ADDRESSES[sender(step.action)],
        to,
        value,
        gasLimit,
        gasPrice: plan.gasPrice,
        gasUsed: step.gasUsed,
        fee: step.gasUsed * plan.gasPrice,
        isError: step.action.type === 'failed-token-transfer',
        contractAddress: step.action.type === 'deploy' ? CONTRACT_ADDRESSES[step.action.contract] : null,
        action: step.action,
      };
    }),
  );
}

function transferOf(action: ScenarioAction): Omit<ScenarioTransfer, 'blockNumber' | 'timestamp' | 'transactionIndex' | 'logIndex'> | null {
  const nft = {
    kind: 'erc721' as const,
    value: 1n,
    tokenAddress: CONTRACT_ADDRESSES.NFT,
    tokenSymbol: NFT_DEFINITION.symbol,
    tokenName: NFT_DEFINITION.name,
    tokenDecimals: 0,
  };
  const token = (symbol: ScenarioToken) => ({
    kind: 'erc20' as const,
    tokenAddress: CONTRACT_ADDRESSES[symbol],
    tokenSymbol: TOKEN_DEFINITIONS[symbol].symbol,
    tokenName: TOKEN_DEFINITIONS[symbol].name,
    tokenDecimals: TOKEN_DEFINITIONS[symbol].decimals,
    tokenId: null,
  });
  switch (action.type) {
    case 'mint-token':
      return { ...token(action.token), from: ZERO, to: ACCOUNT_ADDRESSES[action.to], value: action.amount };
    case 'token-transfer':
      return { ...token(action.token), from: ACCOUNT_ADDRESSES[action.from], to: ACCOUNT_ADDRESSES[action.to], value: action.amount };
    case 'mint-nft':
      return { ...nft, from: ZERO, to: ACCOUNT_ADDRESSES[action.to], tokenId: action.tokenId };
    case 'nft-transfer':
      return { ...nft, from: ACCOUNT_ADDRESSES[action.from], to: ACCOUNT_ADDRESSES[action.to], tokenId: action.tokenId };
    default:
      return null;
  }
}

/** Every Transfer event, in chain order (block, then log index). Reverted transactions emit none. */
export function scenarioTransfers(chain: DevnetChainKey): ScenarioTransfer[] {
  const result: ScenarioTransfer[] = [];
  for (const block of DEVNET_PLANS[chain].blocks) {
    let logIndex = 0;
    block.steps.forEach((step, transactionIndex) => {
      const transfer = transferOf(step.action);
      if (!transfer) return;
      result.push({ ...transfer, blockNumber: block.number, timestamp: new Date(block.timestamp * 1000), transactionIndex, logIndex });
      logIndex += 1;
    });
  }
  return result;
}

/** Balances of the well-known accounts after the scripted activity. */
export function finalBalances(chain: DevnetChainKey): Record<ScenarioAccount, ScenarioBalances> {
  const balances = Object.fromEntries(
    SCENARIO_ACCOUNTS.map((account) => [
      account,
      { native: account === 'deployer' ? parseEther(PREFUNDED_BALANCE_ETHER.toString()) : 0n, tokens: { USDC: 0n, USDT: 0n }, nfts: [] as bigint[] },
    ]),
  ) as Record<ScenarioAccount, ScenarioBalances>;
  const plan = DEVNET_PLANS[chain];

  for (const block of plan.blocks) {
    for (const { action, gasUsed } of block.steps) {
      balances[sender(action)].native -= gasUsed * plan.gasPrice;
      switch (action.type) {
        case 'native':
          balances[action.from].native -= action.value;
          balances[action.to].native += action.value;
          break;
        case 'mint-token':
          balances[action.to].tokens[action.token] += action.amount;
          break;
        case 'token-transfer':
          balances[action.from].tokens[action.token] -= action.amount;
          balances[action.to].tokens[action.token] += action.amount;
          break;
        case 'mint-nft':
          balances[action.to].nfts.push(action.tokenId);
          break;
        case 'nft-transfer':
          balances[action.from].nfts = balances[action.from].nfts.filter((id) => id !== action.tokenId);
          balances[action.to].nfts.push(action.tokenId);
          break;
        case 'deploy':
        case 'failed-token-transfer':
          break;
      }
    }
  }
  for (const account of SCENARIO_ACCOUNTS) balances[account].nfts.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return balances;
}

/** The last scripted block; blocks after it (mined later by hand or by tests) are not part of the scenario. */
export function lastScenarioBlock(chain: DevnetChainKey): bigint {
  const blocks = DEVNET_PLANS[chain].blocks;
  return blocks[blocks.length - 1]?.number ?? 0n;
}
