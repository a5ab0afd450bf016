/**
 * Starts the background work of a process: the job queue (attached to the process's job dispatch so the API can
 * queue syncs) and, when this process works jobs, the sync workers and cadences. The server process works jobs unless
 * WORKER_CONCURRENCY=0 (with PGlite nothing else can, so 0 there means no background sync at all); `npm run
 * worker` processes (PostgreSQL) only work jobs.
 *
 * A process that works jobs scans for due work when it starts and once more when a sync lease has lapsed since:
 * an account a process was syncing when it died (killed, out of memory) stays leased for SYNC_LEASE_SECONDS and
 * is then resumed from its cursors rather than at the next cadence.
 */
import { randomUUID } from 'node:crypto';
import type { Config } from './config/env';
import type { OpenDatabase } from './db/client';
import { registerFtcJobs } from './ftc/ftc-transfer-poll';
import { createJobQueue } from './jobs/create-job-queue';
import type { JobQueue } from './jobs/job-queue';
import type { JobDispatch } from './jobs/job-dispatch';
import type { Logger } from './logging/logger';
import { createMailTransport } from './mail/mail-transport';
import { createPaymentDeps } from './payments/payment-deps';
import { registerPaymentJobs } from './payments/payment-jobs';
import { INVOICE_EXPIRY_JOB, SYNC_DUE_JOB } from './sync/job-names';
import { createSyncDeps, type SyncDeps } from './sync/sync-deps';
import { registerSyncJobs } from './background-jobs';

export interface BackgroundWork {
  queue: JobQueue;
  /** Account syncs this process runs at once (0: it only queues). */
  concurrency: number;
  stop(): Promise<void>;
}

export interface StartBackgroundWorkOptions {
  database: OpenDatabase;
  config: Config;
  logger: Logger;
  role: 'server' | 'worker';
  /** Where the queue is attached, so the API and the jobs of this process queue work through it. */
  jobs: JobDispatch;
  /** Defaults to createSyncDeps over the configuration. */
  deps?: SyncDeps;
  queue?: JobQueue;
}

export async function startBackgroundWork(options: StartBackgroundWorkOptions): Promise<BackgroundWork> {
  const { database, config, logger } = options;
  const queue = options.queue ?? (await createJobQueue(database.kind, config, logger));
  const detach = options.jobs.attach(queue);
  const configured = config.chain.workerConcurrency;
  const concurrency = options.role === 'worker' ? Math.max(1, configured) : configured;
  let stopPayments = (): void => undefined;
  if (concurrency > 0) {
    const deps = options.deps ?? createSyncDeps({ db: database.db, config, logger });
    await registerSyncJobs(queue, deps, { concurrency });
    stopPayments = await registerPaymentJobs(
      queue,
      createPaymentDeps({ db: database.db, logger, now: deps.now, config, jobs: options.jobs, prices: deps.prices }),
      { db: database.db, logger, now: deps.now, transport: createMailTransport(config.mail) },
      logger,
    );
    await registerFtcJobs(queue, { db: database.db, config, logger, now: deps.now });
    // Work that fell due while no process was running starts now rather than at the next cadence.
    await queue.send(SYNC_DUE_JOB, {}, { singletonKey: SYNC_DUE_JOB });
    await queue.send(INVOICE_EXPIRY_JOB, {}, { singletonKey: INVOICE_EXPIRY_JOB });
    // Keyed per start: a scan still waiting from a process that died before its own ran does not replace it.
    const leaseLapsed = new Date(Date.now() + (config.chain.syncLeaseSeconds + 1) * 1000);
    await queue.send(SYNC_DUE_JOB, {}, { singletonKey: `${SYNC_DUE_JOB}:after-lease:${randomUUID()}`, startAfter: leaseLapsed });
  }
  return {
    queue,
    concurrency,
    async stop() {
      stopPayments();
      detach();
      await queue.stop();
    },
  };
}
