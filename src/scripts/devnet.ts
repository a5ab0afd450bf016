/**
 * Starts the local chains for development and end-to-end tests: anvil as Ethereum (chain id 1) and Polygon
 * (chain id 137) with Multicall3, mock USDC/USDT, the mock NFT and the scripted activity of
 * src/server/devnet/scenario.ts. Ctrl-C stops both nodes.
 *
 *   npm run devnet            (DEVNET_ETHEREUM_PORT, default 8545; DEVNET_POLYGON_PORT, default 8546)
 */
import { startDevnet } from '../server/devnet/start-devnet';

function port(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65535) {
    throw new Error(`${name} must be a port number (0-65535), not "${raw}".`);
  }
  return value;
}

const devnet = await startDevnet({
  host: process.env.DEVNET_HOST ?? '127.0.0.1',
  ethereumPort: port('DEVNET_ETHEREUM_PORT', 8545),
  polygonPort: port('DEVNET_POLYGON_PORT', 8546),
  verbose: process.env.DEVNET_VERBOSE === '1',
});

const rows: [string, string][] = [
  ['Ethereum RPC (chain id 1)', devnet.ethereumRpcUrl],
  ['Polygon RPC (chain id 137)', devnet.polygonRpcUrl],
  ['Multicall3', devnet.contracts.multicall3],
  ['USDC (6 decimals)', devnet.contracts.usdc],
  ['USDT (6 decimals)', devnet.contracts.usdt],
  ['NFT collection', devnet.contracts.nft],
  ...Object.entries(devnet.accounts).map(([name, address]): [string, string] => [`Account ${name}`, address]),
];
const width = Math.max(...rows.map(([label]) => label.length));
console.log('Devnet ready: scripted activity mined, automatic mining on.');
for (const [label, value] of rows) console.log(`  ${label.padEnd(width)}  ${value}`);
console.log('Press Ctrl-C to stop.');

let stopping = false;
const shutdown = () => {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping the devnet...');
  void devnet.stop().then(() => process.exit(0));
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
