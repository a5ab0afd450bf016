import { ACCOUNT_ADDRESSES, DEVNET_MNEMONIC, PREFUNDED_BALANCE_ETHER, type ScenarioAccount } from './accounts';
import { startAnvil, type AnvilNode } from './anvil-process';
import { DEVNET_CONTRACT_ADDRESSES, runScenario, type DevnetContracts } from './run-scenario';
import { DEVNET_PLANS } from './scenario-plan';

export interface StartDevnetOptions {
  /** Interface the nodes listen on (default 127.0.0.1). */
  host?: string;
  /** Port of the Ethereum node (chain id 1); 0 picks a free port. Default 8545. */
  ethereumPort?: number;
  /** Port of the Polygon node (chain id 137); 0 picks a free port. Default 8546. */
  polygonPort?: number;
  /** Play the scripted activity (default true); false leaves two empty chains with automatic mining. */
  scenario?: boolean;
  /**
   * After the scripted activity, keep the chain's clock at the scenario's last block instead of moving it to the
   * present (default false: blocks mined later carry the current time).
   */
  keepScenarioTime?: boolean;
  /** Pass anvil's own output through. */
  verbose?: boolean;
}

export interface Devnet {
  ethereumRpcUrl: string;
  polygonRpcUrl: string;
  contracts: DevnetContracts;
  accounts: Record<ScenarioAccount, `0x${string}`>;
  /** Stops both nodes. */
  stop(): Promise<void>;
}

/**
 * Starts the two local chains (Ethereum, chain id 1, and Polygon, chain id 137) on anvil, deterministic from a
 * fixed mnemonic and fixed timestamps, with Multicall3, mock USDC/USDT (6 decimals), the mock NFT and the scripted
 * activity of scenario.ts.
 */
export async function startDevnet(options: StartDevnetOptions = {}): Promise<Devnet> {
  const host = options.host ?? '127.0.0.1';
  const playScenario = options.scenario ?? true;
  const start = (plan: (typeof DEVNET_PLANS)['ethereum'], port: number) =>
    startAnvil({
      host,
      port,
      chainId: plan.chainId,
      genesisTimestamp: plan.genesisTimestamp,
      mnemonic: DEVNET_MNEMONIC,
      balanceEther: PREFUNDED_BALANCE_ETHER,
      noMining: playScenario,
      verbose: options.verbose,
    });

  const started = await Promise.allSettled([
    start(DEVNET_PLANS.ethereum, options.ethereumPort ?? 8545),
    start(DEVNET_PLANS.polygon, options.polygonPort ?? 8546),
  ]);
  const nodes = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const stop = async () => {
    await Promise.all(nodes.map((node) => node.stop()));
  };
  const failure = started.find((result) => result.status === 'rejected');
  if (failure) {
    await stop();
    throw failure.reason;
  }
  const [ethereum, polygon] = nodes as [AnvilNode, AnvilNode];

  if (playScenario) {
    try {
      const timing = { keepScenarioTime: options.keepScenarioTime };
      await Promise.all([runScenario(ethereum.url, DEVNET_PLANS.ethereum, timing), runScenario(polygon.url, DEVNET_PLANS.polygon, timing)]);
    } catch (error) {
      await stop();
      throw error;
    }
  }

  return {
    ethereumRpcUrl: ethereum.url,
    polygonRpcUrl: polygon.url,
    contracts: DEVNET_CONTRACT_ADDRESSES,
    accounts: { ...ACCOUNT_ADDRESSES },
    stop,
  };
}
