/**
 * A worker-only process (`npm run worker`): works the sync jobs of a PostgreSQL database beside the API
 * processes. Any number may run; pg-boss shares the jobs and each account is synced by one at a time.
 * A worker that dies mid-sync (killed, out of memory) leaves its accounts leased for SYNC_LEASE_SECONDS; the
 * next process to start resumes them from their cursors once the lease has lapsed (see background-work.ts).
 */
import { ConfigError, loadConfig } from './config/env';
import { openDatabase } from './db/client';
import { prepareDatabase } from './prepare-database';
import { createJobDispatch } from './jobs/job-dispatch';
import { createLogger } from './logging/logger';
import { startBackgroundWork } from './background-work';

const SHUTDOWN_GRACE_MS = 30_000;

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  if (config.databaseUrl === undefined) {
    process.stderr.write('npm run worker needs DATABASE_URL (PostgreSQL). With the embedded PGlite database the server works its jobs itself.\n');
    process.exit(1);
  }
  const database = await openDatabase(config, { poolSize: Math.max(4, config.chain.workerConcurrency * 2) });
  await prepareDatabase(database);
  const work = await startBackgroundWork({ database, config, logger, role: 'worker', jobs: createJobDispatch() });
  logger.info(`Ledgerloop worker running ${String(work.concurrency)} sync job(s) at once`);

  let stopping = false;
  const shutdown = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal} received, finishing running jobs`);
    setTimeout(() => {
      logger.warn('Shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    work
      .stop()
      .then(() => database.close())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        logger.error('Shutdown failed', { error });
        process.exit(1);
      });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  process.stderr.write(`Ledgerloop worker failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
