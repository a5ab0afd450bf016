import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';

export interface AnvilOptions {
  host: string;
  /** 0 picks a free port. */
  port: number;
  chainId: number;
  /** Unix seconds of the genesis block. */
  genesisTimestamp: number;
  mnemonic: string;
  /** Balance of each of anvil's pre-funded accounts, in ether. */
  balanceEther: bigint;
  /** Start without automatic mining: blocks are mined on request (evm_mine) until evm_setAutomine(true). */
  noMining: boolean;
  /** Pass anvil's own output through (it is silenced otherwise). */
  verbose?: boolean;
  /** Milliseconds to wait for the node to answer. */
  startTimeoutMs?: number;
}

export interface AnvilNode {
  url: string;
  port: number;
  /** Stops the node and waits for it to exit. */
  stop(): Promise<void>;
}

const require = createRequire(import.meta.url);

/** The launcher of the npm package @foundry-rs/anvil (it runs the platform's anvil binary). */
export function anvilLauncherPath(): string {
  return require.resolve('@foundry-rs/anvil/bin.mjs');
}

/** A port that was free a moment ago on `host` (the OS picks it). */
export function findFreePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port > 0 ? resolve(port) : reject(new Error('No free port found.'))));
    });
  });
}

async function answersRpc(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(1000),
    });
    return response.ok;
  } catch {
    return false;
  }
}

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** Starts one anvil node and resolves once it answers JSON-RPC. */
export async function startAnvil(options: AnvilOptions): Promise<AnvilNode> {
  const port = options.port === 0 ? await findFreePort(options.host) : options.port;
  const args = [
    anvilLauncherPath(),
    '--host', options.host,
    '--port', String(port),
    '--chain-id', String(options.chainId),
    '--timestamp', String(options.genesisTimestamp),
    '--mnemonic', options.mnemonic,
    '--accounts', '10',
    '--balance', options.balanceEther.toString(),
    // Pinned so that gas figures and fees stay the same whatever anvil's default becomes.
    '--hardfork', 'prague',
    // Transactions enter blocks in the order they were sent.
    '--order', 'fifo',
  ];
  if (options.noMining) args.push('--no-mining');
  if (!options.verbose) args.push('--silent');

  const child = spawn(process.execPath, args, { stdio: ['ignore', options.verbose ? 'inherit' : 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    if (options.verbose) process.stderr.write(chunk);
  });
  // Never leave a node behind when this process ends.
  const killOnExit = () => child.kill('SIGTERM');
  process.once('exit', killOnExit);

  const url = `http://${options.host}:${port}`;
  const stop = async () => {
    process.off('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      if (!(await waitForExit(child, 3000))) {
        child.kill('SIGKILL');
        await waitForExit(child, 3000);
      }
    }
    // The launcher exits as soon as it has passed the signal on; the node itself may take a moment longer.
    for (const deadline = Date.now() + 5000; Date.now() < deadline && (await answersRpc(url)); ) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  const deadline = Date.now() + (options.startTimeoutMs ?? 20_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`anvil (chain id ${options.chainId}) exited before answering on ${url}: ${stderr.trim() || 'no output'}`);
    }
    if (await answersRpc(url)) return { url, port, stop };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`anvil (chain id ${options.chainId}) did not answer on ${url} in time: ${stderr.trim() || 'no output'}`);
}
