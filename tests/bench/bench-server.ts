import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { authEndpoints } from '../../src/shared/contract/auth';

export interface BenchServer {
  origin: string;
  /** Milliseconds from spawning the process to its first answer. */
  startMs: number;
  /** Resident set size of the server process now, in kB (worker threads included). */
  rssKb(): number;
  stop(): Promise<void>;
}

const ROOT = join(import.meta.dirname, '../..');

/**
 * Starts the real server (`src/server/main.ts`, as `npm start` does) on loopback with the built PWA, on a fresh
 * data folder (PGlite) or on `databaseUrl`, background sync off and sign-in limits lifted for the load clients.
 * `nodeOptions` go to the server's node (e.g. `--cpu-prof` to see where its time goes).
 */
export async function startBenchServer(port: number, databaseUrl?: string, nodeOptions: readonly string[] = []): Promise<BenchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ledgerloop-bench-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    STATIC_DIR: join(ROOT, 'dist'),
    WORKER_CONCURRENCY: '0',
    LOG_LEVEL: 'error',
    LOGIN_RATE_LIMIT_PER_IP: '1000000',
    LOGIN_RATE_LIMIT_PER_ADDRESS: '1000000',
  };
  delete env.DATABASE_URL;
  if (databaseUrl !== undefined) env.DATABASE_URL = databaseUrl;
  const started = performance.now();
  const child = spawn(process.execPath, [...nodeOptions, '--import', 'tsx', join(ROOT, 'src/server/main.ts')], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const origin = `http://127.0.0.1:${String(port)}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The bench server exited (${String(child.exitCode)}).`);
    try {
      if ((await fetch(`${origin}${authEndpoints.publicConfig.path}`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('The bench server did not start within 180 s.');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const startMs = performance.now() - started;
  return {
    origin,
    startMs,
    rssKb: () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${String(child.pid)}/status`, 'utf8'))?.[1] ?? NaN),
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
