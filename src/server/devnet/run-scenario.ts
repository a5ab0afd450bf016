import {
  createPublicClient,
  defineChain,
  encodeDeployData,
  encodeFunctionData,
  erc20Abi,
  erc721Abi,
  http,
  parseAbi,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem';
import { mnemonicToAccount, type HDAccount } from 'viem/accounts';
import { ACCOUNT_ADDRESSES, ACCOUNT_INDEX, DEVNET_MNEMONIC, SCENARIO_ACCOUNTS, type ScenarioAccount } from './accounts';
import {
  CONTRACT_ADDRESSES,
  MOCK_NFT,
  MOCK_TOKEN,
  MULTICALL3_ADDRESS,
  MULTICALL3_RUNTIME,
  NFT_DEFINITION,
  TOKEN_DEFINITIONS,
} from './contracts';
import type { DevnetChainPlan, ScenarioAction } from './scenario-plan';
import { scenarioTransactions, type ScenarioTransaction } from './scenario';

const ownerAbi = parseAbi(['function mint(address to, uint256 value)', 'function mint(address to) returns (uint256)']);

function deriveAccounts(): Record<ScenarioAccount, HDAccount> {
  const accounts = Object.fromEntries(
    SCENARIO_ACCOUNTS.map((name) => [name, mnemonicToAccount(DEVNET_MNEMONIC, { addressIndex: ACCOUNT_INDEX[name] })]),
  ) as Record<ScenarioAccount, HDAccount>;
  for (const name of SCENARIO_ACCOUNTS) {
    if (accounts[name].address !== ACCOUNT_ADDRESSES[name]) {
      throw new Error(`Devnet account ${name} derives to ${accounts[name].address}, not ${ACCOUNT_ADDRESSES[name]}.`);
    }
  }
  return accounts;
}

function callData(action: ScenarioAction): Hex {
  switch (action.type) {
    case 'deploy':
      return action.contract === 'NFT'
        ? encodeDeployData({
            abi: MOCK_NFT.abi,
            bytecode: MOCK_NFT.bytecode,
            args: [NFT_DEFINITION.name, NFT_DEFINITION.symbol, NFT_DEFINITION.baseUri],
          })
        : encodeDeployData({
            abi: MOCK_TOKEN.abi,
            bytecode: MOCK_TOKEN.bytecode,
            args: [TOKEN_DEFINITIONS[action.contract].name, TOKEN_DEFINITIONS[action.contract].symbol, TOKEN_DEFINITIONS[action.contract].decimals],
          });
    case 'native':
      return '0x';
    case 'mint-token':
      return encodeFunctionData({ abi: ownerAbi, functionName: 'mint', args: [ACCOUNT_ADDRESSES[action.to], action.amount] });
    case 'token-transfer':
    case 'failed-token-transfer':
      return encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [ACCOUNT_ADDRESSES[action.to], action.amount] });
    case 'mint-nft':
      return encodeFunctionData({ abi: ownerAbi, functionName: 'mint', args: [ACCOUNT_ADDRESSES[action.to]] });
    case 'nft-transfer':
      return encodeFunctionData({
        abi: erc721Abi,
        functionName: 'safeTransferFrom',
        args: [ACCOUNT_ADDRESSES[action.from], ACCOUNT_ADDRESSES[action.to], action.tokenId],
      });
  }
}

const describe = (tx: ScenarioTransaction): string => `block ${tx.blockNumber} tx ${tx.transactionIndex} (${tx.action.type})`;

/**
 * Plays a chain's scripted activity on a fresh anvil node started without automatic mining: places Multicall3,
 * sends each block's transactions (signed here, legacy, fixed gas price), mines the block at its set timestamp and
 * checks every receipt against the plan. Automatic mining is switched on at the end and, unless `keepScenarioTime`,
 * the clock moves to the present so later transactions (test payments) carry today's time.
 */
export async function runScenario(rpcUrl: string, plan: DevnetChainPlan, options: { keepScenarioTime?: boolean } = {}): Promise<void> {
  const chain = defineChain({
    id: plan.chainId,
    name: `Devnet ${plan.network}`,
    nativeCurrency: { name: plan.nativeSymbol, symbol: plan.nativeSymbol, decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  const client: PublicClient = createPublicClient({ chain, transport: http(rpcUrl, { retryCount: 0 }) });
  const rpc = (method: string, params: unknown[]) => client.request({ method, params } as never);

  const tip = await client.getBlockNumber();
  if (tip !== 0n) throw new Error(`The chain at ${rpcUrl} already has ${tip} blocks; the scenario needs a fresh node.`);

  const accounts = deriveAccounts();
  const nonces = new Map<ScenarioAccount, number>();
  await rpc('anvil_setCode', [MULTICALL3_ADDRESS, MULTICALL3_RUNTIME]);

  const transactions = scenarioTransactions(plan.key);
  const problems: string[] = [];
  for (const block of plan.blocks) {
    const inBlock = transactions.filter((tx) => tx.blockNumber === block.number);
    const hashes: Hex[] = [];
    for (const tx of inBlock) {
      const name = SCENARIO_ACCOUNTS.find((n) => ACCOUNT_ADDRESSES[n] === tx.from) ?? 'deployer';
      const nonce = nonces.get(name) ?? (await client.getTransactionCount({ address: tx.from, blockTag: 'pending' }));
      nonces.set(name, nonce + 1);
      const signed = await accounts[name].signTransaction({
        type: 'legacy',
        chainId: plan.chainId,
        nonce,
        to: tx.to ?? undefined,
        value: tx.value,
        data: callData(tx.action),
        gas: tx.gasLimit,
        gasPrice: tx.gasPrice,
      });
      hashes.push(await client.sendRawTransaction({ serializedTransaction: signed }));
    }
    await rpc('evm_setNextBlockTimestamp', [block.timestamp]);
    await rpc('evm_mine', []);

    const mined = await client.getBlock({ blockTag: 'latest' });
    if (mined.number !== block.number || mined.timestamp !== BigInt(block.timestamp)) {
      throw new Error(`Mined block ${mined.number} at ${mined.timestamp}; the plan expects block ${block.number} at ${block.timestamp}.`);
    }
    for (const [i, hash] of hashes.entries()) {
      const tx = inBlock[i] as ScenarioTransaction;
      const receipt = await client.getTransactionReceipt({ hash });
      if (receipt.blockNumber !== tx.blockNumber || receipt.transactionIndex !== tx.transactionIndex) {
        problems.push(`${describe(tx)}: mined as block ${receipt.blockNumber} tx ${receipt.transactionIndex}`);
      }
      if ((receipt.status === 'reverted') !== tx.isError) {
        problems.push(`${describe(tx)}: status ${receipt.status}, expected ${tx.isError ? 'reverted' : 'success'}`);
      }
      if (receipt.gasUsed !== tx.gasUsed) problems.push(`${describe(tx)}: gasUsed ${receipt.gasUsed}, plan says ${tx.gasUsed}`);
      if (tx.contractAddress && receipt.contractAddress?.toLowerCase() !== tx.contractAddress.toLowerCase()) {
        problems.push(`${describe(tx)}: deployed at ${receipt.contractAddress}, expected ${tx.contractAddress}`);
      }
    }
  }
  if (problems.length > 0) {
    throw new Error(`The ${plan.network} devnet differs from its scenario:\n  ${problems.join('\n  ')}`);
  }
  if (!options.keepScenarioTime) await rpc('anvil_setTime', [Math.floor(Date.now() / 1000)]);
  await rpc('evm_setAutomine', [true]);
}

/** Contract addresses of the local chains (the same on both). */
export interface DevnetContracts {
  multicall3: Address;
  usdc: Address;
  usdt: Address;
  nft: Address;
}

export const DEVNET_CONTRACT_ADDRESSES: DevnetContracts = {
  multicall3: MULTICALL3_ADDRESS,
  usdc: CONTRACT_ADDRESSES.USDC,
  usdt: CONTRACT_ADDRESSES.USDT,
  nft: CONTRACT_ADDRESSES.NFT,
};
