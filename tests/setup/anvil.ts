/**
 * A throw-away local EVM chain for tests: anvil from the npm package `@foundry-rs/anvil`, on a free loopback port.
 * The platform's binary is run directly (not through the package's Node launcher) so that stopping it waits for
 * the node itself to exit.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';

export interface Anvil {
  url: string;
  stop(): Promise<void>;
}

const START_TIMEOUT_MS = 15_000;

/** The anvil binary `@foundry-rs/anvil` installs for this platform. */
function anvilExecutable(): string {
  const arch = process.arch === 'x64' ? 'amd64' : process.arch;
  return createRequire(import.meta.url).resolve(`@foundry-rs/anvil-${process.platform}-${arch}/bin/anvil`);
}

/** Starts anvil with `chainId` and resolves once it listens. */
export async function startAnvil(chainId: number): Promise<Anvil> {
  const child: ChildProcess = spawn(
    anvilExecutable(),
    ['--host', '127.0.0.1', '--port', '0', '--chain-id', String(chainId)],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', () => resolve());
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let output = '';
      const timer = setTimeout(() => reject(new Error(`anvil did not start:\n${output}`)), START_TIMEOUT_MS);
      const onData = (chunk: Buffer) => {
        output += chunk.toString('utf8');
        const match = /Listening on 127\.0\.0\.1:(\d+)/.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(Number(match[1]));
        }
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`anvil exited (${String(code)}):\n${output}`));
      });
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
    child.stdout?.resume();
    child.stderr?.resume();
    return { url: `http://127.0.0.1:${String(port)}`, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
