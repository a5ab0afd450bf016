/**
 * Server entry point (`npx tsx src/server/main.ts`, used by `npm start`): configuration, database with
 * migrations and seed data, then the API and the built PWA on one port.
 */
import { resolve } from 'node:path';
import { createMailTransport } from './mail/mail-transport';
import { createApp } from './app';
import { ConfigError, loadConfig, type Config } from './config/env';
import { openDatabase } from './db/client';
import { prepareDatabase } from './prepare-database';
import { startHttpServer } from './http/http-server';
import { createJobDispatch } from './jobs/job-dispatch';
import { createLogger } from './logging/logger';
import { removeExpiredRows } from './maintenance/housekeeping';
import { startBackgroundWork } from './background-work';

const HOUSEKEEPING_INTERVAL_MS = 3600_000;
const SHUTDOWN_GRACE_MS = 10_000;
/** An API request that waits this long for a database connection is answered 503 (overload). */
const DATABASE_WAIT_MS = 3_000;

function readConfig(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const logger = createLogger(config.logLevel);
  const database = await openDatabase(config, { connectionTimeoutMs: DATABASE_WAIT_MS });
  await prepareDatabase(database);
  const jobs = createJobDispatch();
  const app = createApp({ db: database.db, config, logger, jobs });
  const background = await startBackgroundWork({ database, config, logger, role: 'server', jobs });

  const cleanUp = (): void => {
    removeExpiredRows(database.db, config, new Date()).catch((error: unknown) => {
      logger.warn('Housekeeping failed', { error });
    });
  };
  cleanUp();
  const housekeeping = setInterval(cleanUp, HOUSEKEEPING_INTERVAL_MS);
  housekeeping.unref();

  const { server } = startHttpServer({
    fetch: app.fetch,
    port: config.port,
    hostname: config.host,
    logger,
    onListening: (info) => {
      const store = database.kind === 'pglite' ? `PGlite in ${config.dataDir}/pglite` : 'PostgreSQL';
      logger.info(`Ledgerloop listening on ${config.publicUrl} (bound to ${info.address}:${String(info.port)}, ${store})`);
      logger.info(
        config.mail.smtpUrl === undefined
          ? `E-mail: no SMTP_URL set; messages are written as .eml files to ${resolve(config.mail.outboxDir)}`
          : `E-mail: sent through ${createMailTransport(config.mail).description}`,
      );
    },
  });
  server.on('error', (error) => {
    logger.error('HTTP server failed', { error });
    process.exit(1);
  });

  let stopping = false;
  const shutdown = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal} received, shutting down`);
    clearInterval(housekeeping);
    setTimeout(() => {
      logger.warn('Shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    server.close(() => {
      background
        .stop()
        .then(() => database.close())
        .then(() => process.exit(0))
        .catch((error: unknown) => {
          logger.error('Closing the database failed', { error });
          process.exit(1);
        });
    });
    // Idle keep-alive connections would hold close() open.
    server.closeIdleConnections();
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  process.stderr.write(`Ledgerloop failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
