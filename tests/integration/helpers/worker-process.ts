/** `npm run worker` as a child process (tsx's loader, as the worker script runs it) for process-level tests. */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

export interface WorkerProcess {
  pid: number;
  /** Everything written to stdout and stderr so far. */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  alive(): boolean;
  kill(signal: NodeJS.Signals): void;
}

/** Starts the worker with only PATH, HOME and `env`; `preload` modules are imported before it. */
export function startWorker(env: Record<string, string>, preload: readonly string[] = []): WorkerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', ...preload.flatMap((file) => ['--import', file]), 'src/server/worker.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  if (child.pid === undefined) throw new Error('The worker process did not start.');
  return {
    pid: child.pid,
    output: () => output,
    exited,
    alive: () => child.exitCode === null && child.signalCode === null,
    kill: (signal) => void child.kill(signal),
  };
}
